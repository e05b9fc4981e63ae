/**
 * Varied club tables for training the learned detector (issue 9): humanoids, monsters,
 * vehicles and tokens built from the ray caster's solids, bases 20–60 mm and none, falls at
 * any yaw with the base on its rim, tags on cards wider than the base and on tokens, paint
 * from near-black to the mat's own colour, plain / mottled / printed mats, terrain, one to three
 * lamps (overhead, low through a window, a low hot spot), a hand and arm, camera 1.2–2.0 m,
 * 720p / 1080p / 4K with a random lens,
 * exposure and white balance, blur, noise, JPEG. Deterministic for a seed.
 */
import { lookAtPose, type CameraIntrinsics, type DistortionCoeffs, type Vec3 } from '../../src/vision/camera-model.js';
import { defaultTableProfile } from '../../src/vision/table-profile.js';
import { markerCells } from './dictionary.js';
import { armPrimitives, tint } from './disturbances.js';
import { gaussian, mulberry32, uniform, valueNoise } from './noise.js';
import { applySensor, decodeImage, encodeJpeg } from './post.js';
import { Box, Cylinder, Sphere, TagPlate, markerValue, type Primitive } from './primitives.js';
import type { Rgb } from './scene.js';
import { renderWorld, type Look, type RawImage, type SyntheticCamera, type World } from './world.js';

export interface VariedModelTruth {
  /** Standing: base centre; fallen: the middle of its footprint (body and base). Table mm. */
  x_mm: number;
  y_mm: number;
  fallen: boolean;
  kind: 'humanoid' | 'monster' | 'vehicle' | 'token';
  base_mm: number;
  tag: number | null;
  /** Height of the figure above its base (mm). */
  height_mm: number;
  /** 'dark', 'mat' (paint), 'touching' (stands against the model before it), as test/blender's truth. */
  traits: string[];
  /** Height of the tag's face above the table (mm), or null. */
  tag_z_mm: number | null;
}

export interface VariedTable {
  /** The mat: plain, mottled, printed (the first look's), or printed-terrain (regions under a grid). */
  mat: 'plain' | 'mottled' | 'printed' | 'printed-terrain';
  camera: SyntheticCamera;
  table: { width_mm: number; depth_mm: number };
  models: VariedModelTruth[];
  /** The same table and lamps with no models (and no arm). */
  empty: World;
  full: World;
  /** More lamps (0–2) beside the world's own: each frame is the weighted sum of one render per lamp, so each casts its own shadows. */
  extraLights: { light: World['light']; weight: number }[];
  /** toneGamma: the camera's response, out = (in / 255)^gamma (1: linear; real cameras and sRGB renderers lift the shadows); saturation: 1 keeps the colours. */
  sensor: { tint: Rgb; tintEmpty: Rgb; blurSigmaPx: number; noiseSigma: number; jpegQuality: number; seed: number; toneGamma: number; saturation: number };
}

type Part = { k: 'cyl'; a: Vec3; b: Vec3; r: number; c: Rgb } | { k: 'sph'; c0: Vec3; r: number; c: Rgb } | { k: 'box'; c0: Vec3; hx: number; hy: number; h: number; c: Rgb };

const W = 1800;
const D = 1200;

/**
 * widthPx: the frame's width (the camera's own when absent). touching: the chance that the model
 * after a standing humanoid on a base is another one standing against it (absent: the tables as
 * they always were, where about 7 % of standing models touch another; a club's units often stand
 * in base contact, and training tables for that pass it, see models/README.md).
 */
