import { beforeAll, describe, expect, it } from 'vitest';
import { pixelToTablePlane } from '../../src/vision/camera-model.js';
import type { OpenCv } from '../../src/vision/cv-types.js';
import { createLocator, type LocatedFrame } from '../../src/vision/locate.js';
import { defaultTableProfile, type TableProfile } from '../../src/vision/table-profile.js';
import { overheadCamera, randomScene, renderSceneJpeg, WEBCAM, type Scene } from '../synthetic/index.js';
import { openCv, quantile } from './helpers.js';

const RAISED_MM = 40;

interface Frame {
  scene: Scene;
  located: LocatedFrame;
}

/** Two 1080p webcam frames (1.6 m and 1.75 m up, off-centre), JPEG-compressed, true lens given. */
describe('tag positions on rendered tables', () => {
  let cv: OpenCv;
  let profile: TableProfile;
  const frames: Frame[] = [];
  beforeAll(async () => {
    cv = await openCv();
    profile = defaultTableProfile();
    for (const [seed, heightMm] of [
      [1, 1600],
      [2, 1750],
    ] as const) {
      const scene = randomScene(profile, { seed, baseTags: 10, raisedTags: 10, raisedHeightMm: RAISED_MM, standing: 4, fallen: 3, terrain: 2, firstTagId: 4 + (seed - 1) * 20 });
      for (const m of scene.miniatures) if (m.tag && m.height_mm === RAISED_MM) profile.tags.heights_mm[String(m.tag.id)] = RAISED_MM;
      const camera = overheadCamera({ heightMm, offsetMm: [80, -60], rollDeg: seed === 2 ? 1.5 : 0 });
      const { image } = await renderSceneJpeg(scene, camera, { ...WEBCAM, seed });
      const locator = createLocator(cv, profile, camera.intrinsics);
      const r = locator.locate({ width: image.width, height: image.height, data: image.rgba });
      locator.delete();
      if (!r.ok) throw new Error(`locate failed: ${JSON.stringify(r.error)}`);
      frames.push({ scene, located: r.value });
    }
  });

  function errors(raised: boolean, corrected: boolean): { errs: number[]; missed: number } {
    const errs: number[] = [];
    let missed = 0;
    for (const { scene, located } of frames) {
      for (const m of scene.miniatures) {
        if (!m.tag || (m.height_mm === RAISED_MM) !== raised) continue;
        const marker = located.markers.find((k) => k.id === m.tag?.id);
        if (!marker) {
          missed++;
          continue;
        }
        let x = 0;
        let y = 0;
        const h = corrected ? (m.tag.height_mm ?? m.height_mm) : 0;
        for (const [u, v] of marker.corners) {
          const p = pixelToTablePlane(u, v, h, located.pose, located.intrinsics);
          if (!p) throw new Error('ray missed the table');
          x += p[0] / 4;
          y += p[1] / 4;
        }
        errs.push(Math.hypot(x - m.x_mm, y - m.y_mm));
      }
    }
    return { errs, missed };
  }

  it('finds every anchor and every tag, and fits the anchors to a fraction of a pixel', () => {
    for (const { scene, located } of frames) {
      expect(located.report.anchors_found).toEqual([0, 1, 2, 3]);
      expect(located.report.reprojection_px).toBeLessThan(0.5);
      const tagIds = scene.miniatures.flatMap((m) => (m.tag ? [m.tag.id] : [])).sort((a, b) => a - b);
      expect(located.report.tags.map((t) => t.id)).toEqual(tagIds);
    }
  });

  it('puts the camera where it hangs', () => {
    const [a, b] = frames as [Frame, Frame];
    expect(Math.abs(a.located.report.camera_position_mm[2] - 1600)).toBeLessThan(5);
    expect(Math.abs(b.located.report.camera_position_mm[2] - 1750)).toBeLessThan(5);
    expect(Math.abs(a.located.report.camera_position_mm[0] - 980)).toBeLessThan(5);
    expect(Math.abs(a.located.report.camera_position_mm[1] - 540)).toBeLessThan(5);
  });

  it('p95 ≤ 1.5 mm at base height', () => {
    const { errs, missed } = errors(false, true);
    console.log(`base-height tags: p95 ${quantile(errs, 0.95).toFixed(2)} mm over ${errs.length}`);
    expect(missed).toBe(0);
    expect(quantile(errs, 0.95)).toBeLessThanOrEqual(1.5);
  });

  it('p95 ≤ 2 mm for tags 40 mm up with parallax corrected; uncorrected is far worse', () => {
    const corrected = errors(true, true).errs;
    const uncorrected = errors(true, false).errs;
    console.log(`40 mm tags: p95 ${quantile(corrected, 0.95).toFixed(2)} mm corrected, ${quantile(uncorrected, 0.95).toFixed(2)} mm uncorrected`);
    expect(quantile(corrected, 0.95)).toBeLessThanOrEqual(2);
    expect(quantile(uncorrected, 0.95)).toBeGreaterThan(5 * quantile(corrected, 0.95));
  });

  it('reports x/y under the tag centre at the profile height (the report itself)', () => {
    for (const { scene, located } of frames) {
      for (const t of located.report.tags) {
        const m = scene.miniatures.find((k) => k.tag?.id === t.id);
        expect(m).toBeDefined();
        expect(t.z_mm).toBe(m?.height_mm === RAISED_MM ? RAISED_MM : 4);
        expect(Math.hypot(t.x_mm - (m?.x_mm ?? 0), t.y_mm - (m?.y_mm ?? 0))).toBeLessThan(2.5);
      }
    }
  });
});
