import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { opposedUntilDecided, type OpposedSide } from '../../mechanics/opposed-roll.js';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData } from './data-schema.js';

const diceCount = z.int().min(1).max(2);

/**
 * What makes a fighter scoreable: an id for the output, its stamina (or its kind, whose
 * stamina the ruleset gives) and the damage it already has. A gun is never attacked.
 */
const Scoring = {
  id: z.string().min(1).max(64).optional(),
  kind: z.enum(['infantry', 'cyborg', 'creature']).optional(),
  stamina: z.int().positive().optional(),
  damage: z.int().nonnegative().optional(),
  gun: z.boolean().optional(),
};

const MAX_FIGHTERS = 20;

export const CloseCombatInput = z
  .object({
    attackers: z.array(z.object({ cc: z.int(), armour: z.int().nonnegative(), attack_dice: diceCount.default(1), ...Scoring }).strict()).min(1).max(MAX_FIGHTERS),
    defenders: z.array(z.object({ cc: z.int(), armour: z.int().nonnegative(), defence_dice: diceCount.default(1), ...Scoring }).strict()).min(1).max(MAX_FIGHTERS),
  })
  .strict()
  .superRefine((input, ctx) => {
    const ids = new Set<string>();
    for (const side of ['attackers', 'defenders'] as const) {
      input[side].forEach((m, i) => {
        if (m.gun === true) ctx.addIssue({ code: 'custom', path: [side, i, 'gun'], message: 'guns cannot be attacked in close combat, only the models serving them' });
        if (m.id !== undefined) {
          if (ids.has(m.id)) ctx.addIssue({ code: 'custom', path: [side, i, 'id'], message: `"${m.id}" is used twice` });
          ids.add(m.id);
        }
        const stamina = m.stamina;
        if (stamina !== undefined && m.damage !== undefined && m.damage >= stamina) {
          ctx.addIssue({ code: 'custom', path: [side, i, 'damage'], message: 'must be less than stamina: the model is already destroyed' });
        }
      });
    }
  });

export type CloseCombatInput = z.infer<typeof CloseCombatInput>;

export interface FighterResult {
  /** On the losing side: hit. */
  hit: boolean;
  damage: number;
  destroyed: boolean;
}

export interface CloseCombatResult {
  attacker_total: number;
  defender_total: number;
  /** The loser is hit. */
  winner: 'attacker' | 'defender';
  /** Rolls it took (ties roll again); 1 under exact odds. */
  rounds: number;
  /**
   * Only when some fighter is scoreable (has an id, kind, stamina or damage): every fighter by id
   * (default ids a1, a2… and d1, d2…), each model of the losing side hit for the loser's damage.
   */
  fighters?: Record<string, FighterResult>;
}

/**
 * Several models fight as one side: their CC and armour add up and the side rolls one D6
 * (two keep the higher if any model has a sword, or a shield when defending).
 */
export function sideOf(models: readonly { cc: number; armour: number }[], diceCounts: readonly number[]): OpposedSide {
  return {
    bonus: models.reduce((s, m) => s + m.cc + m.armour, 0),
    dice: Math.max(1, ...diceCounts),
  };
}

type ScoringFields = { id?: string | undefined; kind?: 'infantry' | 'cyborg' | 'creature' | undefined; stamina?: number | undefined; damage?: number | undefined };

const scoreable = (m: ScoringFields) => m.id !== undefined || m.kind !== undefined || m.stamina !== undefined || m.damage !== undefined;

/** Stamina given, else by kind from the ruleset (infantry 1, necrocyborg 2), else infantry's. */
function staminaOf(m: ScoringFields, data: VtorzhenieData): number {
  if (m.stamina !== undefined) return m.stamina;
  return data.stamina[m.kind ?? 'infantry'].value;
}

/** `data` is needed only to score fighters (stamina by kind, the loser's damage). */
export function resolveCloseCombat(input: CloseCombatInput, dice: Dice, data?: VtorzhenieData): CloseCombatResult {
  const attacker = sideOf(input.attackers, input.attackers.map((m) => m.attack_dice));
  const defender = sideOf(input.defenders, input.defenders.map((m) => m.defence_dice));
  const r = opposedUntilDecided(dice, attacker, defender);
  const winner = r.attacker > r.defender ? 'attacker' : 'defender';
  const out: CloseCombatResult = { attacker_total: r.attacker, defender_total: r.defender, winner, rounds: r.rounds };
  if (!data || (!input.attackers.some(scoreable) && !input.defenders.some(scoreable))) return out;
  const loserDamage = data.close_combat.loser_damage.value;
  const score = (m: ScoringFields, id: string, lost: boolean): [string, FighterResult] => {
    const damage = (m.damage ?? 0) + (lost ? loserDamage : 0);
    return [m.id ?? id, { hit: lost, damage, destroyed: damage >= staminaOf(m, data) }];
  };
  out.fighters = Object.fromEntries([
    ...input.attackers.map((m, i) => score(m, `a${i + 1}`, winner === 'defender')),
    ...input.defenders.map((m, i) => score(m, `d${i + 1}`, winner === 'attacker')),
  ]);
  return out;
}

export const closeCombatAction = defineAction({ input: CloseCombatInput, resolve: (input, dice, data: VtorzhenieData) => resolveCloseCombat(input, dice, data) });

export interface Fighter {
  cc: number;
  armour: number;
  attack_dice: number;
  defence_dice: number;
}

/**
 * A model's close-combat line from the weapons it carries: CC values add up («их Сила
 * складывается»), a sword gives 2 attack dice, a shield 2 defence dice; no CC weapon is CC 0.
 * Unknown weapon ids are returned for the caller to report.
 */
export function fighterFrom(weaponIds: readonly string[], armour: number, data: VtorzhenieData): { fighter: Fighter; unknown: string[] } {
  const unknown: string[] = [];
  const fighter: Fighter = { cc: 0, armour, attack_dice: 1, defence_dice: 1 };
  for (const id of weaponIds) {
    const w = Object.hasOwn(data.cc_weapons, id) ? data.cc_weapons[id] : undefined;
    if (!w) {
      unknown.push(id);
      continue;
    }
    fighter.cc += w.cc.value;
    fighter.attack_dice = Math.max(fighter.attack_dice, w.attack_dice.value);
    fighter.defence_dice = Math.max(fighter.defence_dice, w.defence_dice.value);
  }
  return { fighter, unknown };
}
