import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../src/core/dice/scripted-dice.js';
import { SeededDice } from '../../src/core/dice/seeded-dice.js';
import { distribution, groupOdds } from '../../src/core/odds/enumerate.js';
import { Fraction } from '../../src/core/odds/fraction.js';
import { Rng, seedRng } from '../../src/core/random/rng.js';

describe('seeded generator', () => {
  it('replays the same faces from the same seed and differs across seeds', () => {
    const a = new Rng(seedRng('x'));
    const b = new Rng(seedRng('x'));
    const c = new Rng(seedRng('y'));
    const fa = Array.from({ length: 50 }, () => a.die(6));
    expect(Array.from({ length: 50 }, () => b.die(6))).toEqual(fa);
    expect(Array.from({ length: 50 }, () => c.die(6))).not.toEqual(fa);
  });

  it('resumes from a stored state exactly', () => {
    const a = new Rng(seedRng('resume'));
    for (let i = 0; i < 10; i++) a.nextUint32();
    const saved = a.state();
    const next = [a.nextUint32(), a.nextUint32()];
    const b = new Rng(saved);
    expect([b.nextUint32(), b.nextUint32()]).toEqual(next);
  });

  it('gives each face of a d6 about a sixth of the time', () => {
    const dice = new SeededDice(seedRng('uniform'));
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 60_000; i++) counts[dice.roll(6)]!++;
    for (let f = 1; f <= 6; f++) expect(Math.abs(counts[f]! / 60_000 - 1 / 6)).toBeLessThan(0.01);
  });
});

describe('scripted dice', () => {
  it('refuses a face outside the die and too few dice, naming the position', () => {
    expect(() => new ScriptedDice([7]).roll(6)).toThrow('dice[0]: a d6 shows 1 to 6, got 7');
    const d = new ScriptedDice([3]);
    d.roll(6);
    expect(() => d.roll(6)).toThrow(/dice: too few dice/);
  });

  it('records every die of keep-highest and of a repeat', () => {
    const d = new ScriptedDice([4, 1, 2, 2, 5, 3]);
    expect(d.keepHighest(2, 6)).toBe(4);
    const r = d.repeatWhile((x) => [x.roll(6), x.roll(6)] as const, ([a, b]) => a === b);
    expect(r).toEqual({ value: [5, 3], rounds: 2 });
    expect(d.used).toEqual([4, 1, 2, 2, 5, 3]);
  });
});

describe('exact enumeration', () => {
  it('prices 2 keep highest as (2k-1)/36', () => {
    const odds = groupOdds(distribution((d) => d.keepHighest(2, 6)), (v) => [String(v)]);
    expect(odds.get('6')?.toString()).toBe('11/36');
    expect(odds.get('1')?.toString()).toBe('1/36');
  });

  it('conditions "roll again on a tie" exactly', () => {
    const out = distribution((d) => d.repeatWhile((x) => x.roll(6) - x.roll(6), (v) => v === 0).value > 0);
    const odds = groupOdds(out, (v) => [String(v)]);
    expect(odds.get('true')?.toString()).toBe('1/2');
  });

  it('counts successes with binomial weights that sum to one', () => {
    const out = distribution((d) => d.countAtLeast(3, 20, 12));
    const total = out.reduce((s, o) => s.add(o.p), Fraction.ZERO);
    expect(total.toString()).toBe('1/1');
    expect(groupOdds(out, (v) => [String(v)]).get('3')?.toString()).toBe('729/8000');
  });
});
