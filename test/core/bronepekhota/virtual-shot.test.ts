import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { measure } from '../../../src/core/measure/measure.js';
import { bronepekhota } from '../../../src/core/rulesets/bronepekhota/system.js';
import { resolveVirtualShot, VirtualShotInput } from '../../../src/core/rulesets/bronepekhota/virtual-shot.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const data = bronepekhota.data;
const shot = (fields: unknown, dice: number[]) => {
  const d = new ScriptedDice(dice);
  return { ...resolveVirtualShot(VirtualShotInput.parse(fields), d, data), dice_used: d.used };
};
const pistol = { shooting: 2, range_steps: data.weapons.pistol!.range_steps.value };

describe('bronepekhota measure (шаг = 4 cm)', () => {
  it('EX: 16 cm is 4 steps, 18 cm is 4.5', () => {
    expect(measure(16, data.distance)).toEqual({ steps: 4, band: null, close_combat: false });
    expect(measure(18, data.distance).steps).toBe(4.5);
  });

  it('allows close combat up to 3 cm (default), not at 3.5 cm', () => {
    expect(measure(2, data.distance).close_combat).toBe(true);
    expect(measure(3, data.distance).close_combat).toBe(true);
    expect(measure(3.5, data.distance).close_combat).toBe(false);
  });
});

describe('bronepekhota virtual shot', () => {
  it('EX: a pistol (4 steps) reaches 16 cm; at 18 cm the target is out of range', () => {
    expect(shot({ distance_cm: 16, shooters: [pistol], target: { armour: 3, kind: 'infantry' } }, [4])).toMatchObject({ allowed: true, steps: 4, attacker_total: 6, defender_total: 3, hit: true, effect: 'killed' });
    expect(shot({ distance_cm: 18, shooters: [pistol], target: { armour: 3, kind: 'infantry' } }, [])).toEqual({
      allowed: false, steps: 4.5, attacker_total: null, defender_total: null, hit: false, effect: 'none', dice_used: [],
    });
  });

  it('a single shot must beat the armour strictly; cover adds 1', () => {
    expect(shot({ distance_cm: 8, shooters: [pistol], target: { armour: 5, kind: 'infantry' } }, [3])).toMatchObject({ attacker_total: 5, defender_total: 5, hit: false, effect: 'none' });
    expect(shot({ distance_cm: 8, shooters: [pistol], target: { armour: 4, kind: 'infantry', cover: 'partial' } }, [3])).toMatchObject({ defender_total: 5, hit: false });
    expect(shot({ distance_cm: 8, shooters: [pistol], target: { armour: 4, kind: 'vehicle' } }, [3])).toMatchObject({ hit: true, effect: 'damage' });
    expect(shot({ distance_cm: 8, shooters: [pistol], target: { armour: 4, kind: 'infantry', cover: 'full' } }, [])).toMatchObject({ allowed: false });
  });

  it('a volley: summed Shooting + D6 against armour + weapons firing + D6, at the shortest range', () => {
    const rifle = { shooting: 3, range_steps: 8 };
    const r = shot({ distance_cm: 12, shooters: [pistol, rifle, rifle], target: { armour: 4, kind: 'cyborg' } }, [2, 5]);
    expect(r).toMatchObject({ allowed: true, attacker_total: 10, defender_total: 12, hit: false, dice_used: [2, 5] });
    expect(shot({ distance_cm: 20, shooters: [pistol, rifle], target: { armour: 4, kind: 'cyborg' } }, [])).toMatchObject({ allowed: false });
    expect(shot({ distance_cm: 20, shooters: [rifle, rifle], target: { armour: 4, kind: 'cyborg' } }, [6, 1])).toMatchObject({ attacker_total: 12, defender_total: 7, hit: true, effect: 'damage' });
  });

  it('prices a single shot: Shooting 2 + D6 > 5 is 1/2', () => {
    const out = resolveScenario({ ruleset: 'bronepekhota', action: 'virtual-shot', distance_cm: 8, shooters: [pistol], target: { armour: 5, kind: 'infantry' }, exact: true });
    expect(out.ok && out.output.odds).toEqual({ 'allowed=true': '1/1', 'hit=false': '1/2', 'effect=none': '1/2', 'hit=true': '1/2', 'effect=killed': '1/2' });
  });
});