export function variedTable(seed: number, o: { widthPx?: number; touching?: number } = {}): VariedTable {
  const rand = mulberry32(seed * 7919 + 13);
  // The look (soft lamps, sky, contact shadows, highlights, bevelled bases) draws from its own
  // generator, so a seed's tables, models and camera are the same with or without it.
  const lookRand = mulberry32(seed * 104729 + 71);
  const LU = uniform(lookRand);
  const gauss = gaussian(rand);
  const U = uniform(rand);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const profile = defaultTableProfile();

  // The mat.
  const matKind = pick(['plain', 'mottled', 'printed'] as const);
  // Grass, earth, grey, sand, dark green, stone, mud, black, light grey; desert, snow, pale sand and pale moss mats too.
  const palettes: Rgb[] = [[70, 105, 55], [120, 95, 60], [95, 95, 90], [165, 140, 95], [45, 70, 45], [150, 150, 140], [60, 50, 40], [40, 40, 45], [180, 175, 165], [225, 205, 160], [232, 232, 238], [205, 190, 150], [185, 195, 170]];
  const pal = pick(palettes);
  const cloth: Rgb = [pal[0] * U(0.85, 1.15), pal[1] * U(0.85, 1.15), pal[2] * U(0.85, 1.15)];
  const other: Rgb = [cloth[0] * U(0.6, 1.35), cloth[1] * U(0.6, 1.35), cloth[2] * U(0.6, 1.35)];
  const ns = Math.floor(rand() * 1e6);
  const craters = Array.from({ length: matKind === 'printed' ? 4 + Math.floor(rand() * 6) : 0 }, () => ({ x: U(0, W), y: U(0, D), r: U(20, 70) }));
  const roadY = U(200, 1000);
  const roadW = U(50, 110);
  const roadPhase = U(0, 6);
  const hex = matKind === 'printed' && rand() < 0.5;
  const anchors = profile.anchors.markers.map((m) => ({ x0: m.corners_mm[3][0], y0: m.corners_mm[3][1], cells: markerCells(m.id) }));
  // Printed terrain mats as clubs buy them: large regions of another ground (grass and sand,
  // mud and rock) with sharp edges, under a hex or square grid of 20–60 mm. Drawn from their own
  // generator, so a seed's models, lamps and camera stay as they were.
  const matRand = mulberry32(seed * 15485863 + 29);
  const MU = uniform(matRand);
  const printedTerrain = matKind === 'printed' && matRand() < 0.6;
  const ground = palettes[Math.floor(matRand() * palettes.length)] as Rgb;
  const second: Rgb = printedTerrain ? [ground[0] * MU(0.85, 1.15), ground[1] * MU(0.85, 1.15), ground[2] * MU(0.85, 1.15)] : other;
  const regionMm = MU(150, 450);
  const regionCut = MU(0.4, 0.6);
  const regionEdge = MU(6, 20);
  const gridMm = MU(20, 60);
  const gridLine = MU(0.02, 0.06);
  const gridDark = MU(0.55, 0.85);
  const squareGrid = matRand() < 0.25;

  const planeColor = (x: number, y: number, out: Float32Array): number => {
    for (let i = 0; i < anchors.length; i++) {
      const a = anchors[i] as (typeof anchors)[number];
      // Anchors print upright seen from above with +y up: row 0 of the marker at the larger y.
      const u = (x - a.x0) / 80;
      const v = (a.y0 + 80 - y) / 80;
      if (u >= -0.25 && u <= 1.25 && v >= -0.25 && v <= 1.25) {
        out[0] = out[1] = out[2] = markerValue(a.cells, 6, u, v);
        return 10 + i;
      }
    }
    if (x < 0 || y < 0 || x > W || y > D) {
      const n = valueNoise(x, y * 0.2, 30, ns + 3);
      out[0] = 70 + 25 * n;
      out[1] = 50 + 18 * n;
      out[2] = 35 + 10 * n;
      return 2;
    }
    let f = 0.88 + 0.12 * valueNoise(x, y, 300, ns) + 0.1 * valueNoise(x, y, 2.2, ns + 1);
    let r = cloth[0], g = cloth[1], b = cloth[2];
    if (printedTerrain) {
      const n = 0.6 * valueNoise(x, y, regionMm, ns + 8) + 0.3 * valueNoise(x, y, regionMm / 4, ns + 9) + 0.1 * valueNoise(x, y, 12, ns + 10);
      const t = Math.min(1, Math.max(0, (n - regionCut) * regionEdge + 0.5));
      r = r * (1 - t) + second[0] * t;
      g = g * (1 - t) + second[1] * t;
      b = b * (1 - t) + second[2] * t;
      f *= 0.92 + 0.16 * valueNoise(x, y, 4, ns + 11);
    } else if (matKind !== 'plain') {
      const n = 0.5 * valueNoise(x, y, 80, ns + 4) + 0.3 * valueNoise(x, y, 20, ns + 5) + 0.2 * valueNoise(x, y, 5, ns + 6);
      const t = Math.min(1, Math.max(0, (n - (matKind === 'printed' ? 0.6 : 0.35)) * 3));
      r = r * (1 - t) + other[0] * t;
      g = g * (1 - t) + other[1] * t;
      b = b * (1 - t) + other[2] * t;
    }
    if (matKind === 'printed') {
      const yc = roadY + 180 * Math.sin((x / W) * 6 + roadPhase);
      if (Math.abs(y - yc) < roadW / 2) {
        r = 150; g = 140; b = 120;
        f *= 0.9 + 0.2 * valueNoise(x, y, 6, ns + 7);
      }
      for (const c of craters) {
        const d = Math.hypot(x - c.x, y - c.y);
        if (d < c.r) f *= d > c.r - 5 ? 1.3 : 0.6;
      }
      if (printedTerrain) {
        const e = squareGrid ? Math.min(Math.abs(x / gridMm - Math.round(x / gridMm)), Math.abs(y / gridMm - Math.round(y / gridMm))) : hexEdge(x, y, gridMm / 2);
        if (e < gridLine) f *= gridDark;
      } else if (hex) {
        // (A triangular lattice, the first look's "hex" grid: kept so its tables render as they did.)
        const s = 25;
        const q = ((x / s) * Math.sqrt(3)) / 3 - y / s / 3;
        const rr = (2 * y) / s / 3;
        const e = Math.min(Math.abs(q - Math.round(q)), Math.abs(rr - Math.round(rr)), Math.abs(q + rr - Math.round(q + rr)));
        if (e < 0.03) f *= 0.75;
      }
    }
    out[0] = r * f;
    out[1] = g * f;
    out[2] = b * f;
    return 1;
  };

  // Placement without overlaps, away from the anchors.
  const taken: { x: number; y: number; r: number }[] = anchors.map((a) => ({ x: a.x0 + 40, y: a.y0 + 40, r: 80 }));
  const place = (r: number, edge = false): [number, number] | null => {
    for (let t = 0; t < 400; t++) {
      let x: number, y: number;
      if (edge) {
        const side = Math.floor(rand() * 4);
        const m = r + U(6, 40);
        x = side < 2 ? U(150, W - 150) : side === 2 ? m : W - m;
        y = side < 2 ? (side === 0 ? m : D - m) : U(150, D - 150);
      } else {
        x = U(r + 20, W - r - 20);
        y = U(r + 20, D - r - 20);
      }
      if (taken.every((q) => Math.hypot(q.x - x, q.y - y) > q.r + r + 6)) {
        taken.push({ x, y, r });
        return [x, y];
      }
    }
    return null;
  };

  const paint = (trait: string): Rgb => {
    if (trait === 'dark') {
      const g = U(6, 25);
      return [g, g * U(0.9, 1.1), g * U(0.9, 1.25)];
    }
    if (trait === 'mat') return [cloth[0] * U(0.9, 1.1), cloth[1] * U(0.9, 1.1), cloth[2] * U(0.9, 1.1)];
    const p = pick<Rgb>([[160, 40, 35], [40, 60, 140], [190, 170, 70], [120, 120, 125], [70, 100, 50], [140, 90, 60], [200, 200, 195], [90, 40, 110], [30, 120, 130], [60, 60, 60]]);
    return [p[0] * U(0.75, 1.2), p[1] * U(0.75, 1.2), p[2] * U(0.75, 1.2)];
  };

  const terrain: Primitive[] = [];
  for (let i = 0, n = 1 + Math.floor(rand() * 5); i < n; i++) {
    const kind = pick(['building', 'hill', 'tree', 'rock'] as const);
    const w = U(60, 200);
    const d = U(50, 150);
    const at = place(Math.hypot(w, d) / 2);
    if (!at) continue;
    const gcol = U(30, 150);
    const col: Rgb = [gcol, gcol * U(0.8, 1.1), gcol * U(0.6, 1.0)];
    if (kind === 'building') terrain.push(new Box(at[0], at[1], 0, w / 2, d / 2, U(40, 150), U(0, 180), col));
    else if (kind === 'hill') terrain.push(new Sphere(at[0], at[1], -U(0.55, 0.8) * w, w * 0.9, col));
    else if (kind === 'tree') {
      const h = U(70, 130);
      terrain.push(new Cylinder(at[0], at[1], 0, 0, 0, 1, h * 0.6, 6, [60, 40, 20]));
      terrain.push(new Sphere(at[0], at[1], h * 0.7, w * 0.3, [30, 70 * U(0.7, 1.2), 25]));
    } else terrain.push(new Sphere(at[0], at[1], -w * 0.2, w * 0.4, col));
  }

  const models: VariedModelTruth[] = [];
  const solids: Primitive[] = [];
  let tagId = 4;
  const nModels = 12 + Math.floor(rand() * 18);
  for (let i = 0; i < nModels; i++) {
    const prev = models[models.length - 1];
    const pairable = prev !== undefined && !prev.fallen && prev.kind === 'humanoid' && prev.base_mm > 0;
    // Without the option no number is drawn here, so a seed's table is as it always was.
    const pairUp = o.touching !== undefined && pairable && rand() < o.touching;
    const roll = rand();
    const kind: VariedModelTruth['kind'] = pairUp || roll < 0.58 ? 'humanoid' : roll < 0.75 ? 'monster' : roll < 0.87 ? 'vehicle' : 'token';
    const fallen = !pairUp && (kind === 'humanoid' || kind === 'monster') && rand() < 0.42;
    const trait = rand() < 0.17 ? 'dark' : rand() < 0.2 ? 'mat' : '';
    let base = kind === 'vehicle' ? pick([0, 0, 50, 60]) : kind === 'monster' ? pick([0, 40, 50, 60]) : kind === 'token' ? pick([25, 32, 40, 50]) : pick([0, 20, 25, 25, 28, 32, 32, 40]);
    if (pairUp && base === 0) base = pick([20, 25, 28, 32, 40]);
    const H = kind === 'humanoid' ? U(22, 45) : kind === 'monster' ? U(30, 65) : kind === 'vehicle' ? U(25, 50) : U(2.5, 5);
    const tagKind = kind === 'token' ? (rand() < 0.5 ? 'token' : null) : !fallen && kind !== 'vehicle' && rand() < 0.15 ? 'card' : null;
    if (tagKind === 'token') base = Math.max(base, 40);
    const L = kind === 'vehicle' ? U(55, 110) : 0;
    const Wv = kind === 'vehicle' ? U(35, 60) : 0;
    const reach = Math.max(base / 2, L / 2 + 4, kind === 'monster' ? H * 0.55 : 8, fallen ? H + base / 2 : 0, tagKind === 'card' ? 25 : 0);
    // Sometimes a second model stands touching the previous one.
    let at: [number, number] | null = null;
    if (prev && pairable && !fallen && kind === 'humanoid' && base > 0 && (pairUp || rand() < 0.35)) {
      const a = U(0, 2 * Math.PI);
      const d = (prev.base_mm + base) / 2 + U(0, 1.5);
      const x = prev.x_mm + Math.cos(a) * d;
      const y = prev.y_mm + Math.sin(a) * d;
      if (x > reach + 10 && y > reach + 10 && x < W - reach - 10 && y < D - reach - 10 && taken.slice(0, -1).every((q) => Math.hypot(q.x - x, q.y - y) > q.r + reach)) {
        at = [x, y];
        taken.push({ x, y, r: reach });
      }
    }
    const touching = at !== null;
    at ??= place(reach, rand() < 0.2);
    if (!at) continue;
    const color = paint(trait);
    const accent = rand() < 0.6 ? paint(trait) : paint('');
    const baseColor = trait ? paint(trait) : rand() < 0.5 ? paint('dark') : paint('');
    const t = base > 0 ? U(2.5, 4.5) : 0;
    const parts: Part[] = [];
    if (base > 0) {
      // Half the bases are bevelled: a narrower top over a thin full-width foot reads as a ring.
      if (lookRand() < 0.5) {
        const foot = t * LU(0.25, 0.5);
        parts.push({ k: 'cyl', a: [0, 0, 0], b: [0, 0, foot], r: base / 2, c: baseColor });
        parts.push({ k: 'cyl', a: [0, 0, foot], b: [0, 0, t], r: (base / 2) * LU(0.84, 0.94), c: baseColor });
      } else parts.push({ k: 'cyl', a: [0, 0, 0], b: [0, 0, t], r: base / 2, c: baseColor });
    }
    if (kind === 'humanoid') {
      const s = H / 32;
      const hip = t + 14 * s;
      const spread = 3 * s + U(0, 4) * s;
      const bulk = U(0.8, 1.35);
      parts.push({ k: 'cyl', a: [-1.8 * s, -spread / 2, t], b: [-1.2 * s, 0, hip], r: 1.9 * s, c: accent });
      parts.push({ k: 'cyl', a: [1.8 * s, spread / 2, t], b: [1.2 * s, 0, hip], r: 1.9 * s, c: accent });
      parts.push({ k: 'cyl', a: [0, 0, hip - 1 * s], b: [0, 0, hip + 10 * s], r: 3.3 * s * bulk, c: color });
      const sh = hip + 9 * s;
      const arm = U(-0.3, 1.4);
      parts.push({ k: 'cyl', a: [-3.8 * s * bulk, 0, sh], b: [-4 * s - 7 * s * Math.sin(arm), 5 * s * Math.cos(arm), sh - 7 * s * Math.cos(arm)], r: 1.4 * s, c: color });
      parts.push({ k: 'cyl', a: [3.8 * s * bulk, 0, sh], b: [7 * s, -2 * s, sh - 8 * s], r: 1.4 * s, c: color });
      parts.push({ k: 'sph', c0: [0, 0, sh + 3.2 * s], r: 2.8 * s, c: rand() < 0.5 ? accent : color });
      if (rand() < 0.6) parts.push({ k: 'cyl', a: [-6 * s, 6 * s, sh - 9 * s], b: [-6 * s, 8 * s, sh + 9 * s], r: 0.7 * s, c: [70, 70, 75] });
      if (rand() < 0.25) parts.push({ k: 'cyl', a: [0, 1.5 * s, hip - 10 * s], b: [0, 1.5 * s, sh], r: 4.2 * s, c: color });
    } else if (kind === 'monster') {
      const s = H / 40;
      parts.push({ k: 'sph', c0: [0, 0, t + 16 * s], r: 9 * s, c: color });
      parts.push({ k: 'sph', c0: [-6 * s, 0, t + 15 * s], r: 7 * s, c: color });
      for (const dx of [-7, 7]) for (const dy of [-4, 4]) parts.push({ k: 'cyl', a: [dx * s, dy * s, t + 14 * s], b: [dx * 1.3 * s, dy * 1.5 * s, t], r: 2.4 * s, c: color });
      parts.push({ k: 'sph', c0: [12 * s, 0, t + 24 * s], r: 4.8 * s, c: accent });
      parts.push({ k: 'cyl', a: [-10 * s, 0, t + 17 * s], b: [-20 * s, 3 * s, t + 8 * s], r: 2 * s, c: color });
      if (rand() < 0.4) parts.push({ k: 'cyl', a: [0, -16 * s, t + 27 * s], b: [0, 16 * s, t + 27 * s], r: 1.2 * s, c: accent });
    } else if (kind === 'vehicle') {
      const Lx = base > 0 ? Math.min(L, 0.95 * base) : L;
      const Wy = base > 0 ? Math.min(Wv, 0.7 * base) : Wv;
      const hull = H * 0.55;
      parts.push({ k: 'box', c0: [0, 0, t], hx: Lx / 2, hy: Wy / 2, h: hull, c: color });
      parts.push({ k: 'box', c0: [0, Wy / 2 - 3, t], hx: Lx * 0.47, hy: 3, h: 8, c: accent });
      parts.push({ k: 'box', c0: [0, -Wy / 2 + 3, t], hx: Lx * 0.47, hy: 3, h: 8, c: accent });
      parts.push({ k: 'cyl', a: [-Lx * 0.05, 0, t + hull], b: [-Lx * 0.05, 0, t + hull + H * 0.3], r: Wy * 0.3, c: color });
      parts.push({ k: 'cyl', a: [0, 0, t + hull + H * 0.2], b: [Lx * 0.62, 0, t + hull + H * 0.22], r: 1.6, c: accent });
    }
    let tag: { id: number; z: number; size: number; margin: number } | null = null;
    if (tagKind === 'card') {
      const z = H + U(3, 12);
      parts.push({ k: 'cyl', a: [0, 0, H - 2], b: [0, 0, z - 0.8], r: 1.2, c: [80, 80, 80] });
      const card = U(32, 46);
      parts.push({ k: 'box', c0: [0, 0, z - 0.8], hx: card / 2, hy: card / 2, h: 0.8, c: [232, 232, 228] });
      tag = { id: tagId++, z, size: 25, margin: 0.2 };
    } else if (tagKind === 'token') {
      tag = { id: tagId++, z: t, size: 25, margin: 1.2 };
    }
    const yaw = U(0, 360);
    const world = placeParts(parts, at[0], at[1], yaw, fallen, fallen ? { tipDeg: U(-5, 12), rollDeg: U(0, 360) } : { leanDeg: tag || kind !== 'humanoid' ? 0 : U(-6, 6) });
    solids.push(...world.prims);
    if (tag) solids.push(new TagPlate(at[0], at[1], tag.z + 0.02, tag.size, U(0, 360), markerCells(tag.id), tag.margin));
    const traits = [...(trait ? [trait] : []), ...(touching ? ['touching'] : [])];
    if (touching && prev && !prev.traits.includes('touching')) prev.traits.push('touching');
    models.push({ x_mm: fallen ? world.footprint[0] : at[0], y_mm: fallen ? world.footprint[1] : at[1], fallen, kind, base_mm: base, tag: tag ? tag.id : null, height_mm: H, traits, tag_z_mm: tag ? tag.z + 0.02 : null });
  }

  // Scatter terrain as clubs put it between the models: rock clusters, crates, wall sections,
  // bushes and rubble, some of a miniature's size, so that a thing on the table is not a model
  // because it stands up. Drawn from its own generator after the models are placed, so every
  // seed keeps its models, lamps and camera; both frames hold it (it is part of the table).
  terrain.push(...scatterTerrain(mulberry32(seed * 15485863 + 29), taken, W, D));

  // One to three lamps: overhead panels or bulbs, a low window light with long shadows, a hot spot.
  const lamp = (kind: 'window' | 'overhead' | 'hot'): World['light'] => {
    if (kind === 'window') {
      const el = (U(14, 35) * Math.PI) / 180;
      const az = U(0, 2 * Math.PI);
      const dist = U(2500, 4000);
      return { x: 900 + dist * Math.cos(el) * Math.cos(az), y: 600 + dist * Math.cos(el) * Math.sin(az), z: dist * Math.sin(el), ambient: U(0.3, 0.55), unevenness: U(0, 0.25) };
    }
    if (kind === 'hot') return { x: U(300, 1500), y: U(200, 1000), z: U(700, 1300), ambient: U(0.15, 0.4), unevenness: U(0, 0.2) };
    return { x: U(200, 1600), y: U(100, 1100), z: U(1500, 2700), ambient: U(0.25, 0.6), unevenness: U(0, 0.3) };
  };
  const light = lamp(rand() < 0.35 ? 'window' : 'overhead');
  const nLamps = rand() < 0.5 ? 1 : rand() < 0.7 ? 2 : 3;
  const extraLights = Array.from({ length: nLamps - 1 }, () => ({ light: lamp(pick(['window', 'overhead', 'hot'] as const)), weight: U(0.25, 0.8) }));

  const arms: Primitive[] = [];
  if (rand() < 0.3) {
    const side = Math.floor(rand() * 4);
    const along = U(200, side < 2 ? W - 200 : D - 200);
    const from: [number, number] = side === 0 ? [along, -300] : side === 1 ? [along, D + 300] : side === 2 ? [-300, along] : [W + 300, along];
    const reachIn = U(150, 450);
    const to: [number, number] = side === 0 ? [along, reachIn] : side === 1 ? [along, D - reachIn] : side === 2 ? [reachIn, along] : [W - reachIn, along];
    arms.push(...armPrimitives({ fromMm: from, toMm: to, heightMm: U(120, 350), radiusMm: U(32, 45), color: [U(150, 220), U(110, 170), U(90, 140)] }));
  }

  // The camera: 1.2–2.0 m, a random wide lens, roughly over the middle.
  const h = U(1200, 2000);
  const res = rand();
  const widthPx = o.widthPx ?? (res < 0.3 ? 1280 : res < 0.9 ? 1920 : 3840);
  const heightPx = Math.round((widthPx * 9) / 16);
  const focal = 1330 * (h / 1600) * U(0.9, 1.02) * (widthPx / 1920);
  const dist: DistortionCoeffs = [U(-0.3, -0.02), U(0, 0.09), U(-0.001, 0.001), U(-0.001, 0.001), U(-0.015, 0)];
  const intrinsics: CameraIntrinsics = { widthPx, heightPx, fx: focal, fy: focal * U(0.998, 1.002), cx: widthPx / 2 + gauss() * 6, cy: heightPx / 2 + gauss() * 6, dist };
  const position: Vec3 = [900 + U(-120, 120), 600 + U(-100, 100), h];
  const camera: SyntheticCamera = { intrinsics, pose: lookAtPose(position, [900 + U(-40, 40), 600 + U(-40, 40), 0], U(-3, 3)) };

  // Lamp sizes: a broad panel or a bare bulb overhead, a window's sun a few degrees wide.
  const lampSize = (l: World['light']): World['light'] => {
    const d = Math.hypot(l.x - 900, l.y - 600, l.z);
    const radiusMm = l.z < d * 0.6 ? d * Math.tan((LU(0.25, 3) * Math.PI) / 180) : lookRand() < 0.5 ? LU(150, 600) : LU(3, 60);
    return { ...l, radiusMm };
  };
  const look: Look = {
    shadowSamples: 8,
    skyTilt: LU(0, 0.6),
    bounce: LU(0, 0.35),
    aoReachMm: LU(12, 40),
    aoSamples: 6,
    aoStrength: lookRand() < 0.85 ? LU(0.3, 0.9) : 0,
    specular: LU(0, 0.25),
    shininess: [LU(10, 40), LU(40, 200)],
    planeSpecular: lookRand() < 0.3 ? LU(0, 0.06) : 0,
    seed: Math.floor(lookRand() * 1000),
  };
  const lit = lampSize(light);
  const extraLit = extraLights.map((e) => ({ ...e, light: lampSize(e.light) }));

  // Up to the brightest an auto-exposing webcam leaves a light mat: close to clipping.
  const exposure = U(0.7, 1.45);
  const wb: Rgb = [exposure * U(0.85, 1.15), exposure, exposure * U(0.8, 1.2)];
  const wb2: Rgb = [wb[0] * U(0.93, 1.07), wb[1] * U(0.93, 1.07), wb[2] * U(0.93, 1.07)];
  return {
    mat: printedTerrain ? 'printed-terrain' : matKind,
    camera,
    table: { width_mm: W, depth_mm: D },
    models,
    empty: { planeColor, primitives: [...terrain], light: lit, look },
    full: { planeColor, primitives: [...terrain, ...solids, ...arms], light: lit, look },
    extraLights: extraLit,
    sensor: { tint: wb, tintEmpty: wb2, blurSigmaPx: U(0.4, 1.3), noiseSigma: U(1, 4.5), jpegQuality: Math.round(U(65, 95)), seed, toneGamma: lookRand() < 0.25 ? 1 : LU(0.55, 1.1), saturation: LU(0.75, 1.2) },
  };
}

