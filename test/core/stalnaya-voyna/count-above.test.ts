import { describe, expect, it } from 'vitest';
import type { Dice } from '../../../src/core/dice/dice.js';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { distribution, groupOdds } from '../../../src/core/odds/enumerate.js';

/** The same question asked die by die: what countAbove must equal, path for path. */
function slowCountAbove(dice: Dice, pool: readonly number[], against: number): number {
  const faces = pool.map((s) => dice.roll(s));
  const a = dice.roll(against);
  return faces.filter((f) => f > a).length;
}

const odds = (run: (d: Dice) => number) =>
  Object.fromEntries([...groupOdds(distribution(run), (n) => [`above=${n}`])].map(([k, p]) => [k, p.toString()]));

describe('Dice.countAbove (a pool against one die)', () => {
  it('rolls the pool in order, then the opposing die, and counts strictly higher faces', () => {
    const dice = new ScriptedDice([6, 3, 10, 3]);
    expect(dice.countAbove([6, 4, 10], 8)).toBe(2);
    expect(dice.used).toEqual([6, 3, 10, 3]);
  });

  for (const [pool, against] of [[[6, 10], 10], [[8, 8, 6, 12], 4], [[4], 12], [[12, 12, 12], 6]] as const) {
    it(`exact odds equal the die-by-die enumeration: [${pool.join(',')}] against d${against}`, () => {
      expect(odds((d) => d.countAbove(pool, against))).toEqual(odds((d) => slowCountAbove(d, pool, against)));
    });
  }
});
