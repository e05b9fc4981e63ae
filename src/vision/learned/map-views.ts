/**
 * The first stage asked again on the mirrored table map (rule M in models/miniature-detector.md):
 * the map's columns and/or rows reversed, with the ray's tilt across them negated so the mirrored
 * map is the map of a mirrored table under a mirrored camera; the network's four planes (heat,
 * fallen chance, the peak's x and y in its cell) mirrored back onto the map's cells.
 */
import { viewInto } from './fall-patches.js';
import { INPUT_CHANNELS } from './table-map.js';

/** Bit 1: columns reversed; bit 2: rows reversed. 0 is the map as it is. */
export type Mirror = 0 | 1 | 2 | 3;
/** The views of `mapViews` views, in order: the map, then its columns, rows and both mirrored. */
export const MIRRORS: readonly Mirror[] = [0, 1, 2, 3];

/** The map [INPUT_CHANNELS, rows, cols] mirrored, written into `into` (of the same length): fall-patches.ts's viewInto, without a transpose. */
export function mirrorMap(map: Float32Array, rows: number, cols: number, mirror: Mirror, into: Float32Array): Float32Array {
  const plane = rows * cols;
  if (map.length !== INPUT_CHANNELS * plane || into.length !== map.length) throw new RangeError(`a ${rows} x ${cols} map has ${INPUT_CHANNELS * plane} values, got ${map.length} and ${into.length}`);
  viewInto(map, 0, rows, cols, mirror, into, 0);
  return into;
}

/**
 * Adds the network's output for a mirrored map ([4, rows, cols]: heat, fallen, x and y in the
 * cell) to `sum`, mirrored back: a cell's x (y) in it becomes 1 − x (1 − y) when columns (rows)
 * were reversed.
 */
export function addMirroredBack(out: Float32Array, rows: number, cols: number, mirror: Mirror, sum: Float32Array): void {
  const plane = rows * cols;
  if (out.length !== 4 * plane || sum.length !== out.length) throw new RangeError(`a ${rows} x ${cols} output has ${4 * plane} values, got ${out.length} and ${sum.length}`);
  const flipC = (mirror & 1) !== 0;
  const flipR = (mirror & 2) !== 0;
  for (let k = 0; k < 4; k++) {
    const flips = (k === 2 && flipC) || (k === 3 && flipR);
    for (let r = 0; r < rows; r++) {
      const src = k * plane + (flipR ? rows - 1 - r : r) * cols;
      const dst = k * plane + r * cols;
      for (let c = 0; c < cols; c++) {
        const v = out[src + (flipC ? cols - 1 - c : c)] as number;
        sum[dst + c] = (sum[dst + c] as number) + (flips ? 1 - v : v);
      }
    }
  }
}