/** Renders a world through the table's camera with its sensor: blur, noise, tint, JPEG. */
export async function renderVaried(v: VariedTable, which: 'full' | 'empty'): Promise<RawImage> {
  // Two samples per axis on edges: silhouettes stay anti-aliased at an eighth of the cost.
  const world = which === 'full' ? v.full : v.empty;
  let img = renderWorld(world, v.camera, { edgeSamples: 2 });
  if (v.extraLights.length > 0) {
    const sum = new Float32Array(img.rgba.length);
    let total = 1;
    for (let i = 0; i < sum.length; i++) sum[i] = img.rgba[i] as number;
    for (const e of v.extraLights) {
      const o = renderWorld({ ...world, light: e.light }, v.camera, { edgeSamples: 2 });
      for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] as number) + e.weight * (o.rgba[i] as number);
      total += e.weight;
    }
    // Normalised so the sum keeps one lamp's exposure; the tint below varies it.
    const rgba = new Uint8ClampedArray(sum.length);
    for (let i = 0; i < sum.length; i++) rgba[i] = (sum[i] as number) / total;
    img = { width: img.width, height: img.height, rgba };
  }
  img = tint(img, which === 'full' ? v.sensor.tint : v.sensor.tintEmpty);
  img = toneCurve(img, v.sensor.toneGamma, v.sensor.saturation);
  img = applySensor(img, { blurSigmaPx: v.sensor.blurSigmaPx, noiseSigma: v.sensor.noiseSigma, seed: v.sensor.seed + (which === 'full' ? 0 : 1) });
  return decodeImage(await encodeJpeg(img, v.sensor.jpegQuality));
}

