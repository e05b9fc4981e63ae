/**
 * The fine fallen net's input (models/train/fine_fallen.py): for each object the detector
 * found, a square of the table plane around its point at 2 mm cells, sampled from the frame
 * itself rather than cut from the 4 mm map. A figure 30 mm tall is seven 4 mm cells; at 2 mm a
 * base on its edge is a line two cells wide and a head is a blob of its own, which is what tells
 * a body lying down from one standing and leaning away from the camera.
 *
 * The channels are the 4 mm map's (table-map.ts's networkInput), at this square's cells: log
 * colour ratio to the table's own colour (the 4 mm map's, so both nets share one reference), the
 * ray's tilt toward the nadir, log ratio to the empty table (each divided by its own cloth
 * colour) and "has a background"; cells off the table or unseen are 0. Training squares are made
 * by this same code (models/train/make-fine.ts).
 */
import { projectTablePlaneInto, type CameraIntrinsics, type CameraPose } from '../camera-model.js';
import type { RgbaImage } from '../image.js';
import { INPUT_CHANNELS, logRatioTable, logRatioIndex } from './table-map.js';

export const FINE_MM_PER_CELL = 2;
/** 48 cells of 2 mm: the same 96 mm the 4 mm squares cover. */
export const FINE_CELLS = 48;
/** Bilinear samples per cell and axis (a 2 mm cell is ~2 × 2 pixels of a 1080p frame at 1.5 m). */
const SUB = 2;
/** The lens is projected exactly at every LATTICE-th cell corner and interpolated between (under 0.01 px off over 8 mm). */
const LATTICE = 4;
/** One projected lattice corner (no allocation per corner: a frame projects some 10 000). */
const pixelAt = new Float64Array(2);

/** Where a fine square lies: its top-left corner in table mm and its cells a side. */
export interface FineSquare {
  x0Mm: number;
  y0Mm: number;
  cells: number;
}

/** The square of `cells` a side centred on (x, y): its top-left corner. */
export function fineSquareAt(xMm: number, yMm: number, cells = FINE_CELLS): FineSquare {
  return { x0Mm: xMm - (cells * FINE_MM_PER_CELL) / 2, y0Mm: yMm - (cells * FINE_MM_PER_CELL) / 2, cells };
}

/**
 * The frame's colour over the square, planar RGB (0–255), NaN where the cell lies off the table
 * or outside the frame: each cell the mean of SUB × SUB bilinear samples.
 */
export function sampleFineSquare(img: RgbaImage, pose: CameraPose, k: CameraIntrinsics, table: { width_mm: number; depth_mm: number }, sq: FineSquare): Float32Array {
  return sampleFineSquares([img], pose, k, table, sq)[0] as Float32Array;
}

/**
 * sampleFineSquare for several images of one camera and size (a frame and its empty table): the
 * square's sample points are projected and placed once, then every image is read at them.
 */
