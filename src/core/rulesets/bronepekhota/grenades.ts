import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { stepsFor } from '../../measure/measure.js';
import { defineAction } from '../game-system.js';
import { checkDamage, strike, typeForKind } from './damage.js';
import { WeaponClass, type BronepekhotaData } from './data-schema.js';
import {
  attackAllowed,
  passesGrenadeCheck,
  resolveAttack,
  TrooperRole,
  VirtualShotInput,
  type AttackTarget,
  type ShooterLine,
  type VirtualShotResult,
} from './virtual-shot.js';

export interface GrenadeCarrier {
  role: TrooperRole;
  /** The class of his ranged weapon; null when he has only close-combat weapons. */
  weapon_class: WeaponClass | null;
  grenades_left: number;
}

/** The die rolled (null when none was needed) and whether a grenade may be used. */
export interface GrenadeCheck {
  roll: number | null;
  may_throw: boolean;
}

/**
 * May the trooper throw a grenade besides his attack? Pilots and gun operators always; a trooper
 * with only close-combat weapons always; others on a D6 by weapon class (light 2+, special 4+,
 * heavy 5+). Nobody throws a grenade he no longer has.
 */
export function grenadeCheck(dice: Dice, carrier: GrenadeCarrier, data: BronepekhotaData): GrenadeCheck {
  if (carrier.grenades_left <= 0) return { roll: null, may_throw: false };
  if (carrier.role !== 'trooper' || carrier.weapon_class === null) return { roll: null, may_throw: true };
  const roll = dice.roll(6);
  return { roll, may_throw: roll >= data.grenade_check[carrier.weapon_class].value };
}

export interface VolleyTrooper extends GrenadeCarrier {
  shooting: number;
  range_steps: number;
}

export interface VolleyWithGrenades extends VirtualShotResult {
  grenade_checks: GrenadeCheck[];
  /** Grenades each trooper has left afterwards, in input order. */
  grenades_left: number[];
}

/**
 * A squad volley at one target. Within 2 steps every participant who passes his grenade check
 * adds a hand grenade's Shooting. Dice: the grenade checks in trooper order, then the attacker's
 * die, then the defender's. One trooper alone is a single shot without grenades: his grenade is
 * a throw of its own (`resolveGrenadeThrow`).
 */
export function resolveVolleyWithGrenades(
  dice: Dice,
  input: { distance_cm: number; troopers: readonly VolleyTrooper[]; target: AttackTarget },
  data: BronepekhotaData,
): VolleyWithGrenades {
  const steps = stepsFor(input.distance_cm, data.distance);
  const volley = input.troopers.length > 1;
  const withGrenades = volley && attackAllowed(steps, input.troopers, input.target) && steps <= data.volley.grenades_within_steps.value;
  const checks = input.troopers.map((t) => (withGrenades ? grenadeCheck(dice, t, data) : { roll: null, may_throw: false }));
  const thrown = checks.filter((c) => c.may_throw).length;
  const result = resolveAttack(
    {
      steps,
      shooters: input.troopers,
      target: input.target,
      grenadeShooting: thrown * data.hand_grenade.shooting.value,
      grenadeWeapons: data.volley.grenades_count_as_weapons.value ? thrown : 0,
    },
    dice,
    data,
  );
  return {
    ...result,
    grenade_checks: checks,
    grenades_left: input.troopers.map((t, i) => t.grenades_left - (checks[i]?.may_throw ? 1 : 0)),
  };
}

/** A grenade thrown on its own (a lone trooper besides his shot, or one with only CC weapons). */
export function resolveGrenadeThrow(dice: Dice, distanceCm: number, target: AttackTarget, data: BronepekhotaData): VirtualShotResult {
  const grenade = { shooting: data.hand_grenade.shooting.value, range_steps: data.hand_grenade.range_steps.value };
  return resolveAttack({ steps: stepsFor(distanceCm, data.distance), shooters: [grenade], target }, dice, data);
}

export const GrenadeThrowInput = z
  .object({
    distance_cm: z.number().nonnegative(),
    thrower: z
      .object({
        role: TrooperRole.default('trooper'),
        /** His ranged weapon's class; null when he has only close-combat weapons (throws always). */
        weapon_class: WeaponClass.nullable(),
        grenades_left: z.int().nonnegative().max(10).optional(),
      })
      .strict(),
    target: VirtualShotInput.shape.target,
  })
  .strict();

export type GrenadeThrowInput = z.infer<typeof GrenadeThrowInput>;

/**
 * A hand grenade thrown on its own in the attack phase: «Если у пехотинца только Контактное
 * оружие для Ближнего боя – граната ВСЕГДА (без броска D6) может использоваться в фазе Атака»;
 * besides a shot, a trooper checks by his weapon class first. Then Shooting + D6 > armour, and
 * the hit reaches the target's damage track like any virtual hit.
 */
export function resolveGrenadeThrowAction(input: GrenadeThrowInput, dice: Dice, data: BronepekhotaData) {
  const { target } = input;
  const tracked = target.unit_type !== undefined || target.damage !== undefined;
  const typed = tracked ? typeForKind(target.kind, target.unit_type, 'target', data) : null;
  if (typed) checkDamage(typed.type, typed.id, target.damage ?? 0, 'target');
  const line: ShooterLine = {
    shooting: data.hand_grenade.shooting.value,
    range_steps: data.hand_grenade.range_steps.value,
    weapons: 1,
    weapon_class: input.thrower.weapon_class,
    role: input.thrower.role,
    grenades_left: input.thrower.grenades_left ?? data.hand_grenade.per_trooper.value,
  };
  const steps = stepsFor(input.distance_cm, data.distance);
  const inReach = attackAllowed(steps, [line], target);
  const check = inReach ? passesGrenadeCheck(dice, line, data) : { rolled: false, may_throw: false };
  const attack: VirtualShotResult = check.may_throw
    ? resolveAttack({ steps, shooters: [line], target }, dice, data)
    : { allowed: false, steps, attacker_total: null, defender_total: null, hit: false, effect: 'none' };
  const out = { ...attack, rolled: check.rolled, may_throw: check.may_throw, grenades_left: line.grenades_left - (check.may_throw ? 1 : 0) };
  return typed ? { ...out, ...strike(typed.type, target.damage ?? 0, attack.hit, data.virtual_hit_damage.value) } : out;
}

export const grenadeThrowAction = defineAction({ input: GrenadeThrowInput, resolve: resolveGrenadeThrowAction });
