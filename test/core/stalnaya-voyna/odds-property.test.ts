import { describe, expect, it } from 'vitest';
import { compareLeafOdds } from '../zvezdny-desant/all-field-odds.js';

const SAMPLES = 100_000;

const cases: [string, Record<string, unknown>][] = [
  ['fire', { distance_in: 12, shooter: { quality: 'd8', small_arms_rof: [3, 3, 1], support: [] }, target: { prone: true } }],
  ['fire', { distance_in: 7, shooter: { quality: 'd12', small_arms_rof: [4, 4, 4], support: ['d10', 'd8', 'd12', 'd6'] }, target: { cover: 'heavy' } }],
  ['fire', { distance_in: 2, shooter: { quality: 'd4', small_arms_rof: [], support: ['d6'] }, target: {} }],
  ['wound', { power: 'd10', armour: 'd4' }],
  ['wound', { power: 'd12', armour: 'd6' }],
  ['melee-casualty', {}],
  ['reorganise', { medic: true }],
  ['commander-lost', { leadership: 2 }],
];

describe('stalnaya-voyna exact odds against seeded samples', () => {
  for (const [action, fields] of cases) {
    it(`${action} ${JSON.stringify(fields)}`, () => {
      const c = compareLeafOdds('stalnaya-voyna', action, fields, SAMPLES, `sv-${action}`);
      for (const [field, sum] of c.fieldSums) expect(`${field}: ${sum.toString()}`).toBe(`${field}: 1/1`);
      expect(c.worstGap, `worst key ${c.worstKey}`).toBeLessThan(0.005);
      expect(c.exactMs).toBeLessThan(50);
    });
  }
});
