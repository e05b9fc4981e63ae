import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { opposedRoll } from '../../mechanics/opposed-roll.js';
import { stepsFor } from '../../measure/measure.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import { checkDamage, strike, typeForKind, type TrackOutcome } from './damage.js';
import { TargetKind, WeaponClass, type BronepekhotaData } from './data-schema.js';

const EPS = 1e-9;

export const Cover = z.enum(['none', 'partial', 'full']);
export type Cover = z.infer<typeof Cover>;

export const TrooperRole = z.enum(['trooper', 'pilot', 'gun-operator']);
export type TrooperRole = z.infer<typeof TrooperRole>;

export const MAX_SHOOTERS = 12;

const Shooter = z
  .object({
    /** Weapons of the ruleset's table, one or one in each hand… */
    weapons: z.array(z.string().max(64)).min(1).max(2).optional(),
    /** …or his numbers directly (an armlist's combined Shooting for two weapons). */
    shooting: z.int().optional(),
    range_steps: z.number().nonnegative().optional(),
    /** Weapons he fires with these numbers: 2 with a weapon in each hand. */
    weapon_count: z.int().min(1).max(2).optional(),
    /** For the grenade check: his ranged weapon's class, null with only close-combat weapons. */
    weapon_class: WeaponClass.nullable().optional(),
    role: TrooperRole.optional(),
    grenades_left: z.int().nonnegative().max(10).optional(),
  })
  .strict();

const Target = z
  .object({
    armour: z.int().nonnegative(),
    kind: TargetKind,
    cover: Cover.default('none'),
    /** With a unit type (or damage so far) the hit reaches the target's damage track. */
    unit_type: z.string().max(64).optional(),
    damage: z.int().nonnegative().optional(),
  })
  .strict();

export const VirtualShotInput = z
  .object({
    distance_cm: z.number().nonnegative(),
    shooters: z.array(Shooter).min(1).max(MAX_SHOOTERS),
    target: Target,
    /** A volley within 2 steps adds the hand grenades of the troopers who pass their checks. */
    grenades: z.boolean().optional(),
  })
  .strict();

export type VirtualShotInput = z.infer<typeof VirtualShotInput>;
export type AttackTarget = z.infer<typeof Target>;

export type VirtualEffect = 'killed' | 'damage' | 'none';

export interface VirtualShotResult {
  allowed: boolean;
  steps: number;
  attacker_total: number | null;
  defender_total: number | null;
  hit: boolean;
  effect: VirtualEffect;
}

/** An attack after the shooters are chosen: grenades already thrown add Shooting (and maybe weapons). */
export interface AttackPlan {
  steps: number;
  shooters: readonly { shooting: number; range_steps: number; weapons?: number }[];
  target: { armour: number; kind: TargetKind; cover: Cover };
  grenadeShooting?: number;
  grenadeWeapons?: number;
}

export function effectOfHit(kind: TargetKind): VirtualEffect {
  return kind === 'infantry' ? 'killed' : 'damage';
}

/** In range of the shortest weapon firing, and not fully hidden. */
export function attackAllowed(steps: number, shooters: readonly { range_steps: number }[], target: { cover: Cover }): boolean {
  const rangeSteps = Math.min(...shooters.map((s) => s.range_steps));
  return target.cover !== 'full' && steps <= rangeSteps + EPS;
}

/**
 * One trooper: Shooting + D6 > armour. Two or more at one target (a volley): the sum of their
 * Shooting + one D6 against armour + the number of weapons firing (a trooper with a weapon in
 * each hand counts two) + one D6. A volley reaches only as far as its shortest weapon.
 */
export function resolveAttack(plan: AttackPlan, dice: Dice, data: BronepekhotaData): VirtualShotResult {
  const { shooters, target, steps } = plan;
  if (!attackAllowed(steps, shooters, target)) {
    return { allowed: false, steps, attacker_total: null, defender_total: null, hit: false, effect: 'none' };
  }
  const armour = target.armour + (target.cover === 'partial' ? data.cover.partial_armour_bonus.value : 0);
  const shooting = shooters.reduce((s, x) => s + x.shooting, 0) + (plan.grenadeShooting ?? 0);
  const volley = shooters.length > 1;
  const weapons = shooters.reduce((s, x) => s + (x.weapons ?? 1), 0) + (plan.grenadeWeapons ?? 0);
  const totals = opposedRoll(dice, { bonus: shooting, dice: 1 }, { bonus: volley ? armour + weapons : armour, dice: volley ? 1 : 0 });
  const hit = totals.attacker > totals.defender;
  return { allowed: true, steps, attacker_total: totals.attacker, defender_total: totals.defender, hit, effect: hit ? effectOfHit(target.kind) : 'none' };
}

/** A shooter's line, from the weapons table or from his own numbers. */
export interface ShooterLine {
  shooting: number;
  range_steps: number;
  weapons: number;
  weapon_class: WeaponClass | null;
  role: TrooperRole;
  grenades_left: number;
}

const CLASS_ORDER: readonly WeaponClass[] = ['light', 'special', 'heavy'];

