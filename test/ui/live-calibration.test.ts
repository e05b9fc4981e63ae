import { beforeAll, describe, expect, it } from 'vitest';
import { COVERAGE_COLS, COVERAGE_ROWS } from '../../src/app/api/camera-worker-messages.js';
import { LiveCalibration } from '../../src/ui/camera/live-calibration.js';
import { refusalText } from '../../src/ui/views/refusal-text.js';
import type { OpenCv } from '../../src/vision/cv-types.js';
import { loadOpenCvNode } from '../../src/vision/opencv-node.js';
import { charucoViews, renderCharucoView, webcamIntrinsics, type RawImage } from '../synthetic/index.js';

/**
 * The wizard's live calibration as the vision worker runs it (real OpenCV in Node, rendered
 * board views at 960×540): which frames become views and why the others do not, the RMS once
 * there are enough, the coverage grid, and a camera file near the lens the views were drawn with.
 */
let cv: OpenCv;
const k = webcamIntrinsics(960, 540);
const frames: RawImage[] = [];

const frame = (img: RawImage) => ({ width: img.width, height: img.height, data: img.rgba });

describe('LiveCalibration', () => {
  beforeAll(async () => {
    cv = await loadOpenCvNode();
    for (const [i, view] of charucoViews(k, 8, 3).entries()) frames.push(renderCharucoView(view, undefined, { blurSigmaPx: 0.5, noiseSigma: 1.5, seed: i }));
  }, 120_000);

  it('refuses a bad board spec in one line', () => {
    expect(LiveCalibration.create(cv, 'charuco:2x2:30:22:DICT_4X4_50')).toMatch(/^board: a board needs at least 3×3 squares/);
  });

  it('keeps new views, refuses repeats and empty frames, fits after five and reports each RMS', () => {
    const live = LiveCalibration.create(cv, 'charuco:7x5:30:22:DICT_4X4_50');
    if (typeof live === 'string') throw new Error(live);
    try {
      const blank = { width: 960, height: 540, data: new Uint8ClampedArray(960 * 540 * 4).fill(180) };
      const none = live.frame(blank, false);
      expect(none).toMatchObject({ kept: false, refused: 'no board found', views: 0, rmsPx: null });
      // The wizard shows it in Russian (the default language).
      expect(refusalText(none.refused ?? '')).toBe('доска не найдена');

      const first = live.frame(frame(frames[0] as RawImage), false);
      expect(first).toMatchObject({ kept: true, refused: null, views: 1, rmsPx: null });
      expect(first.corners.length).toBeGreaterThan(8);
      // The same picture again adds nothing, unless the user asks for it.
      const again = live.frame(frame(frames[0] as RawImage), false);
      expect(again).toMatchObject({ kept: false, refused: 'close to view 1 already kept: move or tilt the board' });
      expect(refusalText(again.refused ?? '')).toBe('почти как кадр 1: сдвиньте или наклоните доску');

      const rms: number[] = [];
      for (const img of frames.slice(1)) {
        const r = live.frame(frame(img), false);
        expect(r.kept, r.refused ?? '').toBe(true);
        if (r.views >= 5) {
          expect(r.rmsPx).not.toBeNull();
          rms.push(r.rmsPx as number);
        } else expect(r.rmsPx).toBeNull();
      }
      expect(rms.length).toBe(4);
      for (const x of rms) expect(x).toBeLessThan(0.5);

      const last = live.frame(frame(frames[2] as RawImage), true);
      expect(last.kept).toBe(true);
      expect(last.views).toBe(9);
      expect(last.coverage.length).toBe(COVERAGE_COLS * COVERAGE_ROWS);
      expect(Math.max(...last.coverage)).toBeLessThanOrEqual(9);
      expect(last.coverage.filter((c) => c > 0).length).toBeGreaterThan(6);
      const cam = last.camera as { file: { camera_matrix: number[][]; image_size: number[] }; viewsUsed: number };
      expect(cam.file.image_size).toEqual([960, 540]);
      expect(Math.abs((cam.file.camera_matrix[0]?.[0] ?? 0) / k.fx - 1)).toBeLessThan(0.01);
    } finally {
      live.delete();
    }
  });
});
