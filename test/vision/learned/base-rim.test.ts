/**
 * The base rim fit (src/vision/learned/base-rim.ts) on rendered tables: from a point some mm off,
 * it finds the base's centre to a fraction of a millimetre under a leaning figure, and it leaves
 * the point alone where there is no rim to see (no base, a base the mat's colour, bare table).
 */
import { describe, expect, it } from 'vitest';
import { cameraPositionMm } from '../../../src/vision/camera-model.js';
import { DEFAULT_RIM, DEFAULT_RIM_PAIR, fitBaseRim, rimsAround } from '../../../src/vision/learned/base-rim.js';
import { defaultTableProfile } from '../../../src/vision/table-profile.js';
import { overheadCamera, sceneFromProfile, type SceneMiniature } from '../../synthetic/index.js';
import { renderRgba } from '../objects/frames.js';

const CLOTH: [number, number, number] = [62, 104, 58];
const figure = (x: number, y: number, base: number, extra: Partial<SceneMiniature> = {}): SceneMiniature => ({ x_mm: x, y_mm: y, base_mm: base, height_mm: 36, fallen: false, angle_deg: 20, color: [170, 60, 50], ...extra });

describe('fitBaseRim', () => {
  it('puts a base centre within 0.6 mm from a point 6 mm off, under figures leaning away from the nadir, for 25–60 mm bases', async () => {
    const minis = [figure(420, 300, 25), figure(1380, 320, 32), figure(400, 900, 40), figure(1400, 880, 60, { height_mm: 50 }), figure(900, 600, 28)];
    const scene = { ...sceneFromProfile(defaultTableProfile(), minis), cloth_color: CLOTH };
    const camera = overheadCamera({ heightMm: 1500 });
    const frame = await renderRgba(scene, camera);
    const cam = cameraPositionMm(camera.pose);
    for (const m of minis) {
      const f = fitBaseRim(frame, camera.pose, camera.intrinsics, [cam[0], cam[1], cam[2]], m.x_mm + 4.5, m.y_mm - 4);
      expect(f, `base ${m.base_mm} at ${m.x_mm}, ${m.y_mm}`).not.toBeNull();
      if (!f) continue;
      expect(Math.hypot(f.xMm - m.x_mm, f.yMm - m.y_mm), `base ${m.base_mm}`).toBeLessThan(0.6);
      expect(Math.abs(2 * f.radiusMm - m.base_mm), `base ${m.base_mm}`).toBeLessThan(1.5);
    }
  });

  it('finds nothing where no rim is seen: bare cloth, a figure without a base, a base the colour of the cloth', async () => {
    const minis = [figure(600, 400, 0), figure(1200, 800, 32, { base_color: CLOTH, color: CLOTH })];
    const scene = { ...sceneFromProfile(defaultTableProfile(), minis), cloth_color: CLOTH };
    const camera = overheadCamera({ heightMm: 1600 });
    const frame = await renderRgba(scene, camera);
    const cam = cameraPositionMm(camera.pose);
    const at = (x: number, y: number) => fitBaseRim(frame, camera.pose, camera.intrinsics, [cam[0], cam[1], cam[2]], x, y);
    expect(at(900, 300)).toBeNull();
    expect(at(600, 400)).toBeNull();
    expect(at(1200, 800)).toBeNull();
  });

  it('a point too close to the frame edge for its patch is left alone', async () => {
    const scene = { ...sceneFromProfile(defaultTableProfile(), [figure(900, 600, 32)]), cloth_color: CLOTH };
    const camera = overheadCamera({ heightMm: 1500 });
    const frame = await renderRgba(scene, camera);
    const cam = cameraPositionMm(camera.pose);
    expect(fitBaseRim(frame, camera.pose, camera.intrinsics, [cam[0], cam[1], cam[2]], -2000, 600)).toBeNull();
  });

  it('two bases in contact seen as one object between them are two bases; one base alone, or two apart, are no pair', async () => {
    const minis = [figure(600, 400, 25), figure(625.5, 400, 25, { color: [60, 90, 200] }), figure(1200, 400, 32), figure(600, 900, 25), figure(660, 900, 25)];
    const scene = { ...sceneFromProfile(defaultTableProfile(), minis), cloth_color: CLOTH };
    const camera = overheadCamera({ heightMm: 1600 });
    const frame = await renderRgba(scene, camera);
    const cam = cameraPositionMm(camera.pose);
    const around = (x: number, y: number) => rimsAround(frame, camera.pose, camera.intrinsics, [cam[0], cam[1], cam[2]], x, y, DEFAULT_RIM, DEFAULT_RIM_PAIR);
    const pair = around(612, 401).pair;
    expect(pair).not.toBeNull();
    const found = (pair ?? []).map((c) => [c.xMm, c.yMm]).sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(Math.hypot((found[0]?.[0] ?? 0) - 600, (found[0]?.[1] ?? 0) - 400)).toBeLessThan(0.8);
    expect(Math.hypot((found[1]?.[0] ?? 0) - 625.5, (found[1]?.[1] ?? 0) - 400)).toBeLessThan(0.8);
    expect(around(1203, 398).pair).toBeNull();
    expect(around(1203, 398).single).not.toBeNull();
    expect(around(630, 900).pair).toBeNull();
  });

  it('a faint rim under a bright figure is still the base: its strong edges do not hide it, and its arcs are not taken for it', async () => {
    // A grey base a little lighter than the cloth under a bright yellow figure: the figure's
    // edges are several times stronger than the rim's and its outline votes for centres of its own.
    const faint: [number, number, number] = [CLOTH[0] + 26, CLOTH[1] + 22, CLOTH[2] + 26];
    const minis = [figure(500, 400, 32, { base_color: faint, color: [250, 225, 40] }), figure(1300, 800, 25, { base_color: faint, color: [245, 245, 235] })];
    const scene = { ...sceneFromProfile(defaultTableProfile(), minis), cloth_color: CLOTH };
    const camera = overheadCamera({ heightMm: 1500 });
    const frame = await renderRgba(scene, camera);
    const cam: [number, number, number] = [...cameraPositionMm(camera.pose)] as [number, number, number];
    for (const m of minis) {
      const f = fitBaseRim(frame, camera.pose, camera.intrinsics, cam, m.x_mm + 4, m.y_mm + 3);
      expect(f, `base ${m.base_mm}`).not.toBeNull();
      expect(Math.hypot((f?.xMm ?? 0) - m.x_mm, (f?.yMm ?? 0) - m.y_mm), `base ${m.base_mm}`).toBeLessThan(2);
      expect(Math.abs(2 * (f?.radiusMm ?? 0) - m.base_mm), `base ${m.base_mm}`).toBeLessThan(2);
    }
    // The old rule (edges under a quarter of the strongest dropped, the strongest centre only) lost them.
    const old = { ...DEFAULT_RIM, relEdge: 0.25, centres: 1 };
    expect(minis.filter((m) => fitBaseRim(frame, camera.pose, camera.intrinsics, cam, m.x_mm + 4, m.y_mm + 3, old) !== null).length).toBeLessThan(minis.length);
  });
});
