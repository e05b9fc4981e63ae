/** The table map and the network input built from it (src/vision/learned/table-map.ts). */
import { describe, expect, it } from 'vitest';
import { cameraPositionMm, lookAtPose, projectTablePoint } from '../../../src/vision/camera-model.js';
import { buildTableMapSampler, INPUT_CHANNELS, MAP_MM_PER_CELL, networkInput, sampleTableMap, tableColour } from '../../../src/vision/learned/table-map.js';

const W = 640, H = 360;
const k = { widthPx: W, heightPx: H, fx: 700, fy: 700, cx: 320, cy: 180, dist: [-0.1, 0.02, 0, 0, 0] as const };
const pose = lookAtPose([880, 610, 1500], [900, 600, 0]);
const table = { width_mm: 1800, depth_mm: 1200 };

/** A frame whose colour varies smoothly across the image, with a dark square in the middle. */
function frame(gain = 1): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    const dark = Math.abs(x - 320) < 20 && Math.abs(y - 180) < 20;
    data[i] = Math.min(255, (dark ? 10 : 60 + x / 8) * gain);
    data[i + 1] = Math.min(255, (dark ? 12 : 90 + y / 8) * gain);
    data[i + 2] = Math.min(255, (dark ? 15 : 50) * gain);
    data[i + 3] = 255;
  }
  return { width: W, height: H, data };
}

describe('table map', () => {
  const s = buildTableMapSampler(pose, k, table);
  const cells = s.rows * s.cols;

  it('covers the table in MAP_MM_PER_CELL cells and marks the cells the camera does not see', () => {
    expect(s.cols).toBe(1800 / MAP_MM_PER_CELL);
    expect(s.rows).toBe(1200 / MAP_MM_PER_CELL);
    const seen = s.seen.reduce((a, b) => a + b, 0);
    // A 640 × 360 frame from 1.5 m sees the middle of the table, not its corners.
    expect(seen).toBeGreaterThan(cells * 0.2);
    expect(seen).toBeLessThan(cells);
    const map = sampleTableMap(s, frame());
    let wrong = 0;
    for (let i = 0; i < cells; i++) if (Number.isNaN(map[i] as number) !== (s.seen[i] === 0)) wrong++;
    expect(wrong).toBe(0);
  });

  it('samples where projectTablePoint puts each sub-sample, to the bit (the sampler projects through projectTablePlaneInto, which allocates nothing)', () => {
    // A tilted, distorted camera so that every term of the projection matters.
    const kd = { ...k, dist: [-0.12, 0.03, 0.002, -0.001, 0.01] as const };
    const tilted = lookAtPose([300, 200, 1300], [900, 650, 0]);
    const t = buildTableMapSampler(tilted, kd, table);
    let checked = 0, wrong = 0;
    for (let i = 0; i < t.pixel.length; i += 97) {
      const cell = Math.floor(i / 4), sub = i % 4;
      const x = ((cell % t.cols) + ((sub % 2) + 0.5) / 2) * t.mmPerCell;
      const y = (Math.floor(cell / t.cols) + (Math.floor(sub / 2) + 0.5) / 2) * t.mmPerCell;
      const q = projectTablePoint(tilted, kd, [x, y, 0]);
      const inside = q !== null && Math.floor(q[0]) >= 0 && Math.floor(q[1]) >= 0 && Math.floor(q[0]) + 1 < W && Math.floor(q[1]) + 1 < H;
      if (!inside) { if (t.pixel[i] !== -1) wrong++; continue; }
      checked++;
      const x0 = Math.floor(q[0]), y0 = Math.floor(q[1]);
      if (t.pixel[i] !== y0 * W + x0) wrong++;
      // The weights are divided by the cell's seen sub-samples; their ratio keeps the fraction.
      const w = [t.weight[4 * i], t.weight[4 * i + 1], t.weight[4 * i + 2], t.weight[4 * i + 3]] as number[];
      const sum = w[0]! + w[1]! + w[2]! + w[3]!;
      if (Math.abs(w[1]! / sum - Math.fround(q[0] - x0) * Math.fround(1 - (q[1] - y0))) > 1e-5) wrong++;
    }
    expect(checked).toBeGreaterThan(500);
    expect(wrong).toBe(0);
  });

  it('the input: log colour ratio to the cloth median (within the look-up grid), nadir direction, background planes', () => {
    const map = sampleTableMap(s, frame());
    const ref = tableColour(map, cells);
    const x = networkInput(s, map, null);
    expect(x).toHaveLength(INPUT_CHANNELS * cells);
    const [cx, cy, cz] = cameraPositionMm(pose);
    for (let i = 0; i < cells; i += 211) {
      const r = Math.floor(i / s.cols);
      const c = i % s.cols;
      if (s.seen[i] === 0) {
        for (let ch = 0; ch < INPUT_CHANNELS; ch++) expect(x[ch * cells + i]).toBe(0);
        continue;
      }
      for (let ch = 0; ch < 3; ch++) {
        const exact = Math.max(-3, Math.min(3, Math.log(((map[ch * cells + i] as number) + 2) / ((ref[ch] as number) + 2))));
        expect(Math.abs((x[ch * cells + i] as number) - exact)).toBeLessThan(0.02);
      }
      expect(x[3 * cells + i]).toBeCloseTo(((c + 0.5) * s.mmPerCell - cx) / cz, 5);
      expect(x[4 * cells + i]).toBeCloseTo(((r + 0.5) * s.mmPerCell - cy) / cz, 5);
      for (let ch = 5; ch < 9; ch++) expect(x[ch * cells + i]).toBe(0);
    }
  });

  it('against an empty table shot under a brighter lamp, only what changed differs', () => {
    const bg = sampleTableMap(s, frame(1.3));
    const map = sampleTableMap(s, frame());
    const x = networkInput(s, map, bg);
    let changed = 0, seen = 0, flagged = 0;
    for (let i = 0; i < cells; i++) {
      if (s.seen[i] === 0) continue;
      seen++;
      if (x[8 * cells + i] === 1) flagged++;
      if (Math.abs(x[5 * cells + i] as number) > 0.1) changed++;
    }
    expect(flagged).toBe(seen);
    // The same picture, only brighter: the difference is near zero almost everywhere.
    expect(changed / seen).toBeLessThan(0.02);
  });

  it('refuses a frame of another size', () => {
    expect(() => sampleTableMap(s, { width: 320, height: 180, data: new Uint8Array(320 * 180 * 4) })).toThrow(RangeError);
  });
});
