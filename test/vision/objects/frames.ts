/** Rendered frame pairs (empty table, table with miniatures) and truth matching for the object suites. */
import type { OpenCv } from '../../../src/vision/cv-types.js';
import type { RgbaImage } from '../../../src/vision/image.js';
import { createLocator, type LocatedFrame } from '../../../src/vision/locate.js';
import type { TableProfile } from '../../../src/vision/table-profile.js';
import type { DetectedObject } from '../../../src/vision/objects/detect-objects.js';
import type { Scene, SceneMiniature } from '../../synthetic/index.js';
import { renderDisturbed, type DisturbedRender } from '../../synthetic/disturbances.js';
import type { SyntheticCamera } from '../../synthetic/index.js';

export function emptyTable(scene: Scene): Scene {
  return { ...scene, miniatures: [] };
}

export async function renderRgba(scene: Scene, camera: SyntheticCamera, o: DisturbedRender = {}): Promise<RgbaImage> {
  const img = await renderDisturbed(scene, camera, o);
  return { width: img.width, height: img.height, data: img.rgba };
}

/** The pose as `locate` solves it from the anchors (with the calibrated lens), not the renderer's truth. */
export function solvePose(cv: OpenCv, profile: TableProfile, camera: SyntheticCamera, frame: RgbaImage): LocatedFrame {
  const locator = createLocator(cv, profile, camera.intrinsics);
  try {
    const r = locator.locate(frame);
    if (!r.ok) throw new Error(`locate failed: ${JSON.stringify(r.error)}`);
    return r.value;
  } finally {
    locator.delete();
  }
}

export interface Match {
  truth: SceneMiniature;
  found: DetectedObject | null;
  errorMm: number;
}

/** Each true miniature to the nearest unclaimed detection within reachMm, nearest pairs first. */
export function matchTruth(truth: readonly SceneMiniature[], found: readonly DetectedObject[], reachMm = 35): { matches: Match[]; extra: DetectedObject[] } {
  const pairs: { i: number; j: number; d: number }[] = [];
  truth.forEach((t, i) => found.forEach((f, j) => {
    const d = Math.hypot(t.x_mm - f.xMm, t.y_mm - f.yMm);
    if (d <= reachMm) pairs.push({ i, j, d });
  }));
  pairs.sort((a, b) => a.d - b.d);
  const ti = new Map<number, number>();
  const fj = new Set<number>();
  for (const p of pairs) {
    if (ti.has(p.i) || fj.has(p.j)) continue;
    ti.set(p.i, p.j);
    fj.add(p.j);
  }
  const matches = truth.map((t, i) => {
    const j = ti.get(i);
    const f = j === undefined ? null : (found[j] as DetectedObject);
    return { truth: t, found: f, errorMm: f ? Math.hypot(t.x_mm - f.xMm, t.y_mm - f.yMm) : Infinity };
  });
  return { matches, extra: found.filter((_, j) => !fj.has(j)) };
}