/** The camera's response curve and colour saturation, applied to every pixel alike. */
function toneCurve(img: RawImage, gamma: number, saturation: number): RawImage {
  if (gamma === 1 && saturation === 1) return img;
  const lut = new Float32Array(256);
  for (let i = 0; i < 256; i++) lut[i] = 255 * (i / 255) ** gamma;
  const out = new Uint8ClampedArray(img.rgba.length);
  const d = img.rgba;
  for (let i = 0; i < d.length; i += 4) {
    const r = lut[d[i] as number] as number;
    const g = lut[d[i + 1] as number] as number;
    const b = lut[d[i + 2] as number] as number;
    const y = 0.3 * r + 0.59 * g + 0.11 * b;
    out[i] = y + (r - y) * saturation;
    out[i + 1] = y + (g - y) * saturation;
    out[i + 2] = y + (b - y) * saturation;
    out[i + 3] = 255;
  }
  return { width: img.width, height: img.height, rgba: out };
}

type M3 = [number, number, number, number, number, number, number, number, number];
const mul = (a: M3, b: M3): M3 => [
  a[0] * b[0] + a[1] * b[3] + a[2] * b[6], a[0] * b[1] + a[1] * b[4] + a[2] * b[7], a[0] * b[2] + a[1] * b[5] + a[2] * b[8],
  a[3] * b[0] + a[4] * b[3] + a[5] * b[6], a[3] * b[1] + a[4] * b[4] + a[5] * b[7], a[3] * b[2] + a[4] * b[5] + a[5] * b[8],
  a[6] * b[0] + a[7] * b[3] + a[8] * b[6], a[6] * b[1] + a[7] * b[4] + a[8] * b[7], a[6] * b[2] + a[7] * b[5] + a[8] * b[8],
];
const rotZ = (d: number): M3 => { const a = (d * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a); return [c, -s, 0, s, c, 0, 0, 0, 1]; };
const rotY = (d: number): M3 => { const a = (d * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a); return [c, 0, s, 0, 1, 0, -s, 0, c]; };
const rotX = (d: number): M3 => { const a = (d * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a); return [1, 0, 0, 0, c, -s, 0, s, c]; };
const apply = (m: M3, p: Vec3): Vec3 => [m[0] * p[0] + m[1] * p[1] + m[2] * p[2], m[3] * p[0] + m[4] * p[1] + m[5] * p[2], m[6] * p[0] + m[7] * p[1] + m[8] * p[2]];

