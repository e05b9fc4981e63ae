/**
 * The third renderer family's scenes (test/webgl/README.md): club tables described as plain
 * JSON, seeded, for page-scene.js to build with three.js and rasterise in Chromium. Written
 * apart from test/synthetic (the ray caster) and test/blender (Cycles), and trained on by
 * nothing: other figure builds (lathed bodies, capsule limbs, shields, bevelled and square
 * bases, extruded vehicle hulls), other mats (hex grids, painted roads, snow), trees and
 * ruins, spot lights and shadow-mapped suns, filmic tone curves.
 *
 * Table mm, origin at a corner, x along the width, y along the depth, z up (the other
 * renderers' convention). A standing model's truth point is its base centre (a baseless one's
 * feet, a vehicle's hull middle); a fallen one's is the middle of its footprint, which the page
 * measures after laying it down.
 */

import { mulberry32, uniform } from '../synthetic/noise.js';

export type Rgb = [number, number, number];

export interface MarkerSpec { id: number; x0: number; y0: number; size: number }

export interface TagSpec { id: number; kind: 'card' | 'token'; sizeMm: number; heightMm: number; cardMm: number; angleDeg: number }

export interface ModelSpec {
  kind: 'humanoid' | 'monster' | 'vehicle' | 'token';
  x: number;
  y: number;
  yawDeg: number;
  fallen: boolean;
  /** Base: round or square, its width (0: none) and thickness. */
  base: { shape: 'round' | 'square'; mm: number; thickMm: number; colour: Rgb; bevel: boolean };
  heightMm: number;
  /** Vehicles: hull length and width. */
  lengthMm: number;
  widthMm: number;
  colour: Rgb;
  accent: Rgb;
  rough: number;
  metal: number;
  /** Humanoids: a body lean (deg) and what it carries. */
  leanDeg: number;
  pose: { stride: number; armUp: number; shield: boolean; spear: boolean; pack: boolean; bulk: number };
  /** Fallen: which way the figure lies (deg about its own up), a small roll. */
  fallDeg: number;
  rollDeg: number;
  tag: TagSpec | null;
  traits: string[];
}

export interface LightSpec {
  kind: 'sun' | 'spot' | 'window';
  colour: Rgb;
  intensity: number;
  /** Where the light is (mm) and what it points at. */
  at: [number, number, number];
  target: [number, number, number];
  /** Spot cone and penumbra, shadow blur. */
  angleDeg: number;
  penumbra: number;
  shadowRadius: number;
}

/**
 * What is painted on the mat: places as fractions of the mat's width and depth (u, v, the canvas's
 * own axes), sizes in mm. Soft blotches, a hex grid's cell size (hex mats), roads and patches.
 */
export interface MatPaint {
  blotches: { r: number; u: number; v: number; k: number; second: boolean; alpha: number }[];
  hexMm: number;
  roads: { colour: Rgb; widthMm: number; points: [number, number][] }[];
  patches: { k: number; u: number; v: number; rx: number; ry: number; angle: number }[];
}

export interface TerrainSpec { kind: 'ruin' | 'hill' | 'tree' | 'crate'; x: number; y: number; w: number; d: number; h: number; yawDeg: number; colour: Rgb }

export interface TableScene {
  seed: number;
  table: { widthMm: number; depthMm: number };
  mat: { kind: 'plain' | 'mottled' | 'hex' | 'roads'; colour: Rgb; second: Rgb; paint: MatPaint };
  markers: MarkerSpec[];
  terrain: TerrainSpec[];
  lights: LightSpec[];
  sky: { colour: Rgb; ground: Rgb; intensity: number };
  camera: { at: [number, number, number]; lookAt: [number, number, number]; rollDeg: number; widthPx: number; heightPx: number; fy: number; dist: [number, number, number, number, number] };
  render: { toneMapping: 'aces' | 'agx' | 'neutral' | 'linear'; exposure: number; noiseSigma: number; jpegQuality: number };
}

export interface FrameScene {
  table: TableScene;
  /** Models on this frame (none on the empty table's). */
  models: ModelSpec[];
  exposure: number;
  lightScale: number;
}

/** The seeded generator every scene is drawn from (the ray caster's). */
export const rng = mulberry32;

const MATS: Rgb[] = [[74, 98, 52], [96, 110, 60], [112, 88, 62], [90, 78, 66], [120, 118, 112], [178, 160, 120], [205, 205, 210], [48, 58, 44], [60, 56, 54], [140, 120, 84]];
const PAINTS: Rgb[] = [[160, 30, 30], [40, 60, 150], [200, 180, 60], [220, 220, 215], [90, 120, 70], [130, 80, 40], [170, 170, 180], [200, 110, 40], [70, 40, 90], [60, 130, 140]];

