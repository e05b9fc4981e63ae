import { describe, expect, it } from 'vitest';
import { FrameStats } from '../../src/ui/camera/frame-stats.js';
import { trackObjects } from '../../src/ui/camera/object-tracker.js';
import { steadyPose } from '../../src/ui/camera/steady-pose.js';
import { yuvBytes, yuvToRgba } from '../../src/ui/camera/yuv-to-rgba.js';
import { projectTablePoint, type CameraIntrinsics, type CameraPose } from '../../src/app/api/vision.js';

/** The live camera path's pure parts (src/ui/camera): one module each, no browser. */

describe('objects between detections (object-tracker.ts)', () => {
  const detection = [
    { x_mm: 300, y_mm: 380, fallen: false, tag: 10, confidence: 1 },
    { x_mm: 900, y_mm: 500, fallen: false, tag: null, confidence: 0.8 },
    { x_mm: 1470, y_mm: 470, fallen: true, tag: null, confidence: 0.7 },
  ];

  it('a tagged model follows its tag; an untagged one stays where it was detected', () => {
    const now = trackObjects(detection, [{ id: 10, x_mm: 340, y_mm: 400 }]);
    expect(now).toEqual([
      { x_mm: 340, y_mm: 400, fallen: false, tag: 10, confidence: 1 },
      { x_mm: 1470, y_mm: 470, fallen: true, tag: null, confidence: 0.7 },
      { x_mm: 900, y_mm: 500, fallen: false, tag: null, confidence: 0.8 },
    ]);
  });

  it('a model whose tag is no longer seen is gone until the next detection (a fall begins so)', () => {
    expect(trackObjects(detection, [])?.map((o) => o.tag)).toEqual([null, null]);
  });

  it('a tag that appears on an untagged object takes it over, by the detector\'s own rule', () => {
    const now = trackObjects(detection, [{ id: 30, x_mm: 905, y_mm: 510 }]);
    expect(now?.filter((o) => Math.hypot(o.x_mm - 900, o.y_mm - 500) < 40)).toEqual([{ x_mm: 905, y_mm: 510, fallen: false, tag: 30, confidence: 1 }]);
  });

  it('no detection yet: no objects (tags only)', () => {
    expect(trackObjects(null, [{ id: 10, x_mm: 1, y_mm: 2 }])).toBeNull();
  });
});

describe('the pose the detector is given (steady-pose.ts)', () => {
  const k: CameraIntrinsics = { widthPx: 1920, heightPx: 1080, fx: 1330, fy: 1330, cx: 960, cy: 540, dist: [0, 0, 0, 0, 0] };
  const table = { width_mm: 1800, depth_mm: 1200 };
  const pose = (dx: number): CameraPose => ({ rotation: [1, 0, 0, 0, -1, 0, 0, 0, -1], translationMm: [-900 + dx, 600, 1600] });

  it('keeps the last pose while the table moves less than the tolerance in the image, and takes a moved one', () => {
    const kept = pose(0);
    const wobble = pose(0.2);
    const shift = (a: CameraPose, b: CameraPose): number => {
      const p = projectTablePoint(a, k, [0, 0, 0]);
      const q = projectTablePoint(b, k, [0, 0, 0]);
      return p && q ? Math.hypot(p[0] - q[0], p[1] - q[1]) : Infinity;
    };
    expect(shift(kept, wobble)).toBeLessThan(0.35);
    expect(steadyPose(kept, wobble, k, table)).toBe(kept);
    const moved = pose(3);
    expect(shift(kept, moved)).toBeGreaterThan(0.35);
    expect(steadyPose(kept, moved, k, table)).toBe(moved);
    expect(steadyPose(null, wobble, k, table)).toBe(wobble);
  });
});

describe('YUV 4:2:0 to RGBA (yuv-to-rgba.ts)', () => {
  /** One colour's planes, full range BT.601 (as a JPEG's YCbCr). */
  const planes = (r: number, g: number, b: number, layout: 'I420' | 'NV12', w = 4, h = 2): Uint8Array => {
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const u = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const v = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    const out = new Uint8Array(yuvBytes(w, h));
    out.fill(Math.round(y), 0, w * h);
    const c = (w / 2) * (h / 2);
    for (let i = 0; i < c; i++) {
      if (layout === 'I420') {
        out[w * h + i] = Math.round(u);
        out[w * h + c + i] = Math.round(v);
      } else {
        out[w * h + 2 * i] = Math.round(u);
        out[w * h + 2 * i + 1] = Math.round(v);
      }
    }
    return out;
  };

  for (const layout of ['I420', 'NV12'] as const) {
    it(`${layout}: colours come back within 2 levels, alpha opaque`, () => {
      for (const [r, g, b] of [[200, 40, 30], [30, 120, 60], [250, 250, 250], [10, 10, 12], [60, 90, 200]] as const) {
        const out = new Uint8ClampedArray(4 * 2 * 4);
        yuvToRgba(planes(r, g, b, layout), layout, 4, 2, { matrix: 'bt601', fullRange: true }, out);
        for (let p = 0; p < 8; p++) {
          expect(Math.abs((out[p * 4] ?? 0) - r)).toBeLessThanOrEqual(2);
          expect(Math.abs((out[p * 4 + 1] ?? 0) - g)).toBeLessThanOrEqual(2);
          expect(Math.abs((out[p * 4 + 2] ?? 0) - b)).toBeLessThanOrEqual(2);
          expect(out[p * 4 + 3]).toBe(255);
        }
      }
    });
  }

  it('limited range: 16 is black and 235 white', () => {
    const src = new Uint8Array(yuvBytes(2, 2)).fill(128);
    const out = new Uint8ClampedArray(16);
    src.fill(16, 0, 4);
    yuvToRgba(src, 'I420', 2, 2, { matrix: 'bt709', fullRange: false }, out);
    expect([...out.subarray(0, 4)]).toEqual([0, 0, 0, 255]);
    src.fill(235, 0, 4);
    yuvToRgba(src, 'I420', 2, 2, { matrix: 'bt709', fullRange: false }, out);
    expect([...out.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
  });
});

describe('frames per second and timings (frame-stats.ts)', () => {
  it('counts located and detected frames over the last three seconds, with median timings', () => {
    const s = new FrameStats();
    for (let i = 0; i <= 40; i++) s.located(1000 + i * 100, { readMs: 1, locateMs: 40 + (i % 3), latencyMs: 45 });
    for (let i = 0; i <= 8; i++) s.detected(1000 + i * 500, { map: 50, network: 100, second: 12, decode: 1, total: 163 }, 300);
    const out = s.summary(5000);
    expect(out.located).toBe(41);
    expect(out.detected).toBe(9);
    expect(out.locatedPerS).toBeCloseTo(10, 5);
    expect(out.detectedPerS).toBeCloseTo(2, 5);
    expect(out.locateMs).toBe(41);
    expect(out.detectMs).toEqual({ map: 50, network: 100, second: 12, decode: 1, total: 163 });
    expect(out.load).toBeNull();
    s.loaded({ scriptMs: 10, modelMs: 12, sessionMs: 300, totalMs: 312, modelBytes: 83622 }, 400);
    expect(s.summary(5000).load).toEqual({ pageMs: 400, scriptMs: 10, modelMs: 12, sessionMs: 300, totalMs: 312, modelBytes: 83622 });
    // Nothing for a while: the rate falls to nothing rather than staying at the last figure.
    expect(s.summary(20_000).locatedPerS).toBe(0);
  });
});
