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
