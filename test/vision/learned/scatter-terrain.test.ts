/**
 * The training tables' scatter terrain (test/synthetic/varied.ts): pieces a miniature's size
 * between the models, so the detector learns that a thing on the table is not a model because
 * it stands up. They must never cover a model (its truth would then be unseen), must be part of
 * the empty table too, and must leave every seed's models where they were.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../synthetic/noise.js';
import { scatterTerrain, variedTable } from '../../synthetic/varied.js';

describe('scatter terrain on the training tables', () => {
  it('keeps every piece clear of what is already placed', () => {
    let pieces = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const rand = mulberry32(seed);
      const taken = Array.from({ length: 25 }, () => ({ x: 100 + rand() * 1600, y: 100 + rand() * 1000, r: 10 + rand() * 40 }));
      const before = taken.map((q) => ({ ...q }));
      const prims = scatterTerrain(mulberry32(seed + 7), taken, 1800, 1200);
      pieces += taken.length - before.length;
      for (const p of prims) {
        const b = p.bound;
        for (const q of before) expect(Math.hypot(b.x - q.x, b.y - q.y), `seed ${seed}`).toBeGreaterThan(q.r);
        expect(b.x).toBeGreaterThan(0);
        expect(b.y).toBeGreaterThan(0);
        expect(b.x).toBeLessThan(1800);
        expect(b.y).toBeLessThan(1200);
      }
    }
    // About three pieces a table on average: the generator does place them.
    expect(pieces).toBeGreaterThan(300);
  });

  it('is in the empty table as well as the full one, and a seed draws the same table twice', () => {
    for (const seed of [3, 900004, 40017]) {
      const a = variedTable(seed, { widthPx: 64 });
      const b = variedTable(seed, { widthPx: 64 });
      expect(a.models).toEqual(b.models);
      expect(a.empty.primitives.length).toBe(b.empty.primitives.length);
      for (const p of a.empty.primitives) expect(a.full.primitives).toContain(p);
    }
  });
});
