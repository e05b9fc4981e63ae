/** Ready-made scenes: anchors from a table profile, miniatures and terrain from a seed. */
import type { TableProfile } from '../../src/vision/table-profile.js';
import { mulberry32 } from './noise.js';
import type { Scene, SceneMiniature, SceneTerrain } from './scene.js';

export function sceneFromProfile(profile: TableProfile, miniatures: SceneMiniature[] = [], terrain: SceneTerrain[] = []): Scene {
  return {
    table: { ...profile.table },
    anchors: profile.anchors.markers.map((m) => ({ id: m.id, corners_mm: m.corners_mm })),
    miniatures,
    terrain,
  };
}

export interface RandomSceneOptions {
  seed: number;
  /** Tagged tokens with the tag at base height (tag height = base thickness, 4 mm). */
  baseTags?: number;
  /** Tagged figures with the tag on top, this many mm up. */
  raisedTags?: number;
  raisedHeightMm?: number;
  /** Untagged standing figures. */
  standing?: number;
  fallen?: number;
  terrain?: number;
  tagMm?: number;
  /** First tag id (anchors use 0–3). */
  firstTagId?: number;
}

/**
 * Scatters miniatures over the table without overlaps and away from the anchors, so every
 * object is seen whole. Deterministic for a seed.
 */
export function randomScene(profile: TableProfile, o: RandomSceneOptions): Scene {
  const rand = mulberry32(o.seed);
  const { width_mm: W, depth_mm: D } = profile.table;
  const taken: { x: number; y: number; r: number }[] = profile.anchors.markers.map((m) => {
    const xs = m.corners_mm.map((c) => c[0]);
    const ys = m.corners_mm.map((c) => c[1]);
    const x = (Math.min(...xs) + Math.max(...xs)) / 2;
    const y = (Math.min(...ys) + Math.max(...ys)) / 2;
    return { x, y, r: Math.max(...xs) - Math.min(...xs) + 40 };
  });
  const place = (r: number): [number, number] => {
    for (let attempt = 0; attempt < 500; attempt++) {
      const x = 60 + r + rand() * (W - 120 - 2 * r);
      const y = 60 + r + rand() * (D - 120 - 2 * r);
      if (taken.every((t) => Math.hypot(t.x - x, t.y - y) > t.r + r + 15)) {
        taken.push({ x, y, r });
        return [x, y];
      }
    }
    throw new Error('randomScene: table too crowded');
  };
  const bases = [25, 28, 32, 40, 50, 60];
  const pickBase = (): number => bases[Math.floor(rand() * bases.length)] as number;
  const tagMm = o.tagMm ?? profile.tags.size_mm;
  let nextId = o.firstTagId ?? 4;
  const miniatures: SceneMiniature[] = [];
  const terrain: SceneTerrain[] = [];
  for (let i = 0; i < (o.terrain ?? 0); i++) {
    const w = 80 + rand() * 140;
    const d = 60 + rand() * 100;
    const [x, y] = place(Math.hypot(w, d) / 2);
    const g = 90 + rand() * 60;
    terrain.push({ kind: rand() < 0.7 ? 'box' : 'cylinder', x_mm: x, y_mm: y, width_mm: w, depth_mm: d, height_mm: 30 + rand() * 90, angle_deg: rand() * 180, color: [g, g * 0.92, g * 0.8] });
  }
  for (let i = 0; i < (o.baseTags ?? 0); i++) {
    const base = Math.max(pickBase(), tagMm + 8);
    const [x, y] = place(base / 2 + 6);
    miniatures.push({ x_mm: x, y_mm: y, base_mm: base, height_mm: 4, fallen: false, angle_deg: 0, shape: 'token', tag: { id: nextId++, size_mm: tagMm, angle_deg: rand() * 360 } });
  }
  for (let i = 0; i < (o.raisedTags ?? 0); i++) {
    const base = pickBase();
    const [x, y] = place(Math.max(base, tagMm * 1.4) / 2 + 6);
    miniatures.push({ x_mm: x, y_mm: y, base_mm: base, height_mm: o.raisedHeightMm ?? 40, fallen: false, angle_deg: rand() * 360, shape: 'figure', tag: { id: nextId++, size_mm: tagMm, angle_deg: rand() * 360 } });
  }
  for (let i = 0; i < (o.standing ?? 0); i++) {
    const base = pickBase();
    const [x, y] = place(base / 2 + 6);
    miniatures.push({ x_mm: x, y_mm: y, base_mm: base, height_mm: 25 + rand() * 35, fallen: false, angle_deg: rand() * 360, shape: rand() < 0.8 ? 'figure' : 'vehicle' });
  }
  for (let i = 0; i < (o.fallen ?? 0); i++) {
    const base = pickBase();
    const h = 25 + rand() * 30;
    const [x, y] = place(Math.max(base, h + 4) / 2 + 8);
    miniatures.push({ x_mm: x, y_mm: y, base_mm: base, height_mm: h, fallen: true, angle_deg: rand() * 360, shape: 'figure' });
  }
  return { ...sceneFromProfile(profile, miniatures, terrain), seed: o.seed };
}
