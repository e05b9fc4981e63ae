import { segmentHitsBox, type BoxMm, type PointMm } from './polygon.js';
import type { Table, TableModel, TablePiece } from './table.js';

/** What may stand between a shooter and a target: the only items the sight tracer examines. */
export interface Nearby {
  pieces: TablePiece[];
  models: TableModel[];
}

export interface NearbySource {
  /** Items that come within `padMm` of segment a→b (a superset is allowed, never a subset). */
  near(a: PointMm, b: PointMm, padMm: number): Nearby;
}

/** Every item for every pair: the naive baseline the index is checked and timed against. */
export function everything(table: Table): NearbySource {
  const all: Nearby = { pieces: [...table.pieces], models: [...table.models] };
  return { near: () => all };
}

/**
 * A uniform grid over the table's items. A query walks, row by row, only the cells the corridor around
 * the sight line crosses, then keeps the items whose bounding box, grown by the reach, the line crosses (square corners:
 * a few extra items, never a missing one), so a
 * pair across an open table examines a handful of items instead of all of them.
 */
export class TableIndex implements NearbySource {
  private readonly cells: number[][];
  private readonly boxes: BoxMm[];
  private readonly stamp: Int32Array;
  private query = 0;
  private readonly originX: number;
  private readonly originY: number;
  private readonly cellMm: number;
  private readonly cols: number;
  private readonly rows: number;

  constructor(private readonly table: Table) {
    this.boxes = [...table.pieces.map((p) => p.box), ...table.models.map((m) => m.box)];
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const b of this.boxes) {
      minX = Math.min(minX, b.minX);
      minY = Math.min(minY, b.minY);
      maxX = Math.max(maxX, b.maxX);
      maxY = Math.max(maxY, b.maxY);
    }
    if (this.boxes.length === 0) minX = minY = maxX = maxY = 0;
    // About one item per cell on an even table; never thinner than a base.
    const spanMm = Math.max(maxX - minX, maxY - minY, 1);
    this.cellMm = Math.max(25, spanMm / Math.max(1, Math.ceil(Math.sqrt(this.boxes.length))));
    this.originX = minX;
    this.originY = minY;
    this.cols = Math.max(1, Math.ceil((maxX - minX) / this.cellMm) + 1);
    this.rows = Math.max(1, Math.ceil((maxY - minY) / this.cellMm) + 1);
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
    this.stamp = new Int32Array(this.boxes.length);
    this.boxes.forEach((b, item) => {
      const [c0, r0] = this.cellOf(b.minX, b.minY);
      const [c1, r1] = this.cellOf(b.maxX, b.maxY);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * this.cols + c]?.push(item);
    });
  }

  private cellOf(x: number, y: number): [number, number] {
    const c = Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.originX) / this.cellMm)));
    const r = Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.originY) / this.cellMm)));
    return [c, r];
  }

  near(a: PointMm, b: PointMm, padMm: number): Nearby {
    const out: Nearby = { pieces: [], models: [] };
    this.query++;
    const reach = padMm + 1e-6;
    const [, r0] = this.cellOf(0, Math.min(a[1], b[1]) - reach);
    const [, r1] = this.cellOf(0, Math.max(a[1], b[1]) + reach);
    const pieceCount = this.table.pieces.length;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    for (let r = r0; r <= r1; r++) {
      // The stretch of the line inside this row's band (grown by the reach) gives the columns to visit.
      const bandLo = this.originY + r * this.cellMm - reach;
      const bandHi = bandLo + this.cellMm + 2 * reach;
      let t0 = 0;
      let t1 = 1;
      if (Math.abs(dy) > 1e-12) {
        const ta = (bandLo - a[1]) / dy;
        const tb = (bandHi - a[1]) / dy;
        t0 = Math.max(0, Math.min(ta, tb));
        t1 = Math.min(1, Math.max(ta, tb));
        if (t0 > t1) continue;
      } else if (a[1] < bandLo || a[1] > bandHi) continue;
      const xa = a[0] + dx * t0;
      const xb = a[0] + dx * t1;
      const [c0] = this.cellOf(Math.min(xa, xb) - reach, 0);
      const [c1] = this.cellOf(Math.max(xa, xb) + reach, 0);
      for (let c = c0; c <= c1; c++) {
        const items = this.cells[r * this.cols + c] as number[];
        for (const item of items) {
          if (this.stamp[item] === this.query) continue;
          this.stamp[item] = this.query;
          if (!segmentHitsBox(a[0], a[1], b[0], b[1], this.boxes[item] as BoxMm, reach)) continue;
          if (item < pieceCount) out.pieces.push(this.table.pieces[item] as TablePiece);
          else out.models.push(this.table.models[item - pieceCount] as TableModel);
        }
      }
    }
    // Index order keeps results independent of how the grid happened to list them.
    if (out.pieces.length > 1) out.pieces.sort((p, q) => p.index - q.index);
    if (out.models.length > 1) out.models.sort((p, q) => p.index - q.index);
    return out;
  }
}
