/** The fine fallen net's 2 mm squares (src/vision/learned/fine-squares.ts) against the 4 mm map they must agree with. */
import { describe, expect, it } from 'vitest';
import { cameraPositionMm, lookAtPose } from '../../../src/vision/camera-model.js';
import { FINE_CELLS, FINE_MM_PER_CELL, fineSquareAt, fineSquareInput, sampleFineSquare, sampleFineSquares } from '../../../src/vision/learned/fine-squares.js';
import { buildTableMapSampler, INPUT_CHANNELS, networkInput, sampleTableMap, tableColour } from '../../../src/vision/learned/table-map.js';

const W = 640, H = 360;
const k = { widthPx: W, heightPx: H, fx: 700, fy: 700, cx: 320, cy: 180, dist: [-0.1, 0.02, 0, 0, 0] as const };
const pose = lookAtPose([880, 610, 1500], [900, 600, 0]);
const table = { width_mm: 1800, depth_mm: 1200 };

/** A frame whose colour varies smoothly across the image, with a dark square and a lighter band. */
function frame(band: boolean): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    const dark = Math.abs(x - 320) < 20 && Math.abs(y - 180) < 20;
    const lit = band && x > 340 && x < 360;
    data[i] = dark ? 10 : lit ? 200 : 60 + x / 8;
    data[i + 1] = dark ? 12 : lit ? 190 : 90 + y / 8;
    data[i + 2] = dark ? 15 : lit ? 180 : 50;
    data[i + 3] = 255;
  }
  return { width: W, height: H, data };
}

describe('fine squares', () => {
  const s = buildTableMapSampler(pose, k, table);
  const cells = s.rows * s.cols;
  const img = frame(true);
  const empty = frame(false);
  const map = sampleTableMap(s, img);
  const bgMap = sampleTableMap(s, empty);
  const ref = tableColour(map, cells);
  const refBg = tableColour(bgMap, cells);
  const coarse = networkInput(s, map, bgMap, refBg);

  it('a square on the 4 mm grid, its 2 × 2 cells averaged, gives the 4 mm map: same colours, tilt and background planes', () => {
    // Corner on a 4 mm cell boundary, over the dark square and the band.
    const sq = { x0Mm: 860, y0Mm: 560, cells: FINE_CELLS };
    const f = sampleFineSquare(img, pose, k, table, sq);
    const b = sampleFineSquare(empty, pose, k, table, sq);
    const x = new Float32Array(INPUT_CHANNELS * FINE_CELLS * FINE_CELLS);
    fineSquareInput(f, b, sq, s.cameraMm, ref, refBg, x);
    const n = FINE_CELLS * FINE_CELLS;
    let worstColour = 0;
    let worstTilt = 0;
    let worstBg = 0;
    for (let r = 0; r < FINE_CELLS / 2; r++) {
      for (let c = 0; c < FINE_CELLS / 2; c++) {
        const mr = sq.y0Mm / 4 + r;
        const mc = sq.x0Mm / 4 + c;
        const mi = mr * s.cols + mc;
        const mean = (ch: number, plane: Float32Array, size: number): number => {
          let v = 0;
          for (const [dr, dc] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) v += plane[ch * size + (2 * r + dr) * FINE_CELLS + 2 * c + dc] as number;
          return v / 4;
        };
        for (let ch = 0; ch < 3; ch++) worstColour = Math.max(worstColour, Math.abs(mean(ch, f, n) - (map[ch * cells + mi] as number)));
        for (const ch of [3, 4]) worstTilt = Math.max(worstTilt, Math.abs(mean(ch, x, n) - (coarse[ch * cells + mi] as number)));
        for (const ch of [5, 6, 7]) worstBg = Math.max(worstBg, Math.abs(mean(ch, x, n) - (coarse[ch * cells + mi] as number)));
        expect(mean(8, x, n)).toBe(1);
      }
    }
    // Colours 0-255: the two sample a 4 mm cell at other points (1 mm apart), so edges differ a little.
    expect(worstColour).toBeLessThan(12);
    expect(worstTilt).toBeLessThan(1e-5);
    // The band is the only change from the empty table: the ratio planes agree to the sampling.
    expect(worstBg).toBeLessThan(0.25);
  });

  it('the lighter band shows in the background planes and nowhere else', () => {
    const sq = fineSquareAt(900, 600);
    const f = sampleFineSquare(img, pose, k, table, sq);
    const b = sampleFineSquare(empty, pose, k, table, sq);
    const x = new Float32Array(INPUT_CHANNELS * FINE_CELLS * FINE_CELLS);
    fineSquareInput(f, b, sq, s.cameraMm, ref, refBg, x);
    const n = FINE_CELLS * FINE_CELLS;
    const changed = Array.from({ length: n }, (_, i) => Math.abs(x[5 * n + i] as number) > 0.3).filter(Boolean).length;
    expect(changed).toBeGreaterThan(20);
    expect(changed).toBeLessThan(n / 4);
    // Without the empty table the background planes are 0.
    const y = new Float32Array(INPUT_CHANNELS * n);
    fineSquareInput(f, null, sq, s.cameraMm, ref, null, y);
    for (const ch of [5, 6, 7, 8]) expect(y.subarray(ch * n, (ch + 1) * n).every((v) => v === 0)).toBe(true);
  });

  it('cells off the table are 0 in every channel; the tilt points away from the nadir', () => {
    const sq = fineSquareAt(10, 10);
    const f = sampleFineSquare(img, pose, k, table, sq);
    const x = new Float32Array(INPUT_CHANNELS * FINE_CELLS * FINE_CELLS);
    fineSquareInput(f, null, sq, s.cameraMm, ref, null, x);
    const n = FINE_CELLS * FINE_CELLS;
    const [cx, cy, cz] = cameraPositionMm(pose);
    for (let r = 0; r < FINE_CELLS; r += 5) {
      for (let c = 0; c < FINE_CELLS; c += 5) {
        const i = r * FINE_CELLS + c;
        const xm = sq.x0Mm + (c + 0.5) * FINE_MM_PER_CELL;
        const ym = sq.y0Mm + (r + 0.5) * FINE_MM_PER_CELL;
        const on = xm >= 0 && ym >= 0 && Number.isFinite(f[i] as number);
        if (!on) {
          for (let ch = 0; ch < INPUT_CHANNELS; ch++) expect(x[ch * n + i]).toBe(0);
          continue;
        }
        expect(x[3 * n + i]).toBeCloseTo((xm - cx) / cz, 5);
        expect(x[4 * n + i]).toBeCloseTo((ym - cy) / cz, 5);
      }
    }
    expect(() => fineSquareInput(f.subarray(1), null, sq, s.cameraMm, ref, null, x)).toThrow(RangeError);
  });

  it('samples a frame and its empty table at shared points as it samples each alone, and refuses images of two sizes', () => {
    const sq = fineSquareAt(905.3, 597.1);
    const [f, b] = sampleFineSquares([img, empty], pose, k, table, sq);
    expect(f).toEqual(sampleFineSquare(img, pose, k, table, sq));
    expect(b).toEqual(sampleFineSquare(empty, pose, k, table, sq));
    expect(f).not.toEqual(b);
    expect(sampleFineSquares([], pose, k, table, sq)).toEqual([]);
    const small = { width: img.width - 2, height: img.height, data: img.data.subarray(0, (img.width - 2) * img.height * 4) };
    expect(() => sampleFineSquares([img, small], pose, k, table, sq)).toThrow(RangeError);
  });
});
