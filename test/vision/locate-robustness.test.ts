import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenCv } from '../../src/vision/cv-types.js';
import { createCharucoDetector, DEFAULT_CHARUCO } from '../../src/vision/charuco.js';
import { rgbaToGray, type RgbaImage } from '../../src/vision/image.js';
import { createLocator } from '../../src/vision/locate.js';
import { defaultTableProfile } from '../../src/vision/table-profile.js';
import { charucoViews, overheadCamera, randomScene, renderCharucoView, renderScene, type RawImage } from '../synthetic/index.js';
import { openCv } from './helpers.js';

const asFrame = (img: RawImage): RgbaImage => ({ width: img.width, height: img.height, data: img.rgba });

// Small frames: these tests are about behaviour, the accuracy suite runs at 1080p.
describe('locate: behaviour at the edges', () => {
  let cv: OpenCv;
  const profile = defaultTableProfile();
  const camera = overheadCamera({ heightMm: 1600, offsetMm: [40, 20], widthPx: 960, heightPx: 540 });
  let frame: RgbaImage;
  beforeAll(async () => {
    cv = await openCv();
    frame = asFrame(renderScene(randomScene(profile, { seed: 8, standing: 3, terrain: 1 }), camera, { blurSigmaPx: 0.5, noiseSigma: 2 }));
  });

  it('a hand over one anchor: the other three still pin the pose', () => {
    // A forearm-sized box standing on anchor 2.
    const scene = randomScene(profile, { seed: 8, standing: 3 });
    const a2 = profile.anchors.markers.find((m) => m.id === 2)?.corners_mm[0] ?? [0, 0];
    scene.terrain.push({ kind: 'box', x_mm: a2[0] + 40, y_mm: a2[1] - 40, width_mm: 120, depth_mm: 110, height_mm: 90, angle_deg: 20, color: [200, 160, 140] });
    const locator = createLocator(cv, profile, camera.intrinsics);
    const r = locator.locate(asFrame(renderScene(scene, camera, {})));
    locator.delete();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.report.anchors_found).toEqual([0, 1, 3]);
    expect(Math.abs(r.value.report.camera_position_mm[2] - 1600)).toBeLessThan(10);
  });

  it('two anchors are too few, and the failure says which were seen', () => {
    const scene = randomScene(profile, { seed: 8 });
    scene.anchors = scene.anchors.filter((a) => a.id === 0 || a.id === 1);
    const locator = createLocator(cv, profile, camera.intrinsics);
    const r = locator.locate(asFrame(renderScene(scene, camera, {})));
    locator.delete();
    expect(r).toEqual({ ok: false, error: { kind: 'too-few-anchors', found: [0, 1], needed: 3, expected: [0, 1, 2, 3] } });
  });

  it('refuses a frame whose size differs from the calibration', () => {
    const locator = createLocator(cv, profile, { ...camera.intrinsics, widthPx: 1920, heightPx: 1080 });
    const r = locator.locate(frame);
    locator.delete();
    expect(r).toEqual({ ok: false, error: { kind: 'image-size', expected: [1920, 1080], actual: [960, 540] } });
  });

  it('takes grey frames as well as RGBA, with the same answer', () => {
    const locator = createLocator(cv, profile, camera.intrinsics, { trackTable: false });
    const a = locator.locate(frame);
    const b = locator.locate(rgbaToGray(frame));
    locator.delete();
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(b.value.report).toEqual(a.value.report);
  });

  it('a second frame is searched only where the table is, with the same answer', () => {
    const locator = createLocator(cv, profile, camera.intrinsics);
    const first = locator.locate(frame);
    const second = locator.locate(frame);
    locator.delete();
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.value.searched).toBeNull();
    const box = second.value.searched;
    expect(box).not.toBeNull();
    expect((box?.width ?? 0) * (box?.height ?? 0)).toBeLessThan(0.9 * 960 * 540);
    expect(second.value.report.anchors_found).toEqual(first.value.report.anchors_found);
    // Same corners to float rounding: the region only skips pixels where no marker can be.
    for (const m of first.value.markers) {
      const n = second.value.markers.find((x) => x.id === m.id);
      m.corners.forEach(([u, v], j) => expect(Math.hypot(u - (n?.corners[j]?.[0] ?? NaN), v - (n?.corners[j]?.[1] ?? NaN))).toBeLessThan(1e-3));
    }
    expect(second.value.report.camera_position_mm[2]).toBeCloseTo(first.value.report.camera_position_mm[2], 1);
  });

  it('when the camera moves, the narrowed search fails over to the whole frame', () => {
    const locator = createLocator(cv, profile, camera.intrinsics);
    expect(locator.locate(frame).ok).toBe(true);
    // Camera knocked 250 mm sideways and turned: the old table region misses two anchors.
    const moved = overheadCamera({ heightMm: 1600, offsetMm: [-250, 90], rollDeg: 8, widthPx: 960, heightPx: 540 });
    const r = locator.locate(asFrame(renderScene(randomScene(profile, { seed: 8, standing: 3, terrain: 1 }), { ...moved, intrinsics: camera.intrinsics }, {})));
    locator.delete();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.searched).toBeNull();
    expect(Math.abs(r.value.report.camera_position_mm[0] - (900 - 250))).toBeLessThan(10);
  });

  it('frees every Mat: the wasm heap does not grow over repeated frames', () => {
    // A 4 MB probe block lands at the same address unless something below it leaked.
    const probe = (): number => {
      const m = cv as unknown as { _malloc(n: number): number; _free(p: number): void };
      const p = m._malloc(4 << 20);
      m._free(p);
      return p;
    };
    const locator = createLocator(cv, profile, camera.intrinsics);
    const charuco = createCharucoDetector(cv, DEFAULT_CHARUCO);
    const [view] = charucoViews(camera.intrinsics, 1, 3);
    if (!view) throw new Error('no view');
    const board = rgbaToGray(asFrame(renderCharucoView(view)));
    locator.locate(frame);
    charuco.detect(board);
    const before = probe();
    for (let i = 0; i < 8; i++) {
      locator.locate(frame);
      charuco.detect(board);
    }
    expect(probe()).toBe(before);
    locator.delete();
    charuco.delete();
  });
});
