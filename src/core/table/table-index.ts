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
  private readonly found: Int32Array;
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
    this.found = new Int32Array(this.boxes.length);
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
    this.query++;
    const reach = padMm + 1e-6;
    const ax = a[0];
    const ay = a[1];
    const dx = b[0] - ax;
    const dy = b[1] - ay;
    const cell = this.cellMm;
    const r0 = this.clampRow(Math.floor((Math.min(ay, b[1]) - reach - this.originY) / cell));
    const r1 = this.clampRow(Math.floor((Math.max(ay, b[1]) + reach - this.originY) / cell));
    let found = 0;
    for (let r = r0; r <= r1; r++) {
      // The stretch of the line inside this row's band (grown by the reach) gives the columns to visit.
      const bandLo = this.originY + r * cell - reach;
      const bandHi = bandLo + cell + 2 * reach;
      let t0 = 0;
      let t1 = 1;
      if (Math.abs(dy) > 1e-12) {
        const ta = (bandLo - ay) / dy;
        const tb = (bandHi - ay) / dy;
        t0 = Math.max(0, Math.min(ta, tb));
        t1 = Math.min(1, Math.max(ta, tb));
        if (t0 > t1) continue;
      } else if (ay < bandLo || ay > bandHi) continue;
      const xa = ax + dx * t0;
      const xb = ax + dx * t1;
      const c0 = this.clampCol(Math.floor((Math.min(xa, xb) - reach - this.originX) / cell));
      const c1 = this.clampCol(Math.floor((Math.max(xa, xb) + reach - this.originX) / cell));
      for (let c = c0; c <= c1; c++) {
        const items = this.cells[r * this.cols + c] as number[];
        for (let k = 0; k < items.length; k++) {
          const item = items[k] as number;
          if (this.stamp[item] === this.query) continue;
          this.stamp[item] = this.query;
          if (segmentHitsBox(ax, ay, b[0], b[1], this.boxes[item] as BoxMm, reach)) this.found[found++] = item;
        }
      }
    }
    // Index order keeps results independent of how the grid happened to list them.
    const ids = this.found.subarray(0, found).sort();
    const out: Nearby = { pieces: [], models: [] };
    const pieceCount = this.table.pieces.length;
    for (const item of ids) {
      if (item < pieceCount) out.pieces.push(this.table.pieces[item] as TablePiece);
      else out.models.push(this.table.models[item - pieceCount] as TableModel);
    }
    return out;
  }

  private clampRow(r: number): number {
    return Math.min(this.rows - 1, Math.max(0, r));
  }

  private clampCol(c: number): number {
    return Math.min(this.cols - 1, Math.max(0, c));
  }
}
