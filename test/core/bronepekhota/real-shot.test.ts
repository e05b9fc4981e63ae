import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { RealShotInput, resolveRealShot } from '../../../src/core/rulesets/bronepekhota/real-shot.js';
import { bronepekhota } from '../../../src/core/rulesets/bronepekhota/system.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const real = (fields: unknown) => resolveRealShot(RealShotInput.parse(fields), new ScriptedDice([]), bronepekhota.data);

describe('bronepekhota real shot', () => {
  it('an infantryman who falls is killed; one who stays standing is unharmed', () => {
    expect(real({ target: { kind: 'infantry', unit_type: 'infantry' }, hit: true, fell: true })).toEqual({ damage: 1, destroyed: true, critical: false, state: 'destroyed' });
    expect(real({ target: { kind: 'infantry', unit_type: 'infantry' }, hit: true, fell: false })).toEqual({ damage: 0, destroyed: false, critical: false, state: 'normal' });
  });

  it('a walker takes 1 for a hit, 3 in total for a hit that knocks it over', () => {
    expect(real({ target: { kind: 'vehicle', unit_type: 'walker' }, hit: true, fell: false })).toEqual({ damage: 1, destroyed: false, critical: false, state: 'normal' });
    expect(real({ target: { kind: 'vehicle', unit_type: 'walker' }, hit: true, fell: true })).toEqual({ damage: 3, destroyed: false, critical: true, state: 'stands-shoots' });
    expect(real({ target: { kind: 'vehicle', unit_type: 'walker', damage: 3 }, hit: true, fell: true })).toEqual({ damage: 6, destroyed: true, critical: true, state: 'destroyed' });
  });

  it('guns that reach critical damage shoot every other turn', () => {
    expect(real({ target: { kind: 'gun', unit_type: 'mobile-gun', damage: 1 }, hit: true, fell: false })).toMatchObject({ damage: 2, state: 'shoots-every-other-turn' });
    expect(real({ target: { kind: 'gun', unit_type: 'fixed-gun' }, hit: true, fell: true })).toMatchObject({ damage: 3, state: 'shoots-every-other-turn' });
  });

  it('a ricochet or a miss counts nothing, even if the model fell', () => {
    expect(real({ target: { kind: 'infantry', unit_type: 'infantry' }, hit: true, ricochet: true, fell: true })).toMatchObject({ destroyed: false, damage: 0 });
    expect(real({ target: { kind: 'cyborg', unit_type: 'cyborg', damage: 2 }, hit: false, fell: true })).toEqual({ damage: 2, destroyed: false, critical: true, state: 'stands-shoots' });
  });

  it('names an unknown unit type, a kind that does not fit it, and damage past the maximum', () => {
    const base = { ruleset: 'bronepekhota', action: 'real-shot', hit: true, fell: false };
    expect(resolveScenario({ ...base, target: { kind: 'vehicle', unit_type: 'dragon' } })).toMatchObject({ ok: false, error: { field: 'target.unit_type' } });
    expect(resolveScenario({ ...base, target: { kind: 'infantry', unit_type: 'walker' } })).toMatchObject({ ok: false, error: { field: 'target.kind' } });
    expect(resolveScenario({ ...base, target: { kind: 'vehicle', unit_type: 'walker', damage: 6 } })).toMatchObject({ ok: false, error: { field: 'target.damage' } });
  });

  it('every unit type of the table is there with max ≥ critical', () => {
    const ids = ['infantry', 'mini-walker', 'walker', 'mobile-gun', 'light-walker', 'cyborg', 'wheeled', 'standard-walker', 'nonstandard-walker', 'heavy-tracked', 'fixed-gun'];
    expect(Object.keys(bronepekhota.data.unit_types)).toEqual(ids);
    for (const t of Object.values(bronepekhota.data.unit_types)) expect(t.max_damage.value).toBeGreaterThanOrEqual(t.critical_damage.value ?? 0);
  });
});
