import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { facesOf } from '../../mechanics/die-steps.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';
import { CasualtyKind } from './mechanics-schema.js';
import type { WoundResult } from './wound.js';

/** The armour of each kind of casualty when the input names none (keys of `wound.armour_dice`). */
const ARMOUR_OF_KIND: Record<CasualtyKind, string> = {
  infantry: 'ordinary-infantry',
  cavalry: 'ordinary-infantry',
  robot: 'robot',
  'armoured-suit': 'armoured-suit',
  'man-sized-weapon': 'man-sized-weapon',
};

export const CasualtyTarget = z
  .object({
    kind: CasualtyKind.default('infantry'),
    /** The armour die, or `armour_kind` (a key of the ruleset's armour table), or the kind's own. */
    armour: SvDie.optional(),
    armour_kind: z.string().min(1).max(64).optional(),
    /** A robot already «ранен» (immobile): the next wound or kill destroys it. */
    robot_wounded: z.boolean().default(false),
  })
  .strict()
  .refine((t) => t.armour === undefined || t.armour_kind === undefined, { message: 'give armour or armour_kind, not both', path: ['armour_kind'] });
export type CasualtyTarget = z.infer<typeof CasualtyTarget>;

export type CasualtyOutcome = 'unharmed' | 'wounded' | 'killed' | 'immobilised' | 'destroyed' | 'suit-lost' | 'horse-lost';

/** What later events must know about the figure (its kind and armour may have changed). */
export interface CasualtyAfter {
  kind: CasualtyKind;
  armour_die: string;
  can_move: boolean;
  can_shoot: boolean;
  robot_wounded: boolean;
}

export interface CasualtyOutput {
  armour_die: string;
  /** The dice: power > armour wounds, power ≥ 3 × armour kills (a flamethrower wounds at least). */
  result: WoundResult;
  outcome: CasualtyOutcome;
  /** The figure no longer fights (killed, wounded, destroyed). */
  out_of_action: boolean;
  /** A destroyed man-sized weapon is not a loss for morale tests. */
  counts_as_loss: boolean;
  later: CasualtyAfter;
}

/** The armour die of a target against this kind of hit (a flak vest is d6 against fragments only). */
export function armourDie(target: CasualtyTarget, fragments: boolean, data: StalnayaVoynaData, field: string): string {
  if (target.armour !== undefined) return target.armour;
  const key = target.armour_kind ?? ARMOUR_OF_KIND[target.kind];
  const entry = Object.hasOwn(data.wound.armour_dice, key) ? data.wound.armour_dice[key] : undefined;
  if (!entry) throw new FieldError(`${field}.armour_kind`, `unknown armour "${key}" (known: ${Object.keys(data.wound.armour_dice).join(', ')})`);
  const a = entry.value;
  if (a.only_against === 'fragments' && !fragments) return a.otherwise ?? 'd4';
  return a.die;
}

const ARMOUR_AFTER_LOSING_SUIT = 'ordinary-infantry';

/** The wound dice: power > armour wounds, power ≥ 3 × armour kills; a flamethrower wounds at least. */
export function woundDice(dice: Dice, power: string, armour: string, flamethrower: boolean, data: StalnayaVoynaData): WoundResult {
  const p = dice.roll(facesOf(power));
  const a = dice.roll(facesOf(armour));
  const result: WoundResult = p >= data.wound.kill_multiple.value * a ? 'killed' : p > a ? 'wounded' : 'unharmed';
  return result === 'unharmed' && flamethrower && data.flamethrower.automatic_wound.value ? 'wounded' : result;
}

/** What a wound result means for a figure of its kind, and what later events must know. */
export function casualtyOutcome(result: WoundResult, target: CasualtyTarget, armour: string, data: StalnayaVoynaData): CasualtyOutput {
  const standing: CasualtyAfter = { kind: target.kind, armour_die: armour, can_move: true, can_shoot: true, robot_wounded: target.robot_wounded };
  const gone: CasualtyAfter = { ...standing, can_move: false, can_shoot: false };
  const out = (outcome: CasualtyOutcome, later: CasualtyAfter, outOfAction: boolean, countsAsLoss = outOfAction): CasualtyOutput => ({
    armour_die: armour,
    result,
    outcome,
    out_of_action: outOfAction,
    counts_as_loss: countsAsLoss,
    later,
  });
  switch (target.kind) {
    case 'robot':
      // «Раненый» робот теряет возможность двигаться, но сохраняет возможность стрелять; the next wound or kill destroys it.
      if (target.robot_wounded) {
        return result === 'unharmed' ? out('unharmed', { ...standing, can_move: false }, false) : out('destroyed', gone, true);
      }
      if (result === 'wounded') return out('immobilised', { ...standing, can_move: false, robot_wounded: true }, false, false);
      return result === 'killed' ? out('destroyed', gone, true) : out('unharmed', standing, false);
    case 'armoured-suit':
    case 'cavalry': {
      if (result !== 'wounded') return result === 'killed' ? out('killed', gone, true) : out('unharmed', standing, false);
      const plain = data.wound.armour_dice[ARMOUR_AFTER_LOSING_SUIT]?.value.die ?? 'd4';
      const later: CasualtyAfter = { ...standing, kind: 'infantry', armour_die: target.kind === 'armoured-suit' ? plain : armour };
      return out(target.kind === 'armoured-suit' ? 'suit-lost' : 'horse-lost', later, false, false);
    }
    case 'man-sized-weapon':
      // «показатель «ранен» считается как «разрушен»»; not a loss for morale.
      return result === 'unharmed' ? out('unharmed', standing, false) : out('destroyed', gone, true, false);
    case 'infantry':
      return result === 'unharmed' ? out('unharmed', standing, false) : out(result, gone, true);
  }
}

/** One casualty: the armour die for this hit, the wound dice (power first), the outcome. */
export function resolveCasualty(dice: Dice, power: string, target: CasualtyTarget, opts: { fragments: boolean; flamethrower: boolean }, data: StalnayaVoynaData, field = 'target'): CasualtyOutput {
  const armour = armourDie(target, opts.fragments, data, field);
  return casualtyOutcome(woundDice(dice, power, armour, opts.flamethrower, data), target, armour, data);
}

/**
 * One casualty of a fire with everything its kind changes: a robot «ранен» stops moving but
 * shoots, and the next wound destroys it; a suit wearer «ранен» loses the suit and fights on as
 * plain infantry (d4); a rider loses his horse; a man-sized weapon «ранен» is destroyed. `later`
 * is what the next events on this figure must be given.
 */
export const casualtyAction = defineAction({
  input: z
    .object({
      power: SvDie,
      target: CasualtyTarget.default({ kind: 'infantry', robot_wounded: false }),
      /** The hit is by fragments (artillery, grenades): flak vests count. */
      fragments: z.boolean().default(false),
      /** A flamethrower firing on its own (not as support): the victim is wounded at least. */
      flamethrower: z.boolean().default(false),
    })
    .strict(),
  resolve: (input, dice, data: StalnayaVoynaData): CasualtyOutput => resolveCasualty(dice, input.power, input.target, input, data),
});
