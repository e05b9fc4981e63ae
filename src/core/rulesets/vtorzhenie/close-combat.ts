import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { opposedUntilDecided, type OpposedSide } from '../../mechanics/opposed-roll.js';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData } from './data-schema.js';

const diceCount = z.int().min(1).max(2);

export const CloseCombatInput = z
  .object({
    attackers: z.array(z.object({ cc: z.int(), armour: z.int().nonnegative(), attack_dice: diceCount.default(1) }).strict()).min(1),
    defenders: z.array(z.object({ cc: z.int(), armour: z.int().nonnegative(), defence_dice: diceCount.default(1) }).strict()).min(1),
  })
  .strict();

export type CloseCombatInput = z.infer<typeof CloseCombatInput>;

export interface CloseCombatResult {
  attacker_total: number;
  defender_total: number;
  /** The loser is hit. */
  winner: 'attacker' | 'defender';
  /** Rolls it took (ties roll again); 1 under exact odds. */
  rounds: number;
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

export function resolveCloseCombat(input: CloseCombatInput, dice: Dice): CloseCombatResult {
  const attacker = sideOf(input.attackers, input.attackers.map((m) => m.attack_dice));
  const defender = sideOf(input.defenders, input.defenders.map((m) => m.defence_dice));
  const r = opposedUntilDecided(dice, attacker, defender);
  return {
    attacker_total: r.attacker,
    defender_total: r.defender,
    winner: r.attacker > r.defender ? 'attacker' : 'defender',
    rounds: r.rounds,
  };
}

export const closeCombatAction = defineAction({ input: CloseCombatInput, resolve: resolveCloseCombat });

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
