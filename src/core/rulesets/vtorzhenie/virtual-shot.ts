import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { attackerBeats } from '../../mechanics/opposed-roll.js';
import { roundCm, stepsFor } from '../../measure/measure.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData } from './data-schema.js';
import { shotProfile } from './weapons.js';

export const Cover = z.enum(['none', 'partial', 'full']);

/** What penetration needs to know of the target. */
export interface PenetrationTarget {
  armour: number;
  vehicle: boolean;
  shield: boolean;
}

const GunCrew = z
  .object({
    /** Distance to the nearest friendly model; null when there is none. */
    crew_distance_cm: z.number().nonnegative().nullable(),
    barrel: z.int().positive().default(1),
    /** Barrels that already fired this turn (one entry per shot). */
    barrels_fired: z.array(z.int().positive()).max(32).default([]),
  })
  .strict();

export const VirtualShotInput = z
  .object({
    distance_cm: z.number().nonnegative(),
    shooter: z
      .object({
        /** A weapon of the ruleset's table: its range, Power, accuracy, reroll and shots. */
        weapon: z.string().max(64).optional(),
        /** Fire mode declared before the accuracy roll (SMG, assault rifle, machine gun). */
        mode: z.string().max(64).optional(),
        /** Required unless `weapon` names one; given with a weapon, it overrides the table. */
        power: z.int().optional(),
        accuracy_bonus: z.int().optional(),
        range_steps: z.number().nonnegative().optional(),
        /** Sniper rifle: after a miss, the lower accuracy die is rolled again (the reroll stands). */
        reroll_accuracy_die: z.boolean().optional(),
        /** Per-turn state the action checks (the game keeps it): shots this weapon fired this turn… */
        shots_fired: z.int().nonnegative().max(1000).optional(),
        /** …whether the sniper's once-per-turn reroll is spent… */
        reroll_used: z.boolean().optional(),
        /** …the weapon a model with guns in two hands declared for this turn… */
        declared_weapon: z.string().max(64).optional(),
        /** …and the weapons a vehicle already fired virtually this turn. */
        vehicle_weapons_fired: z.array(z.string().max(64)).max(32).optional(),
        /** The shooter is a gun: it needs crew within 1 step, one shot per barrel per turn. */
        gun: GunCrew.optional(),
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
        /** Guns are never shot virtually. */
        gun: z.boolean().optional(),
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
 * Fields added only when the input uses the matching new fields, so outputs of the original
 * contract stay byte for byte the same.
 */
export interface VirtualShotExtras {
  /** Why the shot was not allowed by a turn limit or target rule. */
  reason?: string;
  weapon?: string;
  mode?: string | null;
  /** Rate of fire in the declared mode, and what is left this turn after this shot. */
  shots?: number;
  shots_left?: number;
  /** A hit with a blast weapon: every model within its radius gets a hit (`blast` action). */
  blast?: boolean;
  /** The sniper's reroll is spent this turn (before or by this shot). */
  reroll_used?: boolean;
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
function rollAccuracy(dice: Dice, modifier: number, toHit: number, reroll: boolean): { accuracy: number; rerolled: boolean } {
  const a = dice.roll(6);
  const b = dice.roll(6);
  if (!reroll || a + b + modifier >= toHit) return { accuracy: a + b + modifier, rerolled: false };
  return { accuracy: (a > b ? a : b) + dice.roll(6) + modifier, rerolled: true };
}

interface Shooter {
  power: number;
  accuracy_bonus: number;
  range_steps: number | undefined;
  reroll: boolean;
  shots: number;
}

/** The shooter's line: the weapon's table entry with explicit fields over it, or the fields alone. */
function shooterLine(input: VirtualShotInput, data: VtorzhenieData): Shooter {
  const s = input.shooter;
  if (s.weapon === undefined) {
    if (s.mode !== undefined) throw new FieldError('shooter.mode', 'a fire mode needs a weapon: name it in shooter.weapon');
    if (s.power === undefined) throw new FieldError('shooter.power', 'is missing (expected an integer, or name a weapon in shooter.weapon)');
    return { power: s.power, accuracy_bonus: s.accuracy_bonus ?? 0, range_steps: s.range_steps, reroll: s.reroll_accuracy_die ?? false, shots: 1 };
  }
  const p = shotProfile(data, s.weapon, s.mode);
  if (!p.ok) throw new FieldError(`shooter.${p.field}`, p.reason);
  return {
    power: s.power ?? p.profile.power,
    accuracy_bonus: s.accuracy_bonus ?? p.profile.accuracy_bonus,
    range_steps: s.range_steps ?? p.profile.range_steps,
    reroll: s.reroll_accuracy_die ?? p.profile.reroll_accuracy_die,
    shots: p.profile.shots,
  };
}

/** The per-turn limits one shot can check: the first one broken, or null. */
function limitBroken(input: VirtualShotInput, line: Shooter, steps: (cm: number) => number, data: VtorzhenieData): string | null {
  const s = input.shooter;
  if (input.target.gun === true && !data.guns.virtual_fire_at.value) return 'guns cannot be shot virtually (only real launchers hit them)';
  if (s.declared_weapon !== undefined && s.weapon !== undefined && s.declared_weapon !== s.weapon) {
    return `only ${data.limits.weapons_fired_two_hands.value} of the weapons in its hands fires per turn: ${s.declared_weapon} was declared`;
  }
  if (s.shots_fired !== undefined && s.shots_fired >= line.shots) return `${s.weapon ?? 'the weapon'} has fired its ${line.shots} shot(s) this turn`;
  if (s.vehicle_weapons_fired !== undefined && s.weapon !== undefined && !s.vehicle_weapons_fired.includes(s.weapon)) {
    const limit = data.vehicle_virtual_weapons_per_turn.value;
    if (new Set(s.vehicle_weapons_fired).size >= limit) return `a vehicle uses at most ${limit} weapons per turn for virtual fire`;
  }
  if (s.gun) {
    const within = data.guns.crew_within_steps.value;
    if (s.gun.crew_distance_cm === null || steps(s.gun.crew_distance_cm) > within) return `a gun fires only with a friendly model within ${within} step`;
    const fired = s.gun.barrels_fired.filter((b) => b === s.gun?.barrel).length;
    if (fired >= data.guns.shots_per_barrel.value) return `barrel ${s.gun.barrel} has already fired this turn`;
  }
  return null;
}

/** Whether the input uses any field beyond the original contract (then the extras are reported). */
function usesExtras(input: VirtualShotInput): boolean {
  const s = input.shooter;
  return (
    s.weapon !== undefined || s.shots_fired !== undefined || s.reroll_used !== undefined || s.declared_weapon !== undefined ||
    s.vehicle_weapons_fired !== undefined || s.gun !== undefined || input.target.gun !== undefined
  );
}

/** The band holding the distance (as `measure.bandFor`), without a new object per shot: this is the hot path. */
function bandAt(distanceCm: number, data: VtorzhenieData): { id: string; to_hit: number | null } | null {
  const bands = data.distance.bands?.value;
  if (!bands) return null;
  const cm = roundCm(distanceCm);
  let found: { id: string; to_hit: number | null } | null = null;
  for (const b of bands) if (cm >= b.from_cm) found = b;
  return found;
}

export function resolveVirtualShot(input: VirtualShotInput, dice: Dice, data: VtorzhenieData): VirtualShotResult & VirtualShotExtras {
  const { target } = input;
  const line = shooterLine(input, data);
  const steps = stepsFor(input.distance_cm, data.distance);
  const band = bandAt(input.distance_cm, data);
  const toHit = band?.to_hit ?? null;
  const extras = usesExtras(input);
  const rerollSpent = input.shooter.reroll_used === true || data.limits.sniper_rerolls_per_turn.value === 0;
  const result = (allowed: boolean, accuracy: number | null, hit: boolean, penetrated: boolean, rerolled = false, reason?: string): VirtualShotResult & VirtualShotExtras => {
    const damage = target.damage + (penetrated ? data.penetration_damage.value : 0);
    const out: VirtualShotResult & VirtualShotExtras = { allowed, steps, band: band?.id ?? null, to_hit: toHit, accuracy, hit, penetrated, damage, destroyed: damage >= target.stamina };
    if (!extras) return out;
    if (reason !== undefined) out.reason = reason;
    const s = input.shooter;
    if (s.weapon !== undefined) {
      const fired = (s.shots_fired ?? 0) + (allowed ? 1 : 0);
      out.weapon = s.weapon;
      out.mode = s.mode ?? null;
      out.shots = line.shots;
      out.shots_left = Math.max(0, line.shots - fired);
      out.blast = hit && data.weapons[s.weapon]?.blast !== undefined;
    }
    if (line.reroll) out.reroll_used = rerollSpent || rerolled;
    return out;
  };

  if (extras) {
    const broken = limitBroken(input, line, (cm) => stepsFor(cm, data.distance), data);
    if (broken !== null) return result(false, null, false, false, false, broken);
  }
  const outOfRange = line.range_steps !== undefined && steps > line.range_steps;
  if (toHit === null || target.cover === 'full' || outOfRange) return result(false, null, false, false);

  const cover = data.cover;
  const coverModifier = target.cover === 'partial' && steps > cover.partial_applies_beyond_steps.value ? cover.partial_accuracy_modifier.value : 0;
  const acc = rollAccuracy(dice, line.accuracy_bonus + coverModifier, toHit, line.reroll && !rerollSpent);
  if (acc.accuracy < toHit) return result(true, acc.accuracy, false, false, acc.rerolled);
  return result(true, acc.accuracy, true, penetrates(dice, line.power, target), acc.rerolled);
}

export const virtualShotAction = defineAction({ input: VirtualShotInput, resolve: resolveVirtualShot });
