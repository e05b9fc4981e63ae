import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

/**
 * Large inputs of each action (a full squad's hits, two ten-figure units in melee): exact odds
 * must be walked to the end (their cost is `npm run bench:engine`'s). D20 counts cost (n+1) branches per batch, so a
 * melee costs the product of both sides' strike counts.
 */
const heavy: Record<string, unknown>[] = [
  { ruleset: 'stalnaya-voyna', action: 'fire', distance_in: 7, shooter: { quality: 'd12', small_arms_rof: [4, 4, 4], support: ['d10', 'd8', 'd12', 'd6', 'd12', 'd12'] }, target: { cover: 'heavy' } },
  { ruleset: 'stalnaya-voyna', action: 'wound', power: 'd12', armour: 'd12' },
  { ruleset: 'zvezdny-desant', action: 'wound-test', weapon: { mshch: 2, hrk: { C: 15 } }, target: { armour_class: 'C', stk: 3, models: 10 }, hits: 20, reroll_failed: true },
  { ruleset: 'zvezdny-desant', action: 'melee', sides: [{ player: 'A', models: 10, in_contact: 6, strikers: 10, bsp: 9, stk: 1 }, { player: 'B', models: 10, in_contact: 8, strikers: 10, bsp: 12, stk: 2, strikes_per_model: 2 }] },
];

/** Odds of every field of an exact output sum to exactly 1 (p/q with bigint-free integers). */
function fieldSums(odds: Record<string, string>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [k, p] of Object.entries(odds)) {
    const [n, d] = p.split('/').map(Number) as [number, number];
    const field = k.slice(0, k.indexOf('='));
    sums.set(field, (sums.get(field) ?? 0) + n / d);
  }
  return sums;
}

// Their cost is measured by `npm run bench:engine` (speed is never asserted in a test).
describe('exact odds of large inputs (priced in bench:engine)', () => {
  for (const input of heavy) {
    it(`${String(input.ruleset)} ${String(input.action)}: walked to the end, every field sums to 1`, () => {
      const r = resolveScenario({ ...input, exact: true });
      if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
      const sums = fieldSums(r.output.odds as Record<string, string>);
      expect(sums.size).toBeGreaterThan(0);
      for (const [field, sum] of sums) expect(Math.abs(sum - 1), field).toBeLessThan(1e-9);
    });
  }

  it('the contract\'s odds of fire sum to 1 per field', () => {
    const r = resolveScenario({ ...heavy[0], exact: true });
    if (!r.ok) throw new Error(r.error.problem);
    const odds = r.output.odds as Record<string, string>;
    const sums = new Map<string, number>();
    for (const [k, p] of Object.entries(odds)) {
      const [n, d] = p.split('/').map(Number) as [number, number];
      const field = k.slice(0, k.indexOf('='));
      sums.set(field, (sums.get(field) ?? 0) + n / d);
    }
    expect([...sums.keys()].sort()).toEqual(['allowed', 'casualties', 'firepower_die', 'range_die', 'result']);
    for (const s of sums.values()) expect(s).toBeCloseTo(1, 12);
  });
});
