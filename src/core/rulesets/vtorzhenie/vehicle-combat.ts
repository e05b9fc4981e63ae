import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { opposedRoll, opposedUntilDecided } from '../../mechanics/opposed-roll.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData } from './data-schema.js';

export type VehicleSide = 'front' | 'side' | 'rear';

export function vehicleArmour(side: VehicleSide, data: VtorzhenieData): number {
  const a = data.armour;
  return side === 'front' ? a.vehicle_front.value : side === 'side' ? a.vehicle_side.value : a.vehicle_rear.value;
}

/**
 * Close combat against a vehicle: the attackers' D6 (two keep the higher with a sword) + CC
 * against the armour of the side attacked; the vehicle does not roll. Strictly greater → damage.
 */
export function closeCombatVsVehicle(
  dice: Dice,
  attackers: readonly { cc: number; attack_dice: number }[],
  armour: number,
  data: VtorzhenieData,
): { total: number; damaged: boolean; damage: number } {
  const side = { bonus: attackers.reduce((s, a) => s + a.cc, 0), dice: Math.max(1, ...attackers.map((a) => a.attack_dice)) };
  const t = opposedRoll(dice, side, { bonus: armour, dice: 0 });
  const damaged = t.attacker > t.defender;
  return { total: t.attacker, damaged, damage: damaged ? data.cc_vs_vehicle_damage.value : 0 };
}

export interface RamResult {
  vehicle_total: number;
  target_total: number;
  rounds: number;
  /** killed: infantry run over; damaged: a vehicle target takes damage; steps-back: infantry dodges 1 step. */
  target_effect: 'killed' | 'damaged' | 'steps-back' | 'none';
  target_damage: number;
  rammer_damage: number;
}

/**
 * Ramming or trampling by a ground vehicle that moved into contact: both roll D6 + armour,
 * the rammer first. Higher rammer: infantry dies, a vehicle takes 2. Lower: infantry steps back,
 * a vehicle target is unharmed and the rammer takes 1. A tie is rolled again (default).
 */
export function ram(dice: Dice, rammerArmour: number, target: { kind: 'infantry' | 'vehicle'; armour: number }, data: VtorzhenieData): RamResult {
  const rules = data.ramming;
  const sides = { bonus: rammerArmour, dice: 1 };
  const other = { bonus: target.armour, dice: 1 };
  const t = rules.roll_again_on_tie.value ? opposedUntilDecided(dice, sides, other) : { ...opposedRoll(dice, sides, other), rounds: 1 };
  const base = { vehicle_total: t.attacker, target_total: t.defender, rounds: t.rounds };
  if (t.attacker > t.defender) {
    return target.kind === 'infantry'
      ? { ...base, target_effect: 'killed', target_damage: 0, rammer_damage: 0 }
      : { ...base, target_effect: 'damaged', target_damage: rules.vehicle_target_damage.value, rammer_damage: 0 };
  }
  if (t.attacker < t.defender) {
    return target.kind === 'infantry'
      ? { ...base, target_effect: 'steps-back', target_damage: 0, rammer_damage: 0 }
      : { ...base, target_effect: 'none', target_damage: 0, rammer_damage: rules.attacker_damage_on_loss.value };
  }
  return { ...base, target_effect: 'none', target_damage: 0, rammer_damage: 0 };
}

const Side = z.enum(['front', 'side', 'rear']);

/** A vehicle's damage track in an input: stamina (default the ruleset's 3) and damage so far. */
const VehicleTrack = {
  stamina: z.int().positive().optional(),
  damage: z.int().nonnegative().default(0),
};

function checkTrack(v: { stamina?: number | undefined; damage: number }, field: string, data: VtorzhenieData): number {
  const stamina = v.stamina ?? data.stamina.vehicle.value;
  if (v.damage >= stamina) throw new FieldError(`${field}.damage`, `must be less than stamina ${stamina}: the model is already destroyed`);
  return stamina;
}

