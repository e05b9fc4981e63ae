import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random/rng.js';
import { buildTable } from '../../../src/core/table/build-table.js';
import { clipSegmentToCircle, clipSegmentToPolygon, type PointMm } from '../../../src/core/table/polygon.js';
import { randomScene } from '../../../src/core/table/random-scene.js';
import { TableIndex } from '../../../src/core/table/table-index.js';

describe('the table index', () => {
  it('never leaves out an item that a line within the reach of the corridor crosses', () => {
    const built = buildTable(randomScene({ ruleset: 'vtorzhenie', models: 60, pieces: 40, seed: 'index' }));
    if (!built.ok) throw new Error(built.error.problem);
    const table = built.table;
    const index = new TableIndex(table);
    const rng = Rng.fromSeed('index-queries');
    const r = (): number => rng.nextUint32() / 0x100000000;
    let pruned = 0;
    for (let q = 0; q < 500; q++) {
      const a: PointMm = [r() * 1800, r() * 1200];
      const b: PointMm = [r() * 1800, r() * 1200];
      const reachMm = 5 + r() * 30;
      const near = index.near(a, b, reachMm);
      // Any line from a to a point within the reach of b lies within the reach of segment a-b.
      const angle = r() * Math.PI * 2;
      const end: PointMm = [b[0] + Math.cos(angle) * reachMm * 0.99, b[1] + Math.sin(angle) * reachMm * 0.99];
      for (const p of table.pieces) {
        if (clipSegmentToPolygon(a[0], a[1], end[0], end[1], p.ring).length > 0) expect(near.pieces).toContain(p);
      }
      for (const m of table.models) {
        if (clipSegmentToCircle(a[0], a[1], end[0], end[1], m.xMm, m.yMm, m.radiusMm)) expect(near.models).toContain(m);
      }
      pruned += table.pieces.length + table.models.length - near.pieces.length - near.models.length;
    }
    // And it does prune: most items are left out of most corridors.
    expect(pruned / 500).toBeGreaterThan(50);
  });
});
