import { describe, expect, it } from 'vitest';
import { changeMask } from '../../../src/vision/objects/change-mask.js';
import type { TableGrid } from '../../../src/vision/objects/table-grid.js';

const COLS = 256;
const ROWS = 192;

function grid(): TableGrid {
  const n = COLS * ROWS;
  return { mmPerCell: 1.5, cols: COLS, rows: ROWS, pixelIndex: new Int32Array(n), fracX: new Float32Array(n), fracY: new Float32Array(n), imageWidthPx: 1, imageHeightPx: 1, cameraMm: [192, 144, 1600] };
}

/** Planar RGB of green felt with a little texture. */
function felt(gain: [number, number, number]): Float32Array {
  const n = COLS * ROWS;
  const out = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    const t = 1 + 0.06 * Math.sin(i * 0.37) * Math.cos(i * 0.011);
    out[i] = 62 * t * gain[0];
    out[n + i] = 104 * t * gain[1];
    out[2 * n + i] = 58 * t * gain[2];
  }
  return out;
}

function paint(img: Float32Array, c0: number, r0: number, size: number, f: (rgb: [number, number, number]) => [number, number, number]): void {
  const n = COLS * ROWS;
  for (let r = r0; r < r0 + size; r++) for (let c = c0; c < c0 + size; c++) {
    const i = r * COLS + c;
    const v = f([img[i]!, img[n + i]!, img[2 * n + i]!]);
    img[i] = v[0];
    img[n + i] = v[1];
    img[2 * n + i] = v[2];
  }
}

const count = (m: Uint8Array, c0: number, r0: number, size: number): number => {
  let k = 0;
  for (let r = r0; r < r0 + size; r++) for (let c = c0; c < c0 + size; c++) k += m[r * COLS + c]!;
  return k;
};

describe('changeMask', () => {
  it('ignores a dimmer, warmer lamp and a shadow, flags a dark grey base', () => {
    const background = felt([1, 1, 1]);
    const frame = felt([0.7, 0.65, 0.55]);
    paint(frame, 40, 40, 30, ([r, g, b]) => [r * 0.4, g * 0.4, b * 0.4]);
    paint(frame, 150, 100, 20, () => [27, 27, 29]);
    const m = changeMask(grid(), frame, background);
    expect(count(m, 40, 40, 30)).toBe(0);
    expect(count(m, 150, 100, 20)).toBe(400);
    let total = 0;
    for (const v of m) total += v;
    expect(total).toBe(400);
  });
});
