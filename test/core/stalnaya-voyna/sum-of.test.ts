import { describe, expect, it } from 'vitest';
import type { Dice } from '../../../src/core/dice/dice.js';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { distribution, groupOdds } from '../../../src/core/odds/enumerate.js';

const odds = (run: (d: Dice) => number[]) => Object.fromEntries([...groupOdds(distribution(run), (v) => [v.join(',')])].map(([k, p]) => [k, p.toString()]));

/** The same parts rolled die by die, summed by hand: what sumOf must equal, path for path. */
function slowSum(d: Dice, parts: readonly ((dice: Dice) => readonly number[])[]): number[] {
  const total = [0, 0];
  for (const p of parts) p(d).forEach((x, i) => (total[i] = (total[i] as number) + x));
  return total;
}

const pair = (a: number, b: number) => (d: Dice) => {
  const x = d.roll(a);
  const y = d.roll(b);
  return x < y ? [1, 0] : x > y ? [0, 1] : [0, 0];
};

describe('Dice.sumOf (independent parts convolved)', () => {
  it('rolls each part in order with recorded dice and sums the vectors', () => {
    const dice = new ScriptedDice([1, 6, 4, 2, 3, 3]);
    expect(dice.sumOf([pair(6, 6), pair(6, 6), pair(6, 6)])).toEqual([1, 1]);
    expect(dice.used).toEqual([1, 6, 4, 2, 3, 3]);
  });

  it('gives the same exact odds as walking every die', () => {
    const parts = [pair(6, 8), pair(4, 12), pair(10, 10)];
    expect(odds((d) => d.sumOf(parts))).toEqual(odds((d) => slowSum(d, parts)));
  });

  it('nests: a part may convolve its own parts, depending on a die it rolled first', () => {
    const lone = (d: Dice) => {
      const l = d.roll(6);
      const [lost = 0, beat = 0] = d.sumOf([6, 4].map((f) => (dd: Dice) => {
        const o = dd.roll(f);
        return o < l ? [1, 0] : o > l ? [0, 1] : [0, 0];
      }));
      return [lost, beat > 0 ? 1 : 0];
    };
    const slowLone = (d: Dice) => {
      const l = d.roll(6);
      const faces = [6, 4].map((f) => d.roll(f));
      return [faces.filter((o) => o < l).length, faces.some((o) => o > l) ? 1 : 0];
    };
    expect(odds((d) => d.sumOf([lone, lone]))).toEqual(odds((d) => slowSum(d, [slowLone, slowLone])));
  });
});