export function shooterLine(s: z.infer<typeof Shooter>, field: string, data: BronepekhotaData): ShooterLine {
  const role = s.role ?? 'trooper';
  const grenades = s.grenades_left ?? data.hand_grenade.per_trooper.value;
  if (s.weapons === undefined) {
    if (s.shooting === undefined) throw new FieldError(`${field}.shooting`, 'is missing (expected an integer, or name his weapons in weapons)');
    if (s.range_steps === undefined) throw new FieldError(`${field}.range_steps`, 'is missing (expected a number, or name his weapons in weapons)');
    const count = s.weapon_count ?? 1;
    return { shooting: s.shooting, range_steps: s.range_steps, weapons: count === 2 ? data.two_weapons.counts_as_weapons.value : 1, weapon_class: s.weapon_class ?? null, role, grenades_left: grenades };
  }
  const ws = s.weapons.map((id, i) => {
    const w = Object.hasOwn(data.weapons, id) ? data.weapons[id] : undefined;
    if (!w) throw new FieldError(`${field}.weapons[${i}]`, `unknown weapon "${id}" (known: ${Object.keys(data.weapons).join(', ')})`);
    return w;
  });
  const classes = ws.map((w) => CLASS_ORDER.indexOf(w.class.value));
  const pick = data.two_weapons.grenade_check_class.value === 'heaviest' ? Math.max(...classes) : Math.min(...classes);
  return {
    shooting: s.shooting ?? ws.reduce((sum, w) => sum + w.shooting.value, 0),
    range_steps: s.range_steps ?? Math.min(...ws.map((w) => w.range_steps.value)),
    weapons: ws.length === 2 ? data.two_weapons.counts_as_weapons.value : 1,
    weapon_class: s.weapon_class !== undefined ? s.weapon_class : (CLASS_ORDER[pick] ?? null),
    role,
    grenades_left: grenades,
  };
}

/** The die is rolled as "≥ the check number" so exact odds walk 2 branches per trooper, not 6. */
export function passesGrenadeCheck(dice: Dice, t: ShooterLine, data: BronepekhotaData): { rolled: boolean; may_throw: boolean } {
  if (t.grenades_left <= 0) return { rolled: false, may_throw: false };
  if (t.role !== 'trooper' || t.weapon_class === null) return { rolled: false, may_throw: true };
  return { rolled: true, may_throw: dice.countAtLeast(1, 6, data.grenade_check[t.weapon_class].value) === 1 };
}

export interface VirtualShotExtras extends Partial<TrackOutcome> {
  /** Volley with `grenades`: each trooper's check, grenades thrown and what each has left. */
  grenade_checks?: { rolled: boolean; may_throw: boolean }[];
  grenades_thrown?: number;
  grenades_left?: number[];
  /** With weapons by id or two weapons: the weapons counted for the defender, the volley's reach. */
  weapons_firing?: number;
  range_steps?: number;
}

export function resolveVirtualShot(input: VirtualShotInput, dice: Dice, data: BronepekhotaData): VirtualShotResult & VirtualShotExtras {
  const { target } = input;
  const steps = stepsFor(input.distance_cm, data.distance);
  const lines = input.shooters.map((s, i) => shooterLine(s, `shooters[${i}]`, data));
  const tracked = target.unit_type !== undefined || target.damage !== undefined;
  const typed = tracked ? typeForKind(target.kind, target.unit_type, 'target', data) : null;
  if (typed) checkDamage(typed.type, typed.id, target.damage ?? 0, 'target');

  const volley = lines.length > 1;
  const withGrenades = input.grenades === true && volley && attackAllowed(steps, lines, target) && steps <= data.volley.grenades_within_steps.value + EPS;
  const checks = lines.map((t) => (withGrenades ? passesGrenadeCheck(dice, t, data) : { rolled: false, may_throw: false }));
  const thrown = checks.filter((c) => c.may_throw).length;
  const result: VirtualShotResult & VirtualShotExtras = resolveAttack(
    {
      steps,
      shooters: lines,
      target,
      grenadeShooting: thrown * data.hand_grenade.shooting.value,
      grenadeWeapons: data.volley.grenades_count_as_weapons.value ? thrown : 0,
    },
    dice,
    data,
  );
  if (input.shooters.some((s) => s.weapons !== undefined || s.weapon_count !== undefined)) {
    result.weapons_firing = lines.reduce((n, l) => n + l.weapons, 0);
    result.range_steps = Math.min(...lines.map((l) => l.range_steps));
  }
  if (input.grenades !== undefined) {
    result.grenade_checks = checks;
    result.grenades_thrown = thrown;
    result.grenades_left = lines.map((t, i) => t.grenades_left - (checks[i]?.may_throw ? 1 : 0));
  }
  if (typed) Object.assign(result, strike(typed.type, target.damage ?? 0, result.hit, data.virtual_hit_damage.value));
  return result;
}

export const virtualShotAction = defineAction({ input: VirtualShotInput, resolve: resolveVirtualShot });
