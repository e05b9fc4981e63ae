import { describe, expect, it } from 'vitest';
import { systemIds } from '../../../src/core/rulesets/registry.js';
import { buildTable } from '../../../src/core/table/build-table.js';
import { clipSegmentToConvex, clipSegmentToPolygon, ringTurn, type PointMm } from '../../../src/core/table/polygon.js';
import { randomScene } from '../../../src/core/table/random-scene.js';
import { computeRanges } from '../../../src/core/table/ranges.js';
import { Rng } from '../../../src/core/random/rng.js';

describe('the indexed tracer agrees with the naive one', () => {
  for (const id of systemIds()) {
    it(`on random ${id} tables`, () => {
      for (let s = 0; s < 4; s++) {
        const built = buildTable(randomScene({ ruleset: id, models: 30, pieces: 30, seed: `agree-${id}-${s}` }));
        if (!built.ok) throw new Error(`${built.error.field}: ${built.error.problem}`);
        const fast = computeRanges(built.table);
        const naive = computeRanges(built.table, { naive: true });
        expect(fast).toEqual(naive);
        // The scenes are not trivial: some pairs are hidden, some partly.
        const sights = new Set(fast.pairs.map((p) => p.line_of_sight));
        expect(sights.size).toBeGreaterThan(1);
      }
    });
  }
});

describe('the convex clip agrees with the general one', () => {
  it('on random convex polygons and segments', () => {
    const rng = Rng.fromSeed('clip');
    const r = (): number => rng.nextUint32() / 0x100000000;
    for (let n = 0; n < 2000; n++) {
      const corners = 3 + Math.floor(r() * 6);
      const ring: PointMm[] = [];
      for (let k = 0; k < corners; k++) {
        const a = ((k + r() * 0.5) / corners) * Math.PI * 2;
        ring.push([Math.cos(a) * 100, Math.sin(a) * 100]);
      }
      const p: PointMm = [(r() - 0.5) * 400, (r() - 0.5) * 400];
      const q: PointMm = [(r() - 0.5) * 400, (r() - 0.5) * 400];
      const general = clipSegmentToPolygon(p[0], p[1], q[0], q[1], ring);
      const convex = clipSegmentToConvex(p[0], p[1], q[0], q[1], ring, ringTurn(ring));
      expect(convex.length).toBe(general.length);
      convex.forEach((t, i) => expect(t).toBeCloseTo(general[i] as number, 9));
    }
  });
});
