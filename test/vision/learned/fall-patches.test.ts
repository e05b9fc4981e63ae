/**
 * The second stage's squares: cut where the trainer cuts them (models/train/fall_classifier.py:
 * top-left cell floor(point / cell) − 12), channel by channel, off-map cells 0.
 */
import { describe, expect, it } from 'vitest';
import { cutPatches, dihedralViews, PATCH_CELLS, patchOrigin, TILT_X, TILT_Y, viewVectorBack } from '../../../src/vision/learned/fall-patches.js';
import { FINE_CELLS } from '../../../src/vision/learned/fine-squares.js';
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

describe('second-stage squares seen mirrored and turned', () => {
  // Two squares; each value names its square, channel, row and column.
  const N = 2;
  const per = INPUT_CHANNELS * P * P;
  const squares = Float32Array.from({ length: N * per }, (_, i) => 1 + i);
  const src = (k: number, ch: number, r: number, c: number): number => 1 + k * per + (ch * P + r) * P + c;
  const views = dihedralViews(squares, N, 8);
  const got = (v: number, k: number, ch: number, r: number, c: number): number => views[(v * N + k) * per + (ch * P + r) * P + c] as number;

  it('keeps the squares as cut for view 0', () => {
    expect(views.subarray(0, N * per)).toEqual(squares);
  });

  it('mirrors the columns (view 1) and the rows (view 2), turning the tilt with them', () => {
    expect(got(1, 1, 0, 3, 5)).toBe(src(1, 0, 3, P - 1 - 5));
    expect(got(1, 0, TILT_X, 3, 5)).toBe(-src(0, TILT_X, 3, P - 1 - 5));
    expect(got(1, 0, TILT_Y, 3, 5)).toBe(src(0, TILT_Y, 3, P - 1 - 5));
    expect(got(2, 0, 7, 3, 5)).toBe(src(0, 7, P - 1 - 3, 5));
    expect(got(2, 1, TILT_Y, 3, 5)).toBe(-src(1, TILT_Y, P - 1 - 3, 5));
    expect(got(2, 1, TILT_X, 3, 5)).toBe(src(1, TILT_X, P - 1 - 3, 5));
  });

  it('transposes (view 4) swapping the two tilt planes, after any mirroring (view 7)', () => {
    expect(got(4, 0, 2, 3, 5)).toBe(src(0, 2, 5, 3));
    expect(got(4, 0, TILT_X, 3, 5)).toBe(src(0, TILT_Y, 5, 3));
    expect(got(4, 0, TILT_Y, 3, 5)).toBe(src(0, TILT_X, 5, 3));
    // Mirror both ways, then transpose: new (r, c) is old (P-1-c, P-1-r); both tilts negated and swapped.
    expect(got(7, 1, 8, 3, 5)).toBe(src(1, 8, P - 1 - 5, P - 1 - 3));
    expect(got(7, 1, TILT_X, 3, 5)).toBe(-src(1, TILT_Y, P - 1 - 5, P - 1 - 3));
  });

  it('turns a tilt field pointing away from the nadir into one that still does', () => {
    // A square whose tilt is its cells' own offset from a nadir at its middle: every view of it is that field again.
    const one = new Float32Array(per);
    for (let r = 0; r < P; r++) for (let c = 0; c < P; c++) {
      one[(TILT_X * P + r) * P + c] = c - (P - 1) / 2;
      one[(TILT_Y * P + r) * P + c] = r - (P - 1) / 2;
    }
    const all = dihedralViews(one, 1, 8);
    for (let v = 1; v < 8; v++) expect(all.subarray(v * per, (v + 1) * per)).toEqual(one);
  });

  it("turns a place found on any view of a fine square back to the place on the square as cut (rule PV)", () => {
    // One bright cell off the middle of a 48-cell square: in each view the net would see it
    // elsewhere; its offset there, turned back, is its offset on the square as cut.
    const F = FINE_CELLS;
    const fine = INPUT_CHANNELS * F * F;
    const sq = new Float32Array(fine);
    const [r0, c0] = [13, 30];
    sq[r0 * F + c0] = 1;
    const off = (c: number, r: number): [number, number] => [c + 0.5 - F / 2, r + 0.5 - F / 2];
    const all = dihedralViews(sq, 1, 8, F);
    for (let v = 0; v < 8; v++) {
      const i = all.subarray(v * fine, v * fine + F * F).indexOf(1);
      expect(i, `view ${v}`).toBeGreaterThanOrEqual(0);
      const [x, y] = off(i % F, Math.floor(i / F));
      const [bx, by] = viewVectorBack(v, x, y);
      expect([bx, by], `view ${v}`).toEqual(off(c0, r0));
    }
  });

  it('refuses a batch of another size or a view count outside 1-8', () => {
    expect(() => dihedralViews(new Float32Array(5), 1, 2)).toThrow(/patch batch has 5 values/);
    expect(() => dihedralViews(squares, N, 9)).toThrow(/views must be 1-8/);
    expect(() => dihedralViews(squares, N, 0)).toThrow(/views must be 1-8/);
  });
});
