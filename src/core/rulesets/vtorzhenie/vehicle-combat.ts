import type { Dice } from '../../dice/dice.js';
import { opposedRoll, opposedUntilDecided } from '../../mechanics/opposed-roll.js';
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
