import { describe, expect, it } from 'vitest';
import { compareLeafOdds } from './all-field-odds.js';

const SAMPLES = 100_000;

const cases: [string, Record<string, unknown>][] = [
  ['wound-test', { weapon: { mshch: 1, hrk: { B: 12 } }, target: { armour_class: 'B', stk: 3, markers: 1, models: 5 }, hits: 6 }],
  ['wound-test', { weapon: { mshch: 2, hrk: { C: 15 } }, target: { armour_class: 'C', stk: 3, models: 4, eligible_models: 2 }, hits: 8, reroll_failed: true }],
  ['melee', { sides: [{ player: 'A', models: 6, in_contact: 3, strikers: 5, bsp: 9, stk: 1 }, { player: 'B', models: 4, in_contact: 4, strikers: 4, bsp: 12, stk: 2, markers: 1, strikes_per_model: 2 }] }],
];

describe('zvezdny-desant exact odds against seeded samples', () => {
  for (const [action, fields] of cases) {
    it(`${action} ${JSON.stringify(fields)}`, () => {
      const c = compareLeafOdds('zvezdny-desant', action, fields, SAMPLES, `zd-${action}`);
      for (const [field, sum] of c.fieldSums) expect(`${field}: ${sum.toString()}`).toBe(`${field}: 1/1`);
      expect(c.worstGap, `worst key ${c.worstKey}`).toBeLessThan(0.005);
    });
  }
});
