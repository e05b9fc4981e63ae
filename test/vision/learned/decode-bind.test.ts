/** Unit tests of the learned detector's pure parts: heat-map peaks and tag binding. */
import { describe, expect, it } from 'vitest';
import { decodeHeat, DEFAULT_DECODE } from '../../../src/vision/learned/decode-heat.js';

// The mechanics at fixed thresholds (the shipped ones, DEFAULT_DECODE, are re-chosen with each model).
const OFFSET = { threshold: 0.5, fallenThreshold: 0.5, mergeMm: 14, subcell: 'offset' as const };
import { bindTags, type LearnedObject } from '../../../src/vision/learned/learned-detector.js';

/** A [4, rows, cols] output with the given peaks: (row, col, heat, fallen chance, dx, dy). */
function output(rows: number, cols: number, peaks: [number, number, number, number, number, number][]): Float32Array {
  const n = rows * cols;
  const out = new Float32Array(4 * n);
  for (const [r, c, v, f, dx, dy] of peaks) {
    out[r * cols + c] = v;
    out[n + r * cols + c] = f;
    out[2 * n + r * cols + c] = dx;
    out[3 * n + r * cols + c] = dy;
    // A shoulder next to the peak is not a second peak.
    if (c + 1 < cols) {
      out[r * cols + c + 1] = v * 0.8;
      out[n + r * cols + c + 1] = f;
    }
  }
  return out;
}

describe('decodeHeat', () => {
  it('turns local maxima of the object heat into objects at cell + offset, fallen where the fallen map says so', () => {
    const peaks = decodeHeat(output(10, 10, [[2, 3, 0.9, 0.1, 0.25, 0.5], [7, 7, 0.6, 0.9, 0.5, 0.5]]), 10, 10, 16, OFFSET);
    expect(peaks).toHaveLength(2);
    expect(peaks[0]).toMatchObject({ fallen: false, confidence: expect.closeTo(0.9, 5) as number });
    expect(peaks[0]?.xMm).toBeCloseTo(52, 5);
    expect(peaks[0]?.yMm).toBeCloseTo(40, 5);
    expect(peaks[1]).toMatchObject({ fallen: true, xMm: 120, yMm: 120 });
  });

  it('drops peaks under the threshold; the fallen chance is weighed by heat around the peak', () => {
    const out = output(10, 10, [[4, 4, 0.5, 0.9, 0.5, 0.5], [8, 1, 0.2, 0.9, 0, 0]]);
    const peaks = decodeHeat(out, 10, 10, 16, OFFSET);
    expect(peaks).toHaveLength(1);
    expect(peaks[0]?.fallen).toBe(true);
    // A cold cell saying "fallen" next to a hot one saying "standing" does not make it fallen.
    out[100 + 4 * 10 + 4] = 0.1;
    out[100 + 4 * 10 + 5] = 0.1;
    out[100 + 3 * 10 + 4] = 1;
    out[3 * 10 + 4] = 0.05;
    expect(decodeHeat(out, 10, 10, 16, OFFSET)[0]?.fallen).toBe(false);
  });

  it('two peaks closer than mergeMm are one object, the hotter', () => {
    const out = output(10, 10, [[4, 4, 0.9, 0, 0.9, 0.5], [4, 6, 0.7, 0, 0.05, 0.5]]);
    out[4 * 10 + 5] = 0.5;
    expect(decodeHeat(out, 10, 10, 16, { ...OFFSET, mergeMm: 10 })).toHaveLength(2);
    const one = decodeHeat(out, 10, 10, 16, { ...OFFSET, mergeMm: 30 });
    expect(one).toHaveLength(1);
    expect(one[0]?.confidence).toBeCloseTo(0.9, 5);
  });

  it('finds the vertex of a Gaussian heat blob between cells', () => {
    const rows = 12, cols = 12, n = rows * cols;
    const out = new Float32Array(4 * n);
    // A Gaussian (sigma 0.9 cells) on the point (5.8, 6.3) in cell units.
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[r * cols + c] = Math.exp(-((c + 0.5 - 5.8) ** 2 + (r + 0.5 - 6.3) ** 2) / (2 * 0.81));
    const [p] = decodeHeat(out, rows, cols, 16, { ...DEFAULT_DECODE, subcell: 'heat' });
    expect(p?.xMm).toBeCloseTo(5.8 * 16, 6);
    expect(p?.yMm).toBeCloseTo(6.3 * 16, 6);
  });

  it('refuses an output of the wrong size', () => {
    expect(() => decodeHeat(new Float32Array(10), 10, 10, 16)).toThrow(RangeError);
  });
});

describe('bindTags', () => {
  const ob = (x: number, y: number, fallen = false, confidence = 0.8): LearnedObject => ({ xMm: x, yMm: y, fallen, tag: null, confidence });

  it('names the nearest object, stands it at the tag point and absorbs peaks seen through a wide card', () => {
    const out = bindTags([ob(100, 100, true), ob(112, 100), ob(300, 300)], [{ id: 7, x_mm: 104, y_mm: 101, z_mm: 50 }], { bindMm: 35, absorbMm: 18 });
    expect(out).toHaveLength(2);
    expect(out.find((o) => o.tag === 7)).toEqual({ xMm: 104, yMm: 101, fallen: false, tag: 7, confidence: 1 });
    expect(out.find((o) => o.tag === null)).toMatchObject({ xMm: 300, yMm: 300 });
  });

  it('a tag with nothing found near it is still one model', () => {
    const out = bindTags([ob(500, 500)], [{ id: 9, x_mm: 100, y_mm: 100, z_mm: 3 }], { bindMm: 35, absorbMm: 18 });
    expect(out).toHaveLength(2);
    expect(out.filter((o) => o.tag === 9)).toHaveLength(1);
  });

  it('two tags on touching bases bind two objects', () => {
    const out = bindTags([ob(100, 100), ob(126, 100)], [{ id: 4, x_mm: 100, y_mm: 100, z_mm: 3 }, { id: 5, x_mm: 126, y_mm: 100, z_mm: 3 }], { bindMm: 35, absorbMm: 18 });
    expect(out.map((o) => o.tag).sort()).toEqual([4, 5]);
  });
});
