import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { distribution, groupOdds } from '../../../src/core/odds/enumerate.js';
import { grenadeCheck, resolveGrenadeThrow, resolveVolleyWithGrenades, type VolleyTrooper } from '../../../src/core/rulesets/bronepekhota/grenades.js';
import { climbCostSteps, maneuverSteps } from '../../../src/core/rulesets/bronepekhota/movement.js';
import { bronepekhota } from '../../../src/core/rulesets/bronepekhota/system.js';
import { NEW_UNIT_TURN, startPhase, type UnitTurn, type UnitTurnStep } from '../../../src/core/rulesets/bronepekhota/turn.js';

const data = bronepekhota.data;
const trooper = (extra: Partial<VolleyTrooper> = {}): VolleyTrooper => ({ shooting: 3, range_steps: 8, role: 'trooper', weapon_class: 'light', grenades_left: 2, ...extra });

describe('bronepekhota grenades', () => {
  it('checks: light 2+, special 4+, heavy 5+; pilots, operators and CC-only troopers always; none left, never', () => {
    expect(grenadeCheck(new ScriptedDice([2]), trooper(), data)).toEqual({ roll: 2, may_throw: true });
    expect(grenadeCheck(new ScriptedDice([1]), trooper(), data)).toEqual({ roll: 1, may_throw: false });
    expect(grenadeCheck(new ScriptedDice([3]), trooper({ weapon_class: 'special' }), data).may_throw).toBe(false);
    expect(grenadeCheck(new ScriptedDice([4]), trooper({ weapon_class: 'special' }), data).may_throw).toBe(true);
    expect(grenadeCheck(new ScriptedDice([4]), trooper({ weapon_class: 'heavy' }), data).may_throw).toBe(false);
    expect(grenadeCheck(new ScriptedDice([]), trooper({ role: 'pilot' }), data)).toEqual({ roll: null, may_throw: true });
    expect(grenadeCheck(new ScriptedDice([]), trooper({ role: 'gun-operator' }), data)).toEqual({ roll: null, may_throw: true });
    expect(grenadeCheck(new ScriptedDice([]), trooper({ weapon_class: null }), data)).toEqual({ roll: null, may_throw: true });
    expect(grenadeCheck(new ScriptedDice([]), trooper({ grenades_left: 0 }), data)).toEqual({ roll: null, may_throw: false });
  });

  it('a volley within 2 steps adds the grenades that passed their checks; checks first, then the two dice', () => {
    const d = new ScriptedDice([6, 1, 3, 4]);
    const r = resolveVolleyWithGrenades(d, { distance_cm: 8, troopers: [trooper(), trooper()], target: { armour: 4, kind: 'infantry', cover: 'none' } }, data);
    const grenade = data.hand_grenade.shooting.value;
    expect(r).toMatchObject({ allowed: true, attacker_total: 6 + grenade + 3, defender_total: 4 + 2 + 4, grenades_left: [1, 2] });
    expect(r.grenade_checks).toEqual([{ roll: 6, may_throw: true }, { roll: 1, may_throw: false }]);
    expect(d.used).toEqual([6, 1, 3, 4]);
  });

  it('no grenades beyond 2 steps, nor for a lone trooper', () => {
    const far = resolveVolleyWithGrenades(new ScriptedDice([3, 4]), { distance_cm: 12, troopers: [trooper(), trooper()], target: { armour: 4, kind: 'infantry', cover: 'none' } }, data);
    expect(far).toMatchObject({ attacker_total: 9, grenades_left: [2, 2] });
    const lone = resolveVolleyWithGrenades(new ScriptedDice([3]), { distance_cm: 4, troopers: [trooper()], target: { armour: 4, kind: 'infantry', cover: 'none' } }, data);
    expect(lone).toMatchObject({ attacker_total: 6, defender_total: 4, grenades_left: [2] });
    expect(resolveGrenadeThrow(new ScriptedDice([2]), 8, { armour: 4, kind: 'infantry', cover: 'none' }, data)).toMatchObject({ allowed: true, attacker_total: data.hand_grenade.shooting.value + 2 });
  });

  it('prices a volley with grenades exactly (odds sum to 1)', () => {
    const out = distribution((d) => resolveVolleyWithGrenades(d, { distance_cm: 8, troopers: [trooper(), trooper({ weapon_class: 'heavy' })], target: { armour: 5, kind: 'infantry', cover: 'none' } }, data).hit);
    const odds = groupOdds(out, (h) => [String(h)]);
    expect(odds.get('true')!.add(odds.get('false')!).toString()).toBe('1/1');
  });
});

describe('bronepekhota maneuver', () => {
  it('table 1: infantry by armour, guns 1, tracked 3, wheeled and walking 5, cyborgs 5', () => {
    expect([1, 4, 5, 6].map((armour) => maneuverSteps({ unit_type: 'infantry', armour }, data))).toEqual([4, 4, 3, 2]);
    expect(maneuverSteps({ unit_type: 'mobile-gun' }, data)).toBe(1);
    expect(maneuverSteps({ unit_type: 'heavy-tracked' }, data)).toBe(3);
    expect(maneuverSteps({ unit_type: 'wheeled' }, data)).toBe(5);
    expect(maneuverSteps({ unit_type: 'walker' }, data)).toBe(5);
    expect(maneuverSteps({ unit_type: 'cyborg' }, data)).toBe(5);
  });

  it('climbing: 1 step per 4 cm up, 1 step down any height', () => {
    expect(climbCostSteps(4, false, data)).toBe(1);
    expect(climbCostSteps(8, false, data)).toBe(2);
    expect(climbCostSteps(5, false, data)).toBe(2);
    expect(climbCostSteps(0, true, data)).toBe(1);
  });
});

describe('bronepekhota turn', () => {
  const ok = (s: UnitTurnStep): UnitTurn => {
    if (!s.ok) throw new Error(s.reason);
    return s.turn;
  };
  it('a turn is one unit: maneuver, attack, close combat in that order, any may be skipped', () => {
    let t = ok(startPhase(NEW_UNIT_TURN, 'squad-1', 'infantry', 'maneuver', data));
    t = ok(startPhase(t, 'squad-1', 'infantry', 'close-combat', data));
    expect(startPhase(t, 'squad-1', 'infantry', 'attack', data).ok).toBe(false);
    expect(startPhase(t, 'squad-2', 'infantry', 'attack', data).ok).toBe(false);
    expect(startPhase(NEW_UNIT_TURN, 'walker-1', 'walker', 'close-combat', data).ok).toBe(false);
  });
});