/**
 * A model's parts (its own frame: base centre at the origin, up = +z) onto the table: turned by
 * yaw and leant a little when standing; tipped past 90° about its own y and lowered onto the
 * table when fallen, which also yields the footprint's middle (the truth for a fall).
 */
function placeParts(parts: Part[], x: number, y: number, yaw: number, fallen: boolean, p: { leanDeg?: number; tipDeg?: number; rollDeg?: number }): { prims: Primitive[]; footprint: [number, number] } {
  const m = fallen ? mul(rotZ(yaw), mul(rotY(90 + (p.tipDeg ?? 0)), rotZ(p.rollDeg ?? 0))) : mul(rotZ(yaw), rotX(p.leanDeg ?? 0));
  const tr = (q: Vec3): Vec3 => { const r = apply(m, q); return [r[0] + x, r[1] + y, r[2]]; };
  type Placed = { k: 'cyl'; a: Vec3; b: Vec3; r: number; c: Rgb } | { k: 'sph'; c0: Vec3; r: number; c: Rgb } | { k: 'box'; c0: Vec3; hx: number; hy: number; h: number; c: Rgb };
  const placed: Placed[] = parts.map((q) => (q.k === 'cyl' ? { ...q, a: tr(q.a), b: tr(q.b) } : { ...q, c0: tr(q.c0) }));
  let dz = 0;
  if (fallen) {
    let zmin = Infinity;
    for (const q of placed) {
      if (q.k === 'cyl') {
        const l = Math.hypot(q.b[0] - q.a[0], q.b[1] - q.a[1], q.b[2] - q.a[2]) || 1;
        const uz = (q.b[2] - q.a[2]) / l;
        const rz = q.r * Math.sqrt(Math.max(0, 1 - uz * uz));
        zmin = Math.min(zmin, q.a[2] - rz, q.b[2] - rz);
      } else if (q.k === 'sph') zmin = Math.min(zmin, q.c0[2] - q.r);
    }
    dz = -zmin;
  }
  const prims: Primitive[] = [];
  const a = (yaw * Math.PI) / 180;
  const u: [number, number] = [Math.cos(a), Math.sin(a)];
  const v: [number, number] = [-u[1], u[0]];
  let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
  /** A point of the outline seen from above, reaching ru along the fall and rv across it. */
  const extend = (px: number, py: number, ru: number, rv: number): void => {
    const su = px * u[0] + py * u[1];
    const sv = px * v[0] + py * v[1];
    u0 = Math.min(u0, su - ru); u1 = Math.max(u1, su + ru); v0 = Math.min(v0, sv - rv); v1 = Math.max(v1, sv + rv);
  };
  for (const q of placed) {
    if (q.k === 'cyl') {
      const A: Vec3 = [q.a[0], q.a[1], q.a[2] + dz];
      const B: Vec3 = [q.b[0], q.b[1], q.b[2] + dz];
      const l = Math.hypot(B[0] - A[0], B[1] - A[1], B[2] - A[2]);
      if (l < 1e-6) continue;
      const d: Vec3 = [(B[0] - A[0]) / l, (B[1] - A[1]) / l, (B[2] - A[2]) / l];
      prims.push(new Cylinder(A[0], A[1], A[2], d[0], d[1], d[2], l, q.r, q.c));
      // An end disc (normal d, radius r) reaches r·√(1 − (d·w)²) along a direction w.
      const du = d[0] * u[0] + d[1] * u[1];
      const dv = d[0] * v[0] + d[1] * v[1];
      const ru = q.r * Math.sqrt(Math.max(0, 1 - du * du));
      const rv = q.r * Math.sqrt(Math.max(0, 1 - dv * dv));
      extend(A[0], A[1], ru, rv);
      extend(B[0], B[1], ru, rv);
    } else if (q.k === 'sph') {
      prims.push(new Sphere(q.c0[0], q.c0[1], q.c0[2] + dz, q.r, q.c));
      extend(q.c0[0], q.c0[1], q.r, q.r);
    } else {
      // Boxes only on standing models (vehicle hulls, tag cards), turned with the model.
      prims.push(new Box(q.c0[0], q.c0[1], q.c0[2] + dz, q.hx, q.hy, q.h, yaw, q.c));
      extend(q.c0[0], q.c0[1], q.hx, q.hy);
    }
  }
  const cu = (u0 + u1) / 2;
  const cv = (v0 + v1) / 2;
  return { prims, footprint: [cu * u[0] + cv * v[0], cu * u[1] + cv * v[1]] };
}

