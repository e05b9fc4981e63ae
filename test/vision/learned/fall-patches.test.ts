/**
 * The second stage's squares: cut where the trainer cuts them (models/train/fall_classifier.py:
 * top-left cell floor(point / cell) − 12), channel by channel, off-map cells 0.
 */
import { describe, expect, it } from 'vitest';
import { cutPatches, PATCH_CELLS, patchOrigin } from '../../../src/vision/learned/fall-patches.js';
import { INPUT_CHANNELS } from '../../../src/vision/learned/table-map.js';

const ROWS = 40;
const COLS = 50;
/** Each value names its own channel, row and column. */
const tensor = Float32Array.from({ length: INPUT_CHANNELS * ROWS * COLS }, (_, i) => 1 + i);
const at = (ch: number, r: number, c: number): number => 1 + (ch * ROWS + r) * COLS + c;
const P = PATCH_CELLS;

describe('second-stage squares', () => {
  it('puts a point at the middle cell of its square', () => {
    expect(patchOrigin(101, 57, 4)).toEqual([25 - P / 2, 14 - P / 2]);
    expect(patchOrigin(0, 3.99, 4)).toEqual([-P / 2, -P / 2]);
  });

  it('copies every channel of the square inside the map', () => {
    const [c0, r0] = patchOrigin(25 * 4 + 1, 20 * 4 + 2, 4);
    const out = cutPatches(tensor, ROWS, COLS, [[c0, r0]]);
    expect(out.length).toBe(INPUT_CHANNELS * P * P);
    for (const [ch, r, c] of [[0, 0, 0], [3, 5, 7], [8, P - 1, P - 1], [5, P / 2, P / 2]] as const) {
      expect(out[(ch * P + r) * P + c]).toBe(at(ch, r0 + r, c0 + c));
    }
  });

  it('fills what lies off the map with 0 and keeps squares of a batch apart', () => {
    const out = cutPatches(tensor, ROWS, COLS, [[-3, -5], [COLS - 4, ROWS - 2], [COLS + 10, 0]]);
    const v = (k: number, ch: number, r: number, c: number): number => out[((k * INPUT_CHANNELS + ch) * P + r) * P + c] as number;
    expect(v(0, 2, 4, 2)).toBe(0);
    expect(v(0, 2, 5, 3)).toBe(at(2, 0, 0));
    expect(v(1, 7, 1, 3)).toBe(at(7, ROWS - 1, COLS - 1));
    expect(v(1, 7, 2, 3)).toBe(0);
    expect(v(1, 7, 1, 4)).toBe(0);
    expect(out.subarray(2 * INPUT_CHANNELS * P * P).every((x) => x === 0)).toBe(true);
  });

  it('refuses a tensor of another size', () => {
    expect(() => cutPatches(new Float32Array(10), ROWS, COLS, [[0, 0]])).toThrow(/network input has 10 values/);
  });
});
