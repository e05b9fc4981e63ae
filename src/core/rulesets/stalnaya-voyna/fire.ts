import { z } from 'zod';
import { dieAtMost, dieName, facesOf, stepDie } from '../../mechanics/die-steps.js';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';

/** A support weapon with what it wounds with and its special rule when it fires on its own. */
const SupportWeapon = z
  .object({
    die: SvDie,
    power: SvDie.optional(),
    special: z.enum(['none', 'sniper', 'flamethrower']).default('none'),
  })
  .strict();

const FireInput = z
  .object({
    distance_in: z.number().nonnegative(),
    shooter: z
      .object({
        quality: SvDie,
        /** Rate of fire of each small arm firing; their sum makes the firepower die. */
        small_arms_rof: z.array(z.int().positive()),
        /** Power die of the small arms (support dice joining them wound with it). */
        small_arms_power: SvDie.optional(),
        /** Support weapons firing as extra dice: a die, or the weapon with its power and special rule. */
        support: z.array(z.union([SvDie, SupportWeapon])),
      })
      .strict(),
    /** Fragments (artillery, mortars): cover counts by the ruleset's fragments column (bushes stop none). */
    fragments: z.boolean().default(false),
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
  /** Given only when the input names a power: what each casualty's wound test rolls. */
  power_die?: string | null;
  /** A sniper firing alone picks his victims («указывает хозяин»); otherwise they are random. */
  victims?: 'random' | 'chosen';
  /** A flamethrower firing alone hit: its victims are wounded at least. */
  flamethrower_hit?: boolean;
}

type Support = string | z.infer<typeof SupportWeapon>;
const supportDie = (s: Support): string => (typeof s === 'string' ? s : s.die);

/**
 * Support fire: dice joining small arms wound with the small arms' power and lose their special
 * rules; a support weapon firing alone keeps its power and its rule (sniper, flamethrower).
 */
function woundingOf(input: z.infer<typeof FireInput>, result: FireResult, data: StalnayaVoynaData): Pick<FireOutput, 'power_die' | 'victims' | 'flamethrower_hit'> {
  const withSmallArms = input.shooter.small_arms_rof.length > 0;
  const weapons = input.shooter.support.filter((s): s is z.infer<typeof SupportWeapon> => typeof s !== 'string');
  let power: string | null = null;
  let special: 'none' | 'sniper' | 'flamethrower' = 'none';
  if (withSmallArms && data.support_fire.uses_small_arms_power.value) power = input.shooter.small_arms_power ?? null;
  else if (!withSmallArms && input.shooter.support.length === 1 && weapons.length === 1) {
    const alone = weapons[0] as z.infer<typeof SupportWeapon>;
    power = alone.power ?? null;
    special = alone.special;
  } else {
    const powers = (withSmallArms ? [input.shooter.small_arms_power, ...weapons.map((w) => w.power)] : weapons.map((w) => w.power)).filter((p): p is SvDie => p !== undefined);
    power = powers.length === 0 ? null : dieName(Math.min(...powers.map(facesOf)));
  }
  // Specials work on a hit, not on suppression («При попадании (но не подавлении)»).
  const hit = result === 'casualties';
  return { power_die: power, victims: hit && special === 'sniper' ? 'chosen' : 'random', flamethrower_hit: hit && special === 'flamethrower' };
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
    const coverSteps = input.fragments ? data.fragments.cover_steps : data.range.cover_steps;
    const improvement = (input.target.prone ? data.range.prone_steps.value : 0) + coverSteps[input.target.cover].value;
    const base = ladder[Math.min(zone, ladder.length) - 1] as number;
    const rangeFaces = stepDie(ladder, base, improvement);
    const pool = [quality, ...(firepower === null ? [] : [firepower]), ...input.shooter.support.map((s) => facesOf(supportDie(s)))];
    const above = dice.countAbove(pool, rangeFaces);
    const result: FireResult =
      above >= data.fire.casualties_from.value ? 'casualties' : above >= data.fire.suppress_from.value ? 'suppressed' : 'no-effect';
    const out: FireOutput = {
      allowed: true,
      zone,
      range_die: dieName(rangeFaces),
      firepower_die: firepowerName,
      result,
      casualties: result === 'casualties' ? potentialCasualties(pool, rangeFaces) : 0,
    };
    const namesPower = input.shooter.small_arms_power !== undefined || input.shooter.support.some((s) => typeof s !== 'string');
    return namesPower ? { ...out, ...woundingOf(input, result, data) } : out;
  },
});
