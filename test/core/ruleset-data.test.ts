import { describe, expect, it } from 'vitest';
import { parseRulesetData } from '../../src/core/rulesets/registry.js';
import { bronepekhota } from '../../src/core/rulesets/bronepekhota/system.js';
import bronepekhotaRaw from '../../src/core/rulesets/bronepekhota/ruleset.json' with { type: 'json' };
import { stalnayaVoyna } from '../../src/core/rulesets/stalnaya-voyna/system.js';
import stalnayaVoynaRaw from '../../src/core/rulesets/stalnaya-voyna/ruleset.json' with { type: 'json' };
import { vtorzhenie } from '../../src/core/rulesets/vtorzhenie/system.js';
import vtorzhenieRaw from '../../src/core/rulesets/vtorzhenie/ruleset.json' with { type: 'json' };
import { zvezdnyDesant } from '../../src/core/rulesets/zvezdny-desant/system.js';
import zvezdnyDesantRaw from '../../src/core/rulesets/zvezdny-desant/ruleset.json' with { type: 'json' };

const LABELS = new Set(['id', 'name_ru', 'name_en', 'label_ru']);

/** Paths of values that are not wrapped in {value, source}. */
function unsourced(node: unknown, path = ''): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [path];
  if ('source' in node) return ['seed', 'default'].includes(String(node.source)) && 'value' in node ? [] : [path];
  return Object.entries(node).flatMap(([k, v]) => (LABELS.has(k) ? [] : unsourced(v, path ? `${path}.${k}` : k)));
}

describe.each([
  ['vtorzhenie', vtorzhenie, vtorzhenieRaw],
  ['bronepekhota', bronepekhota, bronepekhotaRaw],
  ['zvezdny-desant', zvezdnyDesant, zvezdnyDesantRaw],
  ['stalnaya-voyna', stalnayaVoyna, stalnayaVoynaRaw],
] as const)('%s ruleset data', (_id, system, raw) => {
  it('marks every value seed or default', () => {
    expect(unsourced(system.data)).toEqual([]);
  });

  it('is accepted as a club file and round-trips unchanged', () => {
    const r = parseRulesetData(JSON.parse(JSON.stringify(raw)));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.data).toEqual(system.data);
  });

  it('names the field of a broken club file', () => {
    const broken = JSON.parse(JSON.stringify(raw)) as { distance: { unit_cm: { source: string } } };
    broken.distance.unit_cm.source = 'rumour';
    expect(parseRulesetData(broken)).toMatchObject({ ok: false, field: 'distance.unit_cm.source' });
  });
});

describe('seed values the digest names', () => {
  it('vtorzhenie', () => {
    const d = vtorzhenie.data;
    expect([d.weapons.pistol!.range_steps, d.weapons['sniper-rifle']!.range_steps, d.weapons['sniper-rifle']!.power].map((v) => [v.value, v.source])).toEqual([[8, 'seed'], [20, 'seed'], [3, 'seed']]);
    expect(d.weapons['sniper-rifle']!.accuracy_bonus).toMatchObject({ value: 1, source: 'default' });
    expect(d.cc_weapons.knife!.cc).toMatchObject({ value: 1, source: 'default' });
    expect([d.stamina.infantry.value, d.stamina.cyborg.value, d.stamina.vehicle.value]).toEqual([1, 2, 3]);
    expect([d.armour.vehicle_front.value, d.armour.vehicle_side.value, d.armour.vehicle_rear.value]).toEqual([10, 8, 7]);
    expect(d.real_shot.fall_damage_total).toMatchObject({ value: 2, source: 'default' });
  });

  it('bronepekhota', () => {
    const d = bronepekhota.data;
    expect(d.weapons.pistol!.range_steps).toMatchObject({ value: 4, source: 'seed' });
    expect([d.grenade_check.light.value, d.grenade_check.special.value, d.grenade_check.heavy.value]).toEqual([2, 4, 5]);
    expect(d.real_shot.fall_damage_total).toMatchObject({ value: 3, source: 'default' });
    const t = d.unit_types['heavy-tracked']!;
    expect([t.max_damage.value, t.critical_damage.value, t.critical_state.value, t.critical_state.source]).toEqual([10, 5, 'stands-shoots', 'seed']);
  });
});
