import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { opposedRoll } from '../../mechanics/opposed-roll.js';
import { inCloseCombat } from '../../measure/measure.js';
import { defineAction } from '../game-system.js';
import type { BronepekhotaData } from './data-schema.js';
import { effectOfHit, type VirtualEffect } from './virtual-shot.js';

/** Only infantry, cyborgs and aliens fight in close combat. */
const Fighter = z.object({ cc: z.int(), armour: z.int().nonnegative(), kind: z.enum(['infantry', 'cyborg', 'alien']).default('infantry') }).strict();

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
}

/**
 * One on one, both strike at once: CC + D6 > the other's armour. The blows are independent,
 * so both may fall. Attacker's die first, then the defender's.
 */
export function resolveCloseCombat(input: CloseCombatInput, dice: Dice, data: BronepekhotaData): CloseCombatResult {
  const { attacker, defender } = input;
  if (input.distance_cm !== undefined && !inCloseCombat(input.distance_cm, data.distance)) {
    return { allowed: false, attacker_total: null, defender_total: null, defender_struck: false, defender_effect: 'none', attacker_struck: false, attacker_effect: 'none' };
  }
  const blow = opposedRoll(dice, { bonus: attacker.cc, dice: 1 }, { bonus: defender.cc, dice: 1 });
  const defenderStruck = blow.attacker > defender.armour;
  const attackerStruck = blow.defender > attacker.armour;
  return {
    allowed: true,
    attacker_total: blow.attacker,
    defender_total: blow.defender,
    defender_struck: defenderStruck,
    defender_effect: defenderStruck ? effectOfHit(defender.kind) : 'none',
    attacker_struck: attackerStruck,
    attacker_effect: attackerStruck ? effectOfHit(attacker.kind) : 'none',
  };
}

export const closeCombatAction = defineAction({ input: CloseCombatInput, resolve: resolveCloseCombat });
