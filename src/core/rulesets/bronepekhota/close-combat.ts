import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { opposedRoll } from '../../mechanics/opposed-roll.js';
import { inCloseCombat } from '../../measure/measure.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { BronepekhotaData } from './data-schema.js';
import { checkDamage, strike, typeForKind, type TrackOutcome } from './damage.js';
import { effectOfHit, type VirtualEffect } from './virtual-shot.js';

/** Only infantry, cyborgs and aliens fight in close combat. */
const Fighter = z
  .object({
    cc: z.int(),
    armour: z.int().nonnegative(),
    kind: z.enum(['infantry', 'cyborg', 'alien']).default('infantry'),
    /** With a unit type or damage so far, a blow reaches the fighter's damage track. */
    unit_type: z.string().max(64).optional(),
    damage: z.int().nonnegative().optional(),
  })
  .strict();

export const CloseCombatInput = z
  .object({ distance_cm: z.number().nonnegative().optional(), attacker: Fighter, defender: Fighter })
  .strict();

export type CloseCombatInput = z.infer<typeof CloseCombatInput>;

export interface CloseCombatResult {
  allowed: boolean;
  attacker_total: number | null;
  defender_total: number | null;
  /** The defender was struck by the attacker's blow, and what it does to him. */
  defender_struck: boolean;
  defender_effect: VirtualEffect;
  attacker_struck: boolean;
  attacker_effect: VirtualEffect;
  /** Only when a fighter names its unit type or damage: both fighters' damage tracks afterwards. */
  attacker?: TrackOutcome;
  defender?: TrackOutcome;
}

type FighterInput = z.infer<typeof Fighter>;

const tracked = (f: FighterInput) => f.unit_type !== undefined || f.damage !== undefined;

function fighterType(f: FighterInput, field: string, data: BronepekhotaData) {
  const t = typeForKind(f.kind, f.unit_type, field, data);
  const kind = t.type.kind.value;
  if (kind !== 'infantry' && kind !== 'cyborg' && kind !== 'alien') throw new FieldError(`${field}.unit_type`, `a ${t.id} does not fight in close combat (only infantry, cyborgs and aliens)`);
  checkDamage(t.type, t.id, f.damage ?? 0, field);
  return t.type;
}

/**
 * One on one, both strike at once: CC + D6 > the other's armour. The blows are independent,
 * so both may fall. Attacker's die first, then the defender's.
 */
export function resolveCloseCombat(input: CloseCombatInput, dice: Dice, data: BronepekhotaData): CloseCombatResult {
  const { attacker, defender } = input;
  const scored = tracked(attacker) || tracked(defender);
  const types = scored ? { attacker: fighterType(attacker, 'attacker', data), defender: fighterType(defender, 'defender', data) } : null;
  if (input.distance_cm !== undefined && !inCloseCombat(input.distance_cm, data.distance)) {
    const refused: CloseCombatResult = { allowed: false, attacker_total: null, defender_total: null, defender_struck: false, defender_effect: 'none', attacker_struck: false, attacker_effect: 'none' };
    if (types) {
      refused.attacker = strike(types.attacker, attacker.damage ?? 0, false, 0);
      refused.defender = strike(types.defender, defender.damage ?? 0, false, 0);
    }
    return refused;
  }
  const blow = opposedRoll(dice, { bonus: attacker.cc, dice: 1 }, { bonus: defender.cc, dice: 1 });
  const defenderStruck = blow.attacker > defender.armour;
  const attackerStruck = blow.defender > attacker.armour;
  const out: CloseCombatResult = {
    allowed: true,
    attacker_total: blow.attacker,
    defender_total: blow.defender,
    defender_struck: defenderStruck,
    defender_effect: defenderStruck ? effectOfHit(defender.kind) : 'none',
    attacker_struck: attackerStruck,
    attacker_effect: attackerStruck ? effectOfHit(attacker.kind) : 'none',
  };
  if (types) {
    const perBlow = data.close_combat.struck_damage.value;
    out.attacker = strike(types.attacker, attacker.damage ?? 0, attackerStruck, perBlow);
    out.defender = strike(types.defender, defender.damage ?? 0, defenderStruck, perBlow);
  }
  return out;
}

export const closeCombatAction = defineAction({ input: CloseCombatInput, resolve: resolveCloseCombat });
