import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenCv } from '../../src/vision/cv-types.js';
import { calibrateFromViews, type NamedView } from '../../src/vision/calibrate.js';
import { createCharucoDetector, DEFAULT_CHARUCO } from '../../src/vision/charuco.js';
import { rgbaToGray } from '../../src/vision/image.js';
import { charucoViews, renderCharucoView, webcamIntrinsics } from '../synthetic/index.js';
import { openCv } from './helpers.js';

// Half-size frames keep the suite quick; the bench repeats this at 1920×1080.
const truth = webcamIntrinsics(960, 540);

describe('camera calibration on rendered ChArUco views', () => {
  let cv: OpenCv;
  let views: NamedView[];
  beforeAll(async () => {
    cv = await openCv();
    const detector = createCharucoDetector(cv, DEFAULT_CHARUCO);
    views = charucoViews(truth, 12, 5).map((camera, i) => {
      const img = renderCharucoView(camera, undefined, { blurSigmaPx: 0.6, noiseSigma: 2, seed: i + 1 });
      return { name: `view-${i}.png`, ...detector.detect(rgbaToGray({ width: img.width, height: img.height, data: img.rgba })) };
    });
    detector.delete();
  });

  it('recovers the lens: RMS ≤ 0.3 px, focal within 0.5 %', () => {
    const r = calibrateFromViews(cv, DEFAULT_CHARUCO, views, truth.widthPx, truth.heightPx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const k = r.value.intrinsics;
    console.log(`calibration: RMS ${r.value.rmsPx.toFixed(3)} px, fx ${k.fx.toFixed(2)} (truth ${truth.fx.toFixed(2)}), k1 ${k.dist[0].toFixed(4)} (truth ${truth.dist[0]})`);
    expect(r.value.rmsPx).toBeLessThanOrEqual(0.3);
    expect(Math.abs(k.fx / truth.fx - 1)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(k.fy / truth.fy - 1)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(k.cx - truth.cx)).toBeLessThan(3);
    expect(Math.abs(k.cy - truth.cy)).toBeLessThan(3);
  });

  it('names a view that shows no board and drops a view that does not fit', () => {
    const blank: NamedView = { name: 'ceiling.jpg', ids: [], corners: [] };
    // The same corners shifted 6 px on one side: a board that moved during the exposure.
    const v = views[0] as NamedView;
    const smeared: NamedView = { name: 'shaky.jpg', ids: v.ids, corners: v.corners.map(([x, y], i) => [x + (i % 2 ? 6 : -6), y]) };
    const r = calibrateFromViews(cv, DEFAULT_CHARUCO, [...views, blank, smeared], truth.widthPx, truth.heightPx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.rejected.map((x) => x.name).sort()).toEqual(['ceiling.jpg', 'shaky.jpg']);
    expect(r.value.used).toHaveLength(views.length);
  });

  it('rejects a view whose corners lie along one row', () => {
    const v = views[1] as NamedView;
    const keep = v.ids.map((id, i) => [id, i] as const).filter(([id]) => Math.floor(id / 6) === 1);
    const row: NamedView = { name: 'edge-on.jpg', ids: keep.map(([id]) => id), corners: keep.map(([, i]) => v.corners[i] as [number, number]) };
    // Pad to the minimum count with the same row repeated, so only the geometry check can catch it.
    while (row.ids.length < 8) {
      row.ids.push(row.ids[0] as number);
      row.corners.push(row.corners[0] as [number, number]);
    }
    const r = calibrateFromViews(cv, DEFAULT_CHARUCO, [...views, row], truth.widthPx, truth.heightPx);
    expect(r.ok && r.value.rejected).toEqual([{ name: 'edge-on.jpg', reason: 'board corners found along one line only' }]);
  });

  it('refuses with too few views', () => {
    const r = calibrateFromViews(cv, DEFAULT_CHARUCO, views.slice(0, 3), truth.widthPx, truth.heightPx);
    expect(r.ok).toBe(false);
  });
});
