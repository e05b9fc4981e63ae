import { describe, expect, it } from 'vitest';
import { compareLeafOdds } from './all-field-odds.js';

const SAMPLES = 60_000;

const cases: [string, Record<string, unknown>][] = [
  [
    'multi-melee',
    {
      units: [
        { id: 'a1', player: 'A', models: 4, in_contact: 2, bsp: 9, stk: 1 },
        { id: 'a2', player: 'A', models: 2, in_contact: 1, bsp: 12, stk: 2, markers: 1 },
        { id: 'b1', player: 'B', models: 5, in_contact: 4, bsp: 10, stk: 1 },
      ],
      strikes: [
        { from: 'a1', to: 'b1', strikers: 4 },
        { from: 'a2', to: 'b1', strikers: 2, strikes_per_model: 2 },
        { from: 'b1', to: 'a1', strikers: 3 },
        { from: 'b1', to: 'a2', strikers: 2 },
      ],
    },
  ],
  ['panic-test', { ldr: 11, modifier: -1, reroll_failed: true }],
];

describe('zvezdny-desant new actions: exact odds sum to 1 and match seeded sampling', () => {
  for (const [action, fields] of cases) {
    it(`${action} ${JSON.stringify(fields)}`, () => {
      const c = compareLeafOdds('zvezdny-desant', action, fields, SAMPLES, `zd-new-${action}`);
      for (const [field, sum] of c.fieldSums) expect(`${field}: ${sum.toString()}`).toBe(`${field}: 1/1`);
      expect(c.worstGap, `worst key ${c.worstKey}`).toBeLessThan(0.01);
    });
  }
});
