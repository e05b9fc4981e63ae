import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { damageStatus } from '../../mechanics/damage-track.js';
import { stepsFor } from '../../measure/measure.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData, VtorzhenieWeapon } from './data-schema.js';
import { penetrates, type PenetrationTarget } from './virtual-shot.js';

export interface TablePoint {
  xCm: number;
  yCm: number;
}

export interface BlastModel extends PenetrationTarget {
  id: string;
  at: TablePoint;
  stamina: number;
  damage: number;
  /** Guns are never shot virtually, blasts included. */
  gun?: boolean;
}

/**
 * Models caught by a blast around the target (the target itself excluded: it took the shot).
 * Distance is centre to centre in steps by the system's 1-cm rule.
 */
export function blastVictims(target: BlastModel, others: readonly BlastModel[], radiusSteps: number, data: VtorzhenieData): BlastModel[] {
  return others.filter((m) => {
    if (m.id === target.id || m.gun) return false;
    const cm = Math.hypot(m.at.xCm - target.at.xCm, m.at.yCm - target.at.yCm);
    return stepsFor(cm, data.distance) <= radiusSteps;
  });
}

export interface BlastHit {
  id: string;
  penetrated: boolean;
  damage: number;
  destroyed: boolean;
}

/**
 * Every victim gets a hit with the blast's Power: a penetration test each, in the order given
 * (attacker's die, then the victim's), 1 damage per penetration.
 */
export function resolveBlast(dice: Dice, victims: readonly BlastModel[], weapon: VtorzhenieWeapon, data: VtorzhenieData): BlastHit[] {
  const blast = weapon.blast?.value;
  if (!blast) return [];
  return victims.map((v) => {
    const through = penetrates(dice, blast.power, v);
    const s = damageStatus({ max: v.stamina, critical: null }, v.damage + (through ? data.penetration_damage.value : 0));
    return { id: v.id, penetrated: through, damage: s.damage, destroyed: s.destroyed };
  });
}

/** A blast's victims are bounded: the most a 2-step radius holds on a table, and their exact odds stay cheap. */
export const MAX_BLAST_VICTIMS = 12;

export const BlastInput = z
  .object({
    /** A blast weapon of the table (grenade launcher / ATGM, tank gun / launcher used virtually)… */
    weapon: z.string().max(64).optional(),
    /** …or the blast's numbers directly (a real launcher's shell: Power 3 within 2 steps). */
    power: z.int().optional(),
    radius_steps: z.number().nonnegative().optional(),
    victims: z
      .array(
        z
          .object({
            id: z.string().min(1).max(64),
            /** From the blast's target to this model, measured like any range. */
            distance_cm: z.number().nonnegative(),
            armour: z.int().nonnegative(),
            stamina: z.int().positive(),
            damage: z.int().nonnegative().default(0),
            vehicle: z.boolean().default(false),
            shield: z.boolean().default(false),
            gun: z.boolean().default(false),
          })
          .strict()
          .refine((v) => v.damage < v.stamina, { message: 'must be less than stamina: the model is already destroyed', path: ['damage'] }),
      )
      .min(1)
      .max(MAX_BLAST_VICTIMS)
      .refine((vs) => new Set(vs.map((v) => v.id)).size === vs.length, { message: 'two victims share one id' }),
  })
  .strict();

export type BlastInput = z.infer<typeof BlastInput>;

export interface BlastVictimResult {
  steps: number;
  /** Within the radius and not a gun (guns are never shot virtually). */
  caught: boolean;
  penetrated: boolean;
  damage: number;
  destroyed: boolean;
}

export interface BlastResult {
  power: number;
  radius_steps: number;
  /** By victim id, so each lands on its model. */
  victims: Record<string, BlastVictimResult>;
}

/**
 * «в радиусе 2 шагов от Цели все фигурки получают попадание с мощностью 3»: after a hit with a
 * blast weapon, each model within the radius (steps by the 1-cm rule) takes a penetration test
 * of the blast's Power, in the order given (attacker's die, then the victim's).
 */
export function resolveBlastAction(input: BlastInput, dice: Dice, data: VtorzhenieData): BlastResult {
  let power = input.power;
  let radius = input.radius_steps;
  if (input.weapon !== undefined) {
    const w = Object.hasOwn(data.weapons, input.weapon) ? data.weapons[input.weapon] : undefined;
    if (!w) throw new FieldError('weapon', `unknown weapon "${input.weapon}" (known: ${Object.keys(data.weapons).join(', ')})`);
    const b = w.blast?.value;
    if (!b) throw new FieldError('weapon', `${input.weapon} has no blast (blast weapons: ${Object.keys(data.weapons).filter((k) => data.weapons[k]?.blast).join(', ')})`);
    power ??= b.power;
    radius ??= b.radius_steps;
  }
  if (power === undefined) throw new FieldError('power', 'is missing (expected an integer, or name a blast weapon in weapon)');
  if (radius === undefined) throw new FieldError('radius_steps', 'is missing (expected a number, or name a blast weapon in weapon)');
  const blastPower = power;
  const steps = input.victims.map((v) => stepsFor(v.distance_cm, data.distance));
  const caught = input.victims.map((v, i) => !v.gun && (steps[i] as number) <= (radius as number));
  // Each victim's test is independent: one-hot parts, so exact odds walk 2 outcomes a victim
  // (32 paths for five) instead of every victim's dice multiplied (12^5). The dice are rolled
  // in the same order as one test after another.
  const through = dice.sumOf(
    input.victims.map((v, i) => (d: Dice) => input.victims.map((_, j) => (j === i && caught[i] && penetrates(d, blastPower, v) ? 1 : 0))),
  );
  const victims: [string, BlastVictimResult][] = input.victims.map((v, i) => {
    const penetrated = through[i] === 1;
    const damage = v.damage + (penetrated ? data.penetration_damage.value : 0);
    return [v.id, { steps: steps[i] as number, caught: caught[i] as boolean, penetrated, damage, destroyed: damage >= v.stamina }];
  });
  // fromEntries defines own properties: an id such as "__proto__" stays a plain key.
  return { power, radius_steps: radius, victims: Object.fromEntries(victims) };
}

export const blastAction = defineAction({ input: BlastInput, resolve: resolveBlastAction });
