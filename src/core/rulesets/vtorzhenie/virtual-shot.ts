import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { damageStatus } from '../../mechanics/damage-track.js';
import { attackerBeats } from '../../mechanics/opposed-roll.js';
import { bandFor, stepsFor } from '../../measure/measure.js';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData } from './data-schema.js';

export const Cover = z.enum(['none', 'partial', 'full']);

/** What penetration needs to know of the target. */
export interface PenetrationTarget {
  armour: number;
  vehicle: boolean;
  shield: boolean;
}

export const VirtualShotInput = z
  .object({
    distance_cm: z.number().nonnegative(),
    shooter: z
      .object({
        power: z.int(),
        accuracy_bonus: z.int().default(0),
        range_steps: z.number().nonnegative().optional(),
        /** Sniper rifle: after a miss, the lower accuracy die is rolled again (the reroll stands). */
        reroll_accuracy_die: z.boolean().default(false),
      })
      .strict(),
    target: z
      .object({
        armour: z.int().nonnegative(),
        stamina: z.int().positive(),
        damage: z.int().nonnegative().default(0),
        vehicle: z.boolean().default(false),
        shield: z.boolean().default(false),
        cover: Cover.default('none'),
      })
      .strict()
      .refine((t) => t.damage < t.stamina, { message: 'must be less than stamina: the target is already destroyed', path: ['damage'] }),
  })
  .strict();

export type VirtualShotInput = z.infer<typeof VirtualShotInput>;

export interface VirtualShotResult {
  allowed: boolean;
  steps: number;
  band: string | null;
  to_hit: number | null;
  /** 2D6 plus modifiers; null when no shot was allowed. */
  accuracy: number | null;
  hit: boolean;
  penetrated: boolean;
  /** The target's total damage afterwards. */
  damage: number;
  destroyed: boolean;
}

/**
 * Attacker D6 + Power against defender D6 + Armour, strictly greater. A vehicle is too big to
 * dodge (no defender die); a shield rolls two and keeps the higher.
 */
export function penetrates(dice: Dice, power: number, target: PenetrationTarget): boolean {
  const defenderDice = target.vehicle ? 0 : target.shield ? 2 : 1;
  return attackerBeats(dice, { bonus: power, dice: 1 }, { bonus: target.armour, dice: defenderDice });
}

/** Two accuracy dice; a sniper who missed may roll the lower one again (keeps the best chance). */
function rollAccuracy(dice: Dice, modifier: number, toHit: number, reroll: boolean): number {
  const a = dice.roll(6);
  const b = dice.roll(6);
  if (!reroll || a + b + modifier >= toHit) return a + b + modifier;
  return Math.max(a, b) + dice.roll(6) + modifier;
}

export function resolveVirtualShot(input: VirtualShotInput, dice: Dice, data: VtorzhenieData): VirtualShotResult {
  const { shooter, target } = input;
  const steps = stepsFor(input.distance_cm, data.distance);
  const band = bandFor(input.distance_cm, data.distance);
  const toHit = band?.to_hit ?? null;
  const track = { max: target.stamina, critical: null };
  const result = (allowed: boolean, accuracy: number | null, hit: boolean, penetrated: boolean): VirtualShotResult => {
    const after = damageStatus(track, target.damage + (penetrated ? data.penetration_damage.value : 0));
    return { allowed, steps, band: band?.id ?? null, to_hit: toHit, accuracy, hit, penetrated, damage: after.damage, destroyed: after.destroyed };
  };

  const outOfRange = shooter.range_steps !== undefined && steps > shooter.range_steps;
  if (toHit === null || target.cover === 'full' || outOfRange) return result(false, null, false, false);

  const cover = data.cover;
  const coverModifier = target.cover === 'partial' && steps > cover.partial_applies_beyond_steps.value ? cover.partial_accuracy_modifier.value : 0;
  const accuracy = rollAccuracy(dice, shooter.accuracy_bonus + coverModifier, toHit, shooter.reroll_accuracy_die);
  if (accuracy < toHit) return result(true, accuracy, false, false);
  return result(true, accuracy, true, penetrates(dice, shooter.power, target));
}

export const virtualShotAction = defineAction({ input: VirtualShotInput, resolve: resolveVirtualShot });