export function tableScene(seed: number): TableScene {
  const r = rng(seed * 7919 + 13);
  const U = uniform(r);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const jitter = (c: Rgb, s: number): Rgb => c.map((v) => Math.max(0, Math.min(255, v * U(1 - s, 1 + s)))) as Rgb;
  const [widthMm, depthMm] = pick([[1800, 1200], [1800, 1200], [1500, 1000], [1200, 1200]] as const);
  const size = U(70, 90);
  const inset = U(18, 30);
  const markers: MarkerSpec[] = [
    { id: 0, x0: inset, y0: inset, size },
    { id: 1, x0: widthMm - inset - size, y0: inset, size },
    { id: 2, x0: widthMm - inset - size, y0: depthMm - inset - size, size },
    { id: 3, x0: inset, y0: depthMm - inset - size, size },
  ];
  const matColour = jitter(pick(MATS), 0.12);
  const kind = pick(['plain', 'mottled', 'hex', 'roads'] as const);
  const mat = { kind, colour: matColour, second: jitter(matColour, 0.3), paint: matPaint(kind, mulberry32(Math.floor(r() * 1e9))) };
  const terrain: TerrainSpec[] = [];
  const nTerrain = Math.floor(U(0, 4.99));
  for (let i = 0; i < nTerrain; i++) {
    const kind = pick(['ruin', 'hill', 'tree', 'crate'] as const);
    const w = kind === 'hill' ? U(180, 320) : kind === 'tree' ? U(70, 120) : kind === 'crate' ? U(40, 70) : U(120, 220);
    const d = kind === 'hill' ? U(140, 260) : kind === 'tree' ? w : kind === 'crate' ? U(40, 70) : U(30, 60);
    const h = kind === 'hill' ? U(25, 60) : kind === 'tree' ? U(120, 220) : kind === 'crate' ? U(30, 60) : U(50, 120);
    terrain.push({ kind, x: U(200, widthMm - 200), y: U(200, depthMm - 200), w, d, h, yawDeg: U(0, 360), colour: kind === 'tree' ? jitter([60, 90, 45], 0.2) : kind === 'hill' ? jitter(matColour, 0.15) : jitter([130, 125, 118], 0.2) });
  }
  const height = U(1250, 1950);
  const cx = widthMm / 2 + U(-60, 60);
  const cy = depthMm / 2 + U(-50, 50);
  const lights: LightSpec[] = [];
  const nLights = 1 + Math.floor(U(0, 2.99));
  for (let i = 0; i < nLights; i++) {
    const kind = i === 0 ? pick(['sun', 'spot'] as const) : pick(['spot', 'window', 'sun'] as const);
    const warm = U(-0.12, 0.12);
    const colour: Rgb = [255, 255 * (1 - Math.abs(warm) * 0.3), 255 * (1 - warm)];
    if (kind === 'window') {
      const a = U(0, 2 * Math.PI);
      const elev = U(12, 30) * (Math.PI / 180);
      lights.push({ kind, colour, intensity: U(0.6, 1.8), at: [cx + Math.cos(a) * 3000, cy + Math.sin(a) * 3000, 3000 * Math.tan(elev)], target: [cx, cy, 0], angleDeg: 0, penumbra: 0, shadowRadius: U(1, 4) });
    } else if (kind === 'sun') {
      lights.push({ kind, colour, intensity: U(0.8, 2.2), at: [cx + U(-1500, 1500), cy + U(-1500, 1500), U(1800, 3000)], target: [cx, cy, 0], angleDeg: 0, penumbra: 0, shadowRadius: U(1, 6) });
    } else {
      const at: [number, number, number] = [U(0, widthMm), U(0, depthMm), U(1400, 2400)];
      lights.push({ kind, colour, intensity: U(1, 3.5), at, target: [U(widthMm * 0.25, widthMm * 0.75), U(depthMm * 0.25, depthMm * 0.75), 0], angleDeg: U(35, 60), penumbra: U(0.2, 0.9), shadowRadius: U(1, 5) });
    }
  }
  const widthPx = r() < 0.2 ? 3840 : 1920;
  const heightPx = (widthPx * 9) / 16;
  // Zoomed so the table and its markers fill the frame with a margin, as a club would set it.
  const needX = widthMm / 2 + 60;
  const needY = depthMm / 2 + 60;
  const fy = Math.min(((heightPx / 2) * height) / needY, ((widthPx / 2) * height) / needX) * U(0.84, 0.95);
  return {
    seed,
    table: { widthMm, depthMm },
    mat,
    markers,
    terrain,
    lights,
    sky: { colour: jitter([200, 210, 230], 0.1), ground: jitter(matColour, 0.2), intensity: U(0.3, 0.9) },
    camera: { at: [cx + U(-40, 40), cy + U(-40, 40), height], lookAt: [cx, cy, 0], rollDeg: U(-4, 4), widthPx, heightPx, fy, dist: [U(-0.16, 0.02), U(-0.02, 0.06), U(-0.001, 0.001), U(-0.001, 0.001), 0] },
    render: { toneMapping: pick(['aces', 'agx', 'neutral', 'linear'] as const), exposure: U(0.6, 1.3), noiseSigma: U(0.8, 4), jpegQuality: Math.round(U(78, 95)) },
  };
}

