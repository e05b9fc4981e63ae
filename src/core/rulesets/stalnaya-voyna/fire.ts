import { z } from 'zod';
import { dieAtMost, dieName, facesOf, stepDie } from '../../mechanics/die-steps.js';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';

const FireInput = z
  .object({
    distance_in: z.number().nonnegative(),
    shooter: z
      .object({
        quality: SvDie,
        /** Rate of fire of each small arm firing; their sum makes the firepower die. */
        small_arms_rof: z.array(z.int().positive()),
        /** Support weapons firing as extra dice. */
        support: z.array(SvDie),
      })
      .strict(),
    target: z
      .object({
        prone: z.boolean().default(false),
        cover: z.enum(['none', 'light', 'heavy']).default('none'),
      })
      .strict(),
  })
  .strict();

export type FireResult = 'no-effect' | 'suppressed' | 'casualties';

export interface FireOutput {
  allowed: boolean;
  zone: number;
  range_die: string | null;
  firepower_die: string | null;
  result: FireResult;
  casualties: number;
}

const EPS = 1e-9;

/** Zone k holds distances ((k−1)·w, k·w] (right-closed) or [(k−1)·w, k·w); 0" is zone 1. */
export function rangeZone(distanceIn: number, widthIn: number, rightClosed: boolean): number {
  if (distanceIn <= EPS) return 1;
  return rightClosed ? Math.max(1, Math.ceil(distanceIn / widthIn - EPS)) : Math.floor(distanceIn / widthIn + EPS) + 1;
}

/** The sum of rates of fire as a die of the ladder, or null with no small arms firing. */
export function firepowerDie(ladder: readonly number[], rofs: readonly number[]): number | null {
  if (rofs.length === 0) return null;
  return dieAtMost(ladder, rofs.reduce((a, b) => a + b, 0));
}

/** Potential casualties: shooter maxima over the range die's maximum, rounded half up. */
export function potentialCasualties(shooterFaces: readonly number[], rangeFaces: number): number {
  const sum = shooterFaces.reduce((a, b) => a + b, 0);
  return Math.floor((2 * sum + rangeFaces) / (2 * rangeFaces));
}

/**
 * Стальная война's fire: the shooter's dice (quality, firepower, support, in that order) against
 * the target's range die; only how many shooter dice beat it matters, so they are rolled as one
 * pool against it (`countAbove`) and exact odds stay cheap however many support dice fire.
 */
export const fireAction = defineAction({
  input: FireInput,
  resolve(input, dice, data: StalnayaVoynaData): FireOutput {
    const ladder = data.dice_steps.value;
    const quality = facesOf(input.shooter.quality);
    const zone = rangeZone(input.distance_in, quality, data.range.right_closed.value);
    const firepower = firepowerDie(ladder, input.shooter.small_arms_rof);
    const firepowerName = firepower === null ? null : dieName(firepower);
    if (zone > data.range.zones.value) {
      return { allowed: false, zone, range_die: null, firepower_die: firepowerName, result: 'no-effect', casualties: 0 };
    }
    const improvement = (input.target.prone ? data.range.prone_steps.value : 0) + data.range.cover_steps[input.target.cover].value;
    const base = ladder[Math.min(zone, ladder.length) - 1] as number;
    const rangeFaces = stepDie(ladder, base, improvement);
    const pool = [quality, ...(firepower === null ? [] : [firepower]), ...input.shooter.support.map(facesOf)];
    const above = dice.countAbove(pool, rangeFaces);
    const result: FireResult =
      above >= data.fire.casualties_from.value ? 'casualties' : above >= data.fire.suppress_from.value ? 'suppressed' : 'no-effect';
    return {
      allowed: true,
      zone,
      range_die: dieName(rangeFaces),
      firepower_die: firepowerName,
      result,
      casualties: result === 'casualties' ? potentialCasualties(pool, rangeFaces) : 0,
    };
  },
});