export const CloseCombatVehicleInput = z
  .object({
    attackers: z.array(z.object({ cc: z.int(), attack_dice: z.int().min(1).max(2).default(1) }).strict()).min(1).max(20),
    vehicle: z
      .object({
        /** The side attacked: its armour from the ruleset (10 / 8 / 7)… */
        side: Side.optional(),
        /** …or the armour itself (a club's vehicle). */
        armour: z.int().nonnegative().optional(),
        ...VehicleTrack,
      })
      .strict()
      .refine((v) => v.side !== undefined || v.armour !== undefined, { message: 'is missing (name the side attacked: front, side or rear, or give armour)', path: ['side'] }),
  })
  .strict();

export type CloseCombatVehicleInput = z.infer<typeof CloseCombatVehicleInput>;

/**
 * «В ББ можно атаковать и технику»: D6 (+ CC) of the attackers against the armour of the side
 * attacked, the vehicle rolls nothing; strictly greater → 1 damage.
 */
export function resolveCloseCombatVehicle(input: CloseCombatVehicleInput, dice: Dice, data: VtorzhenieData) {
  const stamina = checkTrack(input.vehicle, 'vehicle', data);
  const armour = input.vehicle.armour ?? vehicleArmour(input.vehicle.side ?? 'front', data);
  const r = closeCombatVsVehicle(dice, input.attackers, armour, data);
  const damage = input.vehicle.damage + r.damage;
  return { attacker_total: r.total, armour, damaged: r.damaged, damage, destroyed: damage >= stamina };
}

export const closeCombatVehicleAction = defineAction({ input: CloseCombatVehicleInput, resolve: resolveCloseCombatVehicle });

export const RamInput = z
  .object({
    /** A ground vehicle that moved into contact this maneuver. */
    rammer: z.object({ armour: z.int().nonnegative().optional(), ...VehicleTrack }).strict(),
    target: z
      .object({
        kind: z.enum(['infantry', 'cyborg', 'creature', 'vehicle']),
        armour: z.int().nonnegative().optional(),
        /** A vehicle target: the side rammed (its armour) unless armour is given. */
        side: Side.optional(),
        stamina: z.int().positive().optional(),
        damage: z.int().nonnegative().default(0),
      })
      .strict()
      .refine((t) => t.armour !== undefined || (t.kind === 'vehicle' && t.side !== undefined), { message: 'is missing (expected an integer; a vehicle may name its side instead)', path: ['armour'] }),
  })
  .strict();

export type RamInput = z.infer<typeof RamInput>;

/**
 * «Наземная техника может совершить наезд/наступ»: both roll D6 + armour (the rammer's front:
 * default), a tie rolls again (default). Infantry run over dies (necrocyborgs and creatures too:
 * default), a vehicle target takes 2; a lost ram leaves infantry 1 step back, or costs the
 * rammer 1 damage against a vehicle.
 */
export function resolveRam(input: RamInput, dice: Dice, data: VtorzhenieData) {
  const rammerStamina = checkTrack(input.rammer, 'rammer', data);
  const t = input.target;
  const vehicleTarget = t.kind === 'vehicle';
  const targetStamina = vehicleTarget ? checkTrack(t, 'target', data) : (t.stamina ?? data.stamina[t.kind].value);
  if (!vehicleTarget && t.damage >= targetStamina) throw new FieldError('target.damage', `must be less than stamina ${targetStamina}: the model is already destroyed`);
  const rammerArmour = input.rammer.armour ?? vehicleArmour(data.ramming.rammer_side.value, data);
  const targetArmour = t.armour ?? vehicleArmour(t.side ?? 'front', data);
  const r = ram(dice, rammerArmour, { kind: vehicleTarget ? 'vehicle' : 'infantry', armour: targetArmour }, data);
  const targetDamage = r.target_effect === 'killed' ? targetStamina : t.damage + r.target_damage;
  const rammerDamage = input.rammer.damage + r.rammer_damage;
  return {
    ...r,
    target: { damage: targetDamage, destroyed: targetDamage >= targetStamina },
    rammer: { damage: rammerDamage, destroyed: rammerDamage >= rammerStamina },
  };
}

export const ramAction = defineAction({ input: RamInput, resolve: resolveRam });