function matPaint(kind: TableScene['mat']['kind'], r: () => number): MatPaint {
  // Every mat has some grain; mottled ones large soft blotches too. (Drawn in this order.)
  const mottled = kind === 'mottled';
  const blotches = Array.from({ length: mottled ? 900 : 250 }, () => ({ r: mottled ? 20 + r() * 90 : 5 + r() * 25, u: r(), v: r(), k: 0.8 + r() * 0.4, second: r() < 0.5, alpha: mottled ? 0.5 : 0.25 }));
  const hexMm = kind === 'hex' ? 40 + r() * 30 : 0;
  const roads = kind !== 'roads' ? [] : Array.from({ length: 3 }, () => ({ colour: [170 + r() * 40, 150 + r() * 30, 110 + r() * 30] as Rgb, widthMm: 40 + r() * 50, points: [[r(), 0], [r(), r()], [r(), r()], [r(), 1]] as [number, number][] }));
  const patches = kind !== 'roads' ? [] : Array.from({ length: 6 }, () => ({ k: 0.8 + r() * 0.4, u: r(), v: r(), rx: 60 + r() * 120, ry: 40 + r() * 90, angle: r() * Math.PI }));
  return { blotches, hexMm, roads, patches };
}

/** The models of frame `index` of a table (deterministic), kept off the markers, the terrain and each other. */
export function frameModels(t: TableScene, index: number, firstTag = 5): ModelSpec[] {
  const r = rng(t.seed * 104729 + index * 31 + 7);
  const U = uniform(r);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const placed: { x: number; y: number; reach: number }[] = [];
  const free = (x: number, y: number, reach: number): boolean =>
    x - reach > 30 && y - reach > 30 && x + reach < t.table.widthMm - 30 && y + reach < t.table.depthMm - 30 &&
    t.markers.every((m) => Math.hypot(x - (m.x0 + m.size / 2), y - (m.y0 + m.size / 2)) > m.size + reach) &&
    t.terrain.every((q) => Math.hypot(x - q.x, y - q.y) > Math.hypot(q.w, q.d) / 2 + reach + 25) &&
    placed.every((p) => Math.hypot(x - p.x, y - p.y) > p.reach + reach + 8);
  const place = (reach: number, edge: boolean): [number, number] | null => {
    for (let k = 0; k < 400; k++) {
      const x = edge && r() < 0.5 ? (r() < 0.5 ? U(40, 140) + reach : t.table.widthMm - U(40, 140) - reach) : U(reach, t.table.widthMm - reach);
      const y = edge && x > 200 && x < t.table.widthMm - 200 ? (r() < 0.5 ? U(40, 140) + reach : t.table.depthMm - U(40, 140) - reach) : U(reach, t.table.depthMm - reach);
      if (free(x, y, reach)) {
        placed.push({ x, y, reach });
        return [x, y];
      }
    }
    return null;
  };
  const paint = (trait: string): Rgb => {
    if (trait === 'dark') return [U(12, 38), U(12, 38), U(12, 38)];
    if (trait === 'mat') return t.mat.colour.map((v) => v * U(0.9, 1.1)) as Rgb;
    return pick(PAINTS).map((v) => v * U(0.8, 1.15)) as Rgb;
  };
  const out: ModelSpec[] = [];
  let tag = firstTag;
  const model = (kind: ModelSpec['kind'], fallen: boolean, traits: string[], o: { edge?: boolean; at?: [number, number]; baseMm?: number; shape?: 'round' | 'square' } = {}): ModelSpec | null => {
    const colourTrait = traits.includes('dark') ? 'dark' : traits.includes('mat') ? 'mat' : '';
    const baseMm = o.baseMm ?? (kind === 'monster' ? pick([40, 50, 60, 0]) : kind === 'vehicle' ? pick([0, 0, 60]) : pick([20, 25, 25, 28, 32, 32, 40, 0]));
    const shape = o.shape ?? (r() < 0.15 ? 'square' : 'round');
    const heightMm = kind === 'humanoid' ? U(24, 44) : kind === 'monster' ? U(34, 62) : kind === 'vehicle' ? U(26, 46) : 3;
    const lengthMm = kind === 'vehicle' ? (baseMm > 0 ? U(50, 58) : U(60, 100)) : 0;
    const widthMm = kind === 'vehicle' ? lengthMm * U(0.5, 0.7) : 0;
    const reach = Math.max(baseMm / 2, lengthMm / 2, kind === 'monster' ? heightMm * 0.6 : 12, fallen ? heightMm + baseMm / 2 : 0);
    const at = o.at ?? place(reach, o.edge ?? false);
    if (!at) return null;
    const sq = shape === 'square' && baseMm > 0 && kind !== 'vehicle';
    const m: ModelSpec = {
      kind, x: at[0], y: at[1], yawDeg: U(0, 360), fallen,
      base: { shape: sq ? 'square' : 'round', mm: baseMm, thickMm: U(2.5, 5), colour: colourTrait ? paint(colourTrait) : r() < 0.4 ? paint('dark') : paint(r() < 0.3 ? 'mat' : ''), bevel: r() < 0.6 },
      heightMm, lengthMm, widthMm,
      colour: paint(colourTrait), accent: paint(r() < 0.7 ? colourTrait : ''), rough: U(0.3, 0.9), metal: r() < 0.25 ? U(0.4, 0.8) : 0,
      leanDeg: kind === 'humanoid' ? U(-8, 8) : 0,
      pose: { stride: U(0, 1), armUp: U(-0.4, 1.4), shield: r() < 0.4, spear: r() < 0.5, pack: r() < 0.3, bulk: U(0.8, 1.3) },
      fallDeg: U(0, 360), rollDeg: U(-25, 25), tag: null, traits: [...traits, ...(sq ? ['square-base'] : [])],
    };
    out.push(m);
    return m;
  };
  const addTag = (m: ModelSpec | null, kind: 'card' | 'token'): void => {
    if (!m) return;
    const sizeMm = 25;
    m.tag = kind === 'card'
      ? { id: tag++, kind, sizeMm, heightMm: m.heightMm + U(4, 12), cardMm: U(34, 46), angleDeg: U(0, 360) }
      : { id: tag++, kind, sizeMm, heightMm: m.base.thickMm, cardMm: sizeMm * 1.4, angleDeg: U(0, 360) };
    m.leanDeg = 0;
    m.traits.push(`tag-${kind}`);
  };
  for (let i = 0; i < 5; i++) model('humanoid', false, i === 0 ? ['dark'] : i === 1 ? ['mat'] : [], { edge: i === 2 || i === 3 });
  if (r() < 0.6) model('humanoid', false, [r() < 0.5 ? 'dark' : 'mat'], { edge: true });
  model('monster', false, []);
  model('vehicle', false, ['vehicle']);
  // Two bases in contact.
  const b1 = pick([25, 28, 32]);
  const b2 = pick([25, 28, 32]);
  const pair = place((b1 + b2) / 2 + 10, false);
  if (pair) {
    const a = U(0, 2 * Math.PI);
    const d = (b1 + b2) / 2 + 0.3;
    model('humanoid', false, ['touching'], { at: [pair[0] - (Math.cos(a) * d) / 2, pair[1] - (Math.sin(a) * d) / 2], baseMm: b1, shape: 'round' });
    model('humanoid', false, ['touching'], { at: [pair[0] + (Math.cos(a) * d) / 2, pair[1] + (Math.sin(a) * d) / 2], baseMm: b2, shape: 'round' });
  }
  for (let i = 0; i < 4; i++) model(i === 3 && r() < 0.5 ? 'monster' : 'humanoid', true, i === 1 && r() < 0.5 ? ['dark'] : i === 2 && r() < 0.5 ? ['mat'] : [], { edge: i === 0 });
  addTag(model('humanoid', false, [], { baseMm: pick([25, 28, 32]), shape: 'round' }), 'card');
  addTag(model('token', false, [], { baseMm: pick([40, 50]), shape: 'round' }), 'token');
  if (r() < 0.5) addTag(model('monster', false, [], { baseMm: 40, shape: 'round' }), 'card');
  return out;
}

/** The table profile (locate's table file) of a scene: anchors, tag size and each tag's height. */
export function tableProfile(t: TableScene, models: readonly ModelSpec[]): unknown {
  const heights: Record<string, number> = {};
  for (const m of models) if (m.tag) heights[String(m.tag.id)] = Math.round(m.tag.heightMm * 100) / 100;
  return {
    name: 'WebGL club table (three.js in Chromium)',
    table: { width_mm: t.table.widthMm, depth_mm: t.table.depthMm },
    anchors: {
      dictionary: 'DICT_4X4_50',
      // Each marker's own top-left, top-right, bottom-right, bottom-left: its top edge toward +y.
      markers: t.markers.map((m) => ({ id: m.id, corners_mm: [[m.x0, m.y0 + m.size], [m.x0 + m.size, m.y0 + m.size], [m.x0 + m.size, m.y0], [m.x0, m.y0]] })),
    },
    tags: { dictionary: 'DICT_4X4_50', size_mm: 25, height_mm: 3, heights_mm: heights },
  };
}