export function sampleFineSquares(imgs: readonly RgbaImage[], pose: CameraPose, k: CameraIntrinsics, table: { width_mm: number; depth_mm: number }, sq: FineSquare): Float32Array[] {
  const first = imgs[0];
  if (!first) return [];
  if (imgs.some((im) => im.width !== first.width || im.height !== first.height)) throw new RangeError('the images of one fine square must be of one size');
  const n = sq.cells;
  const m = FINE_MM_PER_CELL;
  const w = first.width;
  // Pixel positions at the lattice's corners, exact; NaN where the point is behind the camera.
  const ln = Math.ceil((n * SUB) / LATTICE) + 1;
  const lu = new Float64Array(ln * ln);
  const lv = new Float64Array(ln * ln);
  const step = (LATTICE * m) / SUB;
  for (let j = 0; j < ln; j++) {
    for (let i = 0; i < ln; i++) {
      const seen = projectTablePlaneInto(pose, k, sq.x0Mm + i * step, sq.y0Mm + j * step, pixelAt);
      lu[j * ln + i] = seen ? (pixelAt[0] as number) : NaN;
      lv[j * ln + i] = seen ? (pixelAt[1] as number) : NaN;
    }
  }
  // A sub-sample's place in lattice units depends on its column alone across and its row alone
  // down: its lattice cell and the fraction within it are found once per column and per row.
  const subs = n * SUB;
  const cell0 = new Int32Array(subs);
  const frac = new Float64Array(subs);
  for (let q = 0; q < subs; q++) {
    const g = (q + 0.5) / LATTICE;
    cell0[q] = Math.min(ln - 2, Math.floor(g));
    frac[q] = g - (cell0[q] as number);
  }
  // Each cell's sub-samples' pixels and weights are found once, then every image is read there.
  const cells = n * n;
  const outs = imgs.map(() => new Float32Array(3 * cells));
  const datas = imgs.map((im) => im.data);
  const at = new Int32Array(SUB * SUB);
  const wt = new Float64Array(4 * SUB * SUB);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const xc = sq.x0Mm + (c + 0.5) * m;
      const yc = sq.y0Mm + (r + 0.5) * m;
      let seen = 0;
      if (xc >= 0 && yc >= 0 && xc < table.width_mm && yc < table.depth_mm) {
        for (let s = 0; s < SUB * SUB; s++) {
          // The sub-sample's lattice cell, then bilinear between its four corners.
          const qx = c * SUB + (s % SUB);
          const qy = r * SUB + ((s / SUB) | 0);
          const ax = frac[qx] as number;
          const ay = frac[qy] as number;
          const t = (cell0[qy] as number) * ln + (cell0[qx] as number);
          const u = (1 - ay) * ((1 - ax) * (lu[t] as number) + ax * (lu[t + 1] as number)) + ay * ((1 - ax) * (lu[t + ln] as number) + ax * (lu[t + ln + 1] as number));
          const v = (1 - ay) * ((1 - ax) * (lv[t] as number) + ax * (lv[t + 1] as number)) + ay * ((1 - ax) * (lv[t + ln] as number) + ax * (lv[t + ln + 1] as number));
          if (!(u >= 0 && v >= 0 && u < w - 1 && v < first.height - 1)) continue;
          const x0 = Math.floor(u);
          const y0 = Math.floor(v);
          const fx = u - x0;
          const fy = v - y0;
          at[seen] = (y0 * w + x0) * 4;
          wt[4 * seen] = (1 - fx) * (1 - fy);
          wt[4 * seen + 1] = fx * (1 - fy);
          wt[4 * seen + 2] = (1 - fx) * fy;
          wt[4 * seen + 3] = fx * fy;
          seen++;
        }
      }
      for (let k2 = 0; k2 < outs.length; k2++) {
        const out = outs[k2] as Float32Array;
        if (seen === 0) {
          out[i] = out[cells + i] = out[2 * cells + i] = NaN;
          continue;
        }
        const d = datas[k2] as RgbaImage['data'];
        let sr = 0, sg = 0, sb = 0;
        for (let t = 0; t < seen; t++) {
          const p = at[t] as number;
          const p2 = p + w * 4;
          const w00 = wt[4 * t] as number, w01 = wt[4 * t + 1] as number, w10 = wt[4 * t + 2] as number, w11 = wt[4 * t + 3] as number;
          sr += (d[p] as number) * w00 + (d[p + 4] as number) * w01 + (d[p2] as number) * w10 + (d[p2 + 4] as number) * w11;
          sg += (d[p + 1] as number) * w00 + (d[p + 5] as number) * w01 + (d[p2 + 1] as number) * w10 + (d[p2 + 5] as number) * w11;
          sb += (d[p + 2] as number) * w00 + (d[p + 6] as number) * w01 + (d[p2 + 2] as number) * w10 + (d[p2 + 6] as number) * w11;
        }
        out[i] = sr / seen;
        out[cells + i] = sg / seen;
        out[2 * cells + i] = sb / seen;
      }
    }
  }
  return outs;
}

/**
 * The net's input for one square, [INPUT_CHANNELS, cells, cells], written into `out` at
 * `offset`: the channels of table-map.ts's networkInput. `ref` and `refBg` are the cloth colours
 * of the frame's and the empty table's 4 mm maps (tableColour).
 */
export function fineSquareInput(
  frame: Float32Array,
  background: Float32Array | null,
  sq: FineSquare,
  cameraMm: readonly [number, number, number],
  ref: readonly [number, number, number],
  refBg: readonly [number, number, number] | null,
  out: Float32Array,
  offset = 0,
): void {
  const cells = sq.cells * sq.cells;
  if (frame.length !== 3 * cells || (background && background.length !== 3 * cells)) throw new RangeError(`a fine square of ${sq.cells} cells a side has ${3 * cells} colour values`);
  if (out.length < offset + INPUT_CHANNELS * cells) throw new RangeError('the output is too small for the square');
  out.fill(0, offset, offset + INPUT_CHANNELS * cells);
  for (let ch = 0; ch < 3; ch++) {
    const tf = logRatioTable(ref[ch] as number);
    const tb = background && refBg ? logRatioTable(refBg[ch] as number) : null;
    for (let i = 0; i < cells; i++) {
      const v = frame[ch * cells + i] as number;
      if (v !== v) continue;
      const f = tf[logRatioIndex(v)] as number;
      out[offset + ch * cells + i] = f;
      if (tb && background) {
        const b = background[ch * cells + i] as number;
        if (b === b) out[offset + (5 + ch) * cells + i] = f - (tb[logRatioIndex(b)] as number);
      }
    }
  }
  const [cx, cy, cz] = cameraMm;
  const h = Math.max(100, cz);
  for (let r = 0; r < sq.cells; r++) {
    for (let c = 0; c < sq.cells; c++) {
      const i = r * sq.cells + c;
      if ((frame[i] as number) !== (frame[i] as number)) continue;
      out[offset + 3 * cells + i] = (sq.x0Mm + (c + 0.5) * FINE_MM_PER_CELL - cx) / h;
      out[offset + 4 * cells + i] = (sq.y0Mm + (r + 0.5) * FINE_MM_PER_CELL - cy) / h;
      if (background) out[offset + 8 * cells + i] = 1;
    }
  }
}
