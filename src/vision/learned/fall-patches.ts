/**
 * The second stage's input (models/train/fall_classifier.py): for each object the detector
 * found, the PATCH_CELLS × PATCH_CELLS square of the network input around its point (unseen
 * and off-map cells 0), stacked into one [N, INPUT_CHANNELS, PATCH_CELLS, PATCH_CELLS] batch.
 * The square's top-left cell is floor(point / cell) − PATCH_CELLS / 2 on each axis, as the
 * trainer cuts it.
 */
import { INPUT_CHANNELS } from './table-map.js';

export const PATCH_CELLS = 24;

/** The square's top-left map cell (column, row) for a point in table mm. */
export function patchOrigin(xMm: number, yMm: number, mmPerCell: number): [number, number] {
  return [Math.floor(xMm / mmPerCell) - PATCH_CELLS / 2, Math.floor(yMm / mmPerCell) - PATCH_CELLS / 2];
}

/** The squares at these origins of the [INPUT_CHANNELS, rows, cols] tensor. */
export function cutPatches(tensor: Float32Array, rows: number, cols: number, origins: readonly (readonly [number, number])[]): Float32Array {
  if (tensor.length !== INPUT_CHANNELS * rows * cols) throw new RangeError(`network input has ${tensor.length} values, expected ${INPUT_CHANNELS * rows * cols}`);
  const P = PATCH_CELLS;
  const out = new Float32Array(origins.length * INPUT_CHANNELS * P * P);
  origins.forEach(([c0, r0], k) => {
    const ca = Math.max(0, c0);
    const cb = Math.min(cols, c0 + P);
    if (cb <= ca) return;
    for (let ch = 0; ch < INPUT_CHANNELS; ch++) {
      for (let r = Math.max(0, r0); r < Math.min(rows, r0 + P); r++) {
        const src = (ch * rows + r) * cols;
        out.set(tensor.subarray(src + ca, src + cb), ((k * INPUT_CHANNELS + ch) * P + (r - r0)) * P + (ca - c0));
      }
    }
  });
  return out;
}

/**
 * The squares seen mirrored and turned, for a second look that asks each view and averages
 * (test-time augmentation): view v of the dihedral group mirrors the columns (bit 0), the rows
 * (bit 1) and then transposes (bit 2). The trainer shows the fallen net every one of these views
 * (fall_classifier.py's augment), so each is a square it knows; the ray's tilt (channels 3, 4)
 * is a vector on the table and turns with the square.
 */
export const TILT_X = 3;
export const TILT_Y = 4;

/**
 * One block [INPUT_CHANNELS, rows, cols] of `src` from index `from`, seen under view v, written into
 * `out` from index `to`: bit 0 mirrors the columns, bit 1 the rows, bit 2 then transposes (a square
 * only). Mirroring negates the tilt along that axis; transposing swaps the two tilt planes.
 */
export function viewInto(src: Float32Array, from: number, rows: number, cols: number, v: number, out: Float32Array, to: number): void {
  const mx = (v & 1) !== 0;
  const my = (v & 2) !== 0;
  const tr = (v & 4) !== 0;
  if (tr && rows !== cols) throw new RangeError(`a ${rows} x ${cols} block cannot be transposed in place`);
  const plane = rows * cols;
  for (let ch = 0; ch < INPUT_CHANNELS; ch++) {
    const sign = (ch === TILT_X && mx) || (ch === TILT_Y && my) ? -1 : 1;
    const dstCh = tr && ch === TILT_X ? TILT_Y : tr && ch === TILT_Y ? TILT_X : ch;
    const s = from + ch * plane;
    const d = to + dstCh * plane;
    for (let r = 0; r < rows; r++) {
      const sr = s + (my ? rows - 1 - r : r) * cols;
      // A row kept as it is: one copy.
      if (!mx && !tr && sign === 1) {
        out.set(src.subarray(sr, sr + cols), d + r * cols);
        continue;
      }
      for (let c = 0; c < cols; c++) out[d + (tr ? c * rows + r : r * cols + c)] = (src[sr + (mx ? cols - 1 - c : c)] as number) * sign;
    }
  }
}

/**
 * The squares under views [0, views): [views × N, INPUT_CHANNELS, P, P], view-major (view 0 is the
 * batch as given); P is the squares' side (the second stage's by default, the fine nets' FINE_CELLS).
 */
export function dihedralViews(patches: Float32Array, n: number, views: number, P = PATCH_CELLS): Float32Array {
  const per = INPUT_CHANNELS * P * P;
  if (patches.length !== n * per) throw new RangeError(`patch batch has ${patches.length} values, expected ${n * per}`);
  if (!Number.isInteger(views) || views < 1 || views > 8) throw new RangeError(`views must be 1-8, not ${views}`);
  const out = new Float32Array(views * n * per);
  out.set(patches, 0);
  for (let v = 1; v < views; v++) for (let k = 0; k < n; k++) viewInto(patches, k * per, P, P, v, out, (v * n + k) * per);
  return out;
}

/**
 * A vector on the table (x along the columns, y along the rows) that a net gave on view v of its
 * square, turned back onto the square as cut: the transpose undone (x and y swapped), then the
 * mirrors (x negated for bit 0, y for bit 1).
 */
export function viewVectorBack(v: number, x: number, y: number): [number, number] {
  const [a, b] = (v & 4) !== 0 ? [y, x] : [x, y];
  return [(v & 1) !== 0 ? -a : a, (v & 2) !== 0 ? -b : b];
}
