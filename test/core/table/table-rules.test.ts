import { describe, expect, it } from 'vitest';
import { gameSystem, systemIds } from '../../../src/core/rulesets/registry.js';
import { kindSpeedSteps } from '../../../src/core/table/kind-speed.js';
import { tableRules } from '../../../src/core/table/table-rules-registry.js';

describe('table rules files', () => {
  it('all four parse, and every kind, cover and movement class carries its source', () => {
    for (const id of systemIds()) {
      const rules = tableRules(id);
      expect(rules.id).toBe(id);
      for (const group of [rules.kinds, rules.cover_classes, rules.movement_classes]) {
        for (const entry of Object.values(group)) expect(['seed', 'default']).toContain(entry.source);
      }
      expect(Object.keys(rules.kinds)).toContain('infantry');
    }
  });

  it('takes speeds from the system\'s ruleset data where it has them, the same numbers as the seeds', () => {
    const expected: Record<string, Record<string, number>> = {
      vtorzhenie: { infantry: 4, 'heavy-infantry': 3, 'unarmoured-infantry': 5, necrocyborg: 3, creature: 5, vehicle: 8 },
      bronepekhota: { infantry: 4, 'infantry-armour-5': 3, 'infantry-armour-6': 2, gun: 1, tracked: 3, wheeled: 5, walker: 5, cyborg: 5 },
      'stalnaya-voyna': { infantry: 6, tracked: 12 },
    };
    for (const [id, speeds] of Object.entries(expected)) {
      const rules = tableRules(id as never);
      const data = gameSystem(id)?.data;
      for (const [kind, steps] of Object.entries(speeds)) {
        const k = rules.kinds[kind];
        expect(k, `${id} ${kind}`).toBeDefined();
        expect(kindSpeedSteps(k!.value, data), `${id} ${kind}`).toBe(steps);
      }
    }
  });

  it('falls back to its own default when the system data lacks the path', () => {
    expect(kindSpeedSteps({ body: 'infantry', speed_steps: 7, speed_from: 'no.such.path' }, { no: {} })).toBe(7);
    expect(kindSpeedSteps({ body: 'infantry', speed_steps: 7, speed_from: 'a.b' }, { a: { value: { b: 2 }, source: 'seed' } })).toBe(2);
  });
});
