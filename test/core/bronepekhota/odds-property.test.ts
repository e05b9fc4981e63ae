import { describe, expect, it } from 'vitest';
import { compareOdds } from '../vtorzhenie/sampled-odds.js';

const SAMPLES = 100_000;

const cases: [string, Record<string, unknown>][] = [
  ['virtual-shot', { distance_cm: 10, shooters: [{ shooting: 2, range_steps: 4 }], target: { armour: 4, kind: 'infantry', cover: 'partial' } }],
  ['virtual-shot', { distance_cm: 20, shooters: [{ shooting: 3, range_steps: 8 }, { shooting: 3, range_steps: 8 }, { shooting: 4, range_steps: 12 }], target: { armour: 5, kind: 'vehicle' } }],
  ['real-shot', { target: { kind: 'vehicle', unit_type: 'walker', damage: 2 }, hit: true, fell: false }],
  ['close-combat', { attacker: { cc: 2, armour: 3 }, defender: { cc: 1, armour: 4, kind: 'cyborg' } }],
];

describe('bronepekhota exact odds against seeded samples', () => {
  for (const [action, fields] of cases) {
    it(`${action} ${JSON.stringify(fields)}`, () => {
      const c = compareOdds('bronepekhota', action, fields, SAMPLES, `bp-${action}`);
      for (const [field, sum] of c.fieldSums) expect(`${field}: ${sum.toString()}`).toBe(`${field}: 1/1`);
      expect(c.worstGap, `worst key ${c.worstKey}`).toBeLessThan(0.005);
    });
  }
});
