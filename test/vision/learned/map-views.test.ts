import { describe, expect, it } from 'vitest';
import { addMirroredBack, mirrorMap, MIRRORS, type Mirror } from '../../../src/vision/learned/map-views.js';
import { INPUT_CHANNELS } from '../../../src/vision/learned/table-map.js';

/** Deterministic values, distinct per index (a small LCG), so a misplaced value shows. */
function values(n: number, seed: number): Float32Array {
  const out = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s / 2 ** 32;
  }
  return out;
}

const ROWS = 5;
const COLS = 7;
const at = (a: Float32Array, ch: number, r: number, c: number, rows = ROWS, cols = COLS): number => a[(ch * rows + r) * cols + c] as number;

describe('the mirrored table map (rule M)', () => {
  it('puts each cell where the mirror sends it, negating only the tilt across the reversed axis', () => {
    const map = values(INPUT_CHANNELS * ROWS * COLS, 1);
    for (const m of MIRRORS) {
      const out = mirrorMap(map, ROWS, COLS, m, new Float32Array(map.length));
      for (let ch = 0; ch < INPUT_CHANNELS; ch++) {
        const sign = (ch === 3 && (m & 1) !== 0) || (ch === 4 && (m & 2) !== 0) ? -1 : 1;
        for (let r = 0; r < ROWS; r++) {
          for (let c = 0; c < COLS; c++) {
            const rr = m & 2 ? ROWS - 1 - r : r;
            const cc = m & 1 ? COLS - 1 - c : c;
            expect(at(out, ch, rr, cc), `mirror ${m} channel ${ch} (${r}, ${c})`).toBe(sign * at(map, ch, r, c));
          }
        }
      }
    }
  });

  it('mirrored twice is the map again', () => {
    const map = values(INPUT_CHANNELS * ROWS * COLS, 2);
    for (const m of MIRRORS) {
      const once = mirrorMap(map, ROWS, COLS, m, new Float32Array(map.length));
      expect(mirrorMap(once, ROWS, COLS, m, new Float32Array(map.length))).toEqual(map);
    }
  });

  it("mirrors an output back onto the map's cells, with the place in the cell mirrored too", () => {
    // The output a network would give on the mirrored map if it were exactly mirror-equivariant:
    // every plane mirrored, x (y) in the cell 1 − x (1 − y) when columns (rows) were reversed.
    const truth = values(4 * ROWS * COLS, 3);
    for (const m of MIRRORS) {
      const seen = new Float32Array(truth.length);
      for (let k = 0; k < 4; k++) {
        for (let r = 0; r < ROWS; r++) {
          for (let c = 0; c < COLS; c++) {
            const v = at(truth, k, r, c);
            const flips = (k === 2 && (m & 1) !== 0) || (k === 3 && (m & 2) !== 0);
            seen[(k * ROWS + (m & 2 ? ROWS - 1 - r : r)) * COLS + (m & 1 ? COLS - 1 - c : c)] = flips ? 1 - v : v;
          }
        }
      }
      const sum = new Float32Array(truth.length).fill(1);
      addMirroredBack(seen, ROWS, COLS, m as Mirror, sum);
      for (let i = 0; i < truth.length; i++) expect(sum[i] as number, `mirror ${m} value ${i}`).toBeCloseTo(1 + (truth[i] as number), 6);
    }
  });

  it('refuses buffers of another size', () => {
    const map = new Float32Array(INPUT_CHANNELS * ROWS * COLS);
    expect(() => mirrorMap(map, ROWS, COLS + 1, 1, new Float32Array(map.length))).toThrow(RangeError);
    expect(() => mirrorMap(map, ROWS, COLS, 1, new Float32Array(map.length - 1))).toThrow(RangeError);
    expect(() => addMirroredBack(new Float32Array(4 * ROWS * COLS), ROWS, COLS, 1, new Float32Array(3))).toThrow(RangeError);
  });
});
