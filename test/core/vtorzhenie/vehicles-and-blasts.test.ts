import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { distribution, groupOdds } from '../../../src/core/odds/enumerate.js';
import { blastVictims, resolveBlast, type BlastModel } from '../../../src/core/rulesets/vtorzhenie/blast.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';
import { closeCombatVsVehicle, ram, vehicleArmour } from '../../../src/core/rulesets/vtorzhenie/vehicle-combat.js';

const data = vtorzhenie.data;
const model = (id: string, xCm: number, extra: Partial<BlastModel> = {}): BlastModel => ({ id, at: { xCm, yCm: 0 }, armour: 3, vehicle: false, shield: false, stamina: 1, damage: 0, ...extra });

describe('vtorzhenie blasts', () => {
  it('catches every model within 2 steps of the target (1-cm rule), never a gun, not the target itself', () => {
    const target = model('t', 0);
    const others = [target, model('a', 10), model('b', 11), model('c', 12), model('g', 5, { gun: true })];
    expect(blastVictims(target, others, 2, data).map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('gives each victim a Power 3 hit, attacker die then victim die, in order', () => {
    const launcher = data.weapons['grenade-launcher']!;
    const d = new ScriptedDice([4, 3, 1, 6]);
    const hits = resolveBlast(d, [model('a', 5), model('b', 8, { stamina: 2 })], launcher, data);
    expect(hits).toEqual([
      { id: 'a', penetrated: true, damage: 1, destroyed: true },
      { id: 'b', penetrated: false, damage: 0, destroyed: false },
    ]);
    expect(d.used).toEqual([4, 3, 1, 6]);
    expect(resolveBlast(new ScriptedDice([]), [model('a', 5)], data.weapons.pistol!, data)).toEqual([]);
  });
});

describe('vtorzhenie vehicles in close combat and ramming', () => {
  it('close combat against a vehicle: D6 + CC strictly over the armour of the side attacked', () => {
    expect(vehicleArmour('rear', data)).toBe(7);
    expect(closeCombatVsVehicle(new ScriptedDice([4]), [{ cc: 4, attack_dice: 1 }], 7, data)).toEqual({ total: 8, damaged: true, damage: 1 });
    expect(closeCombatVsVehicle(new ScriptedDice([3]), [{ cc: 4, attack_dice: 1 }], 7, data)).toMatchObject({ damaged: false, damage: 0 });
    expect(closeCombatVsVehicle(new ScriptedDice([1, 5]), [{ cc: 2, attack_dice: 2 }, { cc: 1, attack_dice: 1 }], 7, data)).toMatchObject({ total: 8, damaged: true });
  });

  it('ramming: higher vehicle kills infantry or deals 2; lower: infantry steps back or the rammer takes 1; ties roll again', () => {
    expect(ram(new ScriptedDice([5, 6]), 8, { kind: 'infantry', armour: 3 }, data)).toMatchObject({ target_effect: 'killed' });
    expect(ram(new ScriptedDice([1, 6]), 7, { kind: 'infantry', armour: 3 }, data)).toEqual({ vehicle_total: 8, target_total: 9, rounds: 1, target_effect: 'steps-back', target_damage: 0, rammer_damage: 0 });
    expect(ram(new ScriptedDice([3, 5]), 8, { kind: 'vehicle', armour: 8 }, data)).toEqual({ vehicle_total: 11, target_total: 13, rounds: 1, target_effect: 'none', target_damage: 0, rammer_damage: 1 });
    expect(ram(new ScriptedDice([4, 4, 6, 2]), 8, { kind: 'vehicle', armour: 8 }, data)).toEqual({ vehicle_total: 14, target_total: 10, rounds: 2, target_effect: 'damaged', target_damage: 2, rammer_damage: 0 });
  });

  it('prices ramming exactly: equal armour wins half the time after ties', () => {
    const odds = groupOdds(distribution((d) => ram(d, 8, { kind: 'vehicle', armour: 8 }, data)), (r) => [r.target_effect]);
    expect(odds.get('damaged')?.toString()).toBe('1/2');
    expect(odds.get('none')?.toString()).toBe('1/2');
  });
});