/** How far (x, y) lies from the edge of its cell in a pointy-top hex grid of circumradius r: 0 on an edge, 1 at a centre. */
function hexEdge(x: number, y: number, r: number): number {
  // Axial coordinates, rounded in cube coordinates to the cell's centre.
  const q = ((Math.sqrt(3) / 3) * x - y / 3) / r;
  const s = ((2 / 3) * y) / r;
  let rq = Math.round(q);
  let rs = Math.round(s);
  const rt = Math.round(-q - s);
  const dq = Math.abs(rq - q);
  const ds = Math.abs(rs - s);
  const dt = Math.abs(rt + q + s);
  if (dq > ds && dq > dt) rq = -rs - rt;
  else if (ds > dt) rs = -rq - rt;
  const px = x - Math.sqrt(3) * r * (rq + rs / 2);
  const py = y - 1.5 * r * rs;
  // The largest projection on the three edge normals (30, 90, 150 degrees), against the inradius.
  const m = Math.max(Math.abs(py), Math.abs(px * 0.8660254 + py * 0.5), Math.abs(px * 0.8660254 - py * 0.5));
  return 1 - m / ((Math.sqrt(3) / 2) * r);
}

/** Scatter terrain pieces (test/synthetic/varied.ts): 0–6 a table, each kept clear of what is already placed. */
export function scatterTerrain(rand: () => number, taken: { x: number; y: number; r: number }[], W: number, D: number): Primitive[] {
  const U = uniform(rand);
  const out: Primitive[] = [];
  const n = Math.floor(rand() * 7);
  const stone = (): Rgb => {
    const g = U(45, 170);
    return [g * U(0.9, 1.1), g * U(0.85, 1.05), g * U(0.7, 1.0)];
  };
  /** A colour with each channel scaled by its own draw in [lo, hi]. */
  const vary = (c: Rgb, lo: number, hi: number): Rgb => [c[0] * U(lo, hi), c[1] * U(lo, hi), c[2] * U(lo, hi)];
  /** `least` to `least + spread - 1` spheres of radius rMin to rMax inside `reach` of (x, y), each raised by z × its radius. */
  const cluster = (x: number, y: number, reach: number, least: number, spread: number, rMin: number, rMax: number, z: () => number, col: Rgb, lo: number, hi: number): void => {
    for (let k = 0, m = least + Math.floor(rand() * spread); k < m; k++) {
      const r = U(rMin, rMax);
      const a = U(0, 2 * Math.PI);
      const d = U(0, reach - r);
      out.push(new Sphere(x + Math.cos(a) * d, y + Math.sin(a) * d, r * z(), r, vary(col, lo, hi)));
    }
  };
  for (let i = 0; i < n; i++) {
    const kind = ['rocks', 'crates', 'wall', 'bush', 'rubble'][Math.floor(rand() * 5)] as 'rocks' | 'crates' | 'wall' | 'bush' | 'rubble';
    const reach = kind === 'wall' ? U(45, 110) : U(20, 55);
    let at: [number, number] | null = null;
    for (let t = 0; t < 200 && !at; t++) {
      const x = U(reach + 20, W - reach - 20);
      const y = U(reach + 20, D - reach - 20);
      if (taken.every((q) => Math.hypot(q.x - x, q.y - y) > q.r + reach + 8)) at = [x, y];
    }
    if (!at) continue;
    taken.push({ x: at[0], y: at[1], r: reach });
    const [x, y] = at;
    const yaw = U(0, 180);
    const c = Math.cos((yaw * Math.PI) / 180);
    const s = Math.sin((yaw * Math.PI) / 180);
    if (kind === 'rocks') {
      // Two to five boulders, partly sunk, one colour with some spread.
      cluster(x, y, reach, 2, 4, 8, reach * 0.6, () => -U(0.2, 0.6), stone(), 0.85, 1.15);
    } else if (kind === 'crates') {
      const wood: Rgb = rand() < 0.5 ? [U(110, 170), U(75, 115), U(40, 70)] : [U(60, 100), U(70, 100), U(50, 70)];
      for (let k = 0, m = 1 + Math.floor(rand() * 3); k < m; k++) {
        const hw = U(10, Math.min(30, reach * 0.6));
        const ox = (k - (m - 1) / 2) * hw * 2.1;
        out.push(new Box(x + c * ox, y + s * ox, 0, hw, hw * U(0.7, 1.0), U(15, 45), yaw + U(-10, 10), vary(wood, 0.9, 1.1)));
      }
      if (rand() < 0.4) out.push(new Box(x, y, 0, reach * 0.9, reach * 0.5, 3, yaw, stone()));
    } else if (kind === 'wall') {
      // A ruined wall: segments of one thickness and uneven height with gaps.
      const col = stone();
      const thick = U(4, 9);
      for (let along = -reach; along < reach; ) {
        const end = Math.min(reach, along + U(15, 50));
        const half = (end - along) / 2;
        if (half > 3) out.push(new Box(x + c * (along + half), y + s * (along + half), 0, half, thick, U(12, 70), yaw, col));
        along = end + U(0, 25);
      }
    } else if (kind === 'bush') {
      cluster(x, y, reach, 3, 4, 7, reach * 0.5, () => U(0.1, 0.8), [U(25, 70), U(55, 110), U(20, 50)], 0.8, 1.2);
    } else {
      // Rubble: a low scatter of small stones and slabs.
      const col = stone();
      for (let k = 0, m = 5 + Math.floor(rand() * 8); k < m; k++) {
        const a = U(0, 2 * Math.PI);
        const d = U(0, reach);
        const px = x + Math.cos(a) * d;
        const py = y + Math.sin(a) * d;
        if (rand() < 0.5) out.push(new Sphere(px, py, -U(1, 4), U(3, 9), vary(col, 0.8, 1.2)));
        else out.push(new Box(px, py, 0, U(3, 12), U(3, 9), U(2, 8), U(0, 180), vary(col, 0.8, 1.2)));
      }
    }
  }
  return out;
}
