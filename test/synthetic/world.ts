/**
 * The renderer's core: a plane z = 0 with a colour function, solids above it, one lamp, a
 * distorted pinhole camera. Every output sample is traced backwards (pixel → undistorted
 * ray → nearest surface → lamp), so lens distortion, parallax and shadows are exact rather
 * than approximated; edges are supersampled so marker corners land with sub-pixel truth.
 */
import {
  cameraPositionMm,
  projectTablePoint,
  undistortNormalizedInto,
  type CameraIntrinsics,
  type CameraPose,
} from '../../src/vision/camera-model.js';
import type { Primitive, Ray, SurfaceSample } from './primitives.js';

export interface SyntheticCamera {
  intrinsics: CameraIntrinsics;
  /** Table (world) → camera, OpenCV convention. */
  pose: CameraPose;
}

export interface World {
  /** Colour of the plane z = 0 at (x, y) into out[0..2]; returns a surface id for edge finding. */
  planeColor(x: number, y: number, out: Float32Array): number;
  primitives: Primitive[];
  /** radiusMm: the lamp is a disc this wide facing the point it lights (soft shadows); 0 or absent, a point. */
  light: { x: number; y: number; z: number; ambient: number; unevenness: number; radiusMm?: number };
  /** Light transport beyond one point lamp and a flat ambient (training renders); absent, the plain look the fixtures were made with. */
  look?: Look;
}

/**
 * What a physically based renderer or a camera in a real room shows that one point lamp and a
 * flat ambient do not: soft shadows under broad lamps, the sky of the room lighting tops more
 * than sides (and the mat's colour bouncing onto the lower sides), contact shadows where a model
 * meets the table or another model (ambient occlusion), and highlights on varnish and metal.
 */
export interface Look {
  /** Shadow rays toward points spread over the lamp's disc (with light.radiusMm > 0). */
  shadowSamples: number;
  /** 0–1: how much less of the ambient light a side-facing (½ of it) or down-facing (all of it) surface gets. */
  skyTilt: number;
  /** 0–1: the mat's own colour lighting surfaces that face it, as a share of the ambient. */
  bounce: number;
  /** Ambient occlusion: rays of this reach (mm) over the hemisphere, this many a sample, darkening by this share at full cover. */
  aoReachMm: number;
  aoSamples: number;
  aoStrength: number;
  /** Highest specular share of a solid's surface (each solid draws its own up to this) and the Phong exponent's range. */
  specular: number;
  shininess: [number, number];
  /** Specular share of the plane (a printed mat's sheen). */
  planeSpecular: number;
  seed: number;
}

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel, row-major. */
  rgba: Uint8ClampedArray;
}

const TILE = 16;
/** Samples per axis on edge pixels. */
const DEFAULT_EDGE_SAMPLES = 4;
/** Luminance jump between neighbours that marks a pixel for supersampling. */
const EDGE_LUMA = 10;

/** edgeSamples: samples per axis on edge pixels (default 4); training renders use fewer for speed. */
export function renderWorld(world: World, camera: SyntheticCamera, options: { edgeSamples?: number } = {}): RawImage {
  const EDGE_SAMPLES = Math.max(1, Math.round(options.edgeSamples ?? DEFAULT_EDGE_SAMPLES));
  const k = camera.intrinsics;
  const { widthPx: width, heightPx: height } = k;
  const tiles = tilePrimitives(world.primitives, camera);
  const tilesX = Math.ceil(width / TILE);
  const c = cameraPositionMm(camera.pose);
  const ray: Ray = { ox: c[0], oy: c[1], oz: c[2], dx: 0, dy: 0, dz: 1 };
  const surf: SurfaceSample = { nx: 0, ny: 0, nz: 1, r: 0, g: 0, b: 0 };
  const plane = new Float32Array(3);
  const light = world.light;
  const diag = Math.hypot(width, height) / 2;
  const rgb = new Float32Array(3);
  const norm = new Float64Array(2);
  const R = camera.pose.rotation;
  const shadowGrid = buildShadowGrid(world);
  const shadowRay: Ray = { ox: 0, oy: 0, oz: 0, dx: 0, dy: 0, dz: 0 };
  const primId = new Map(world.primitives.map((p, i) => [p, 1000 + i]));
  const look = world.look;
  const lampRadius = look ? (light.radiusMm ?? 0) : 0;
  const aoGrid = look && look.aoStrength > 0 ? buildNearGrid(world.primitives, look.aoReachMm) : null;
  const matColour = look ? meanPlaneColour(world) : [0, 0, 0];
  const aoRay: Ray = { ox: 0, oy: 0, oz: 0, dx: 0, dy: 0, dz: 0 };

  /** Share of the lamp's disc a point sees: shadow rays to points spread over the disc facing it. */
  const litShare = (casters: Primitive[], px: number, py: number, pz: number, lx: number, ly: number, lz: number, dist: number, self: Primitive | null, u: number, v: number): number => {
    const n = Math.max(1, look?.shadowSamples ?? 1);
    const [ax, ay, az, bx, by, bz] = basis(lx, ly, lz);
    const rot = pixelAngle(u, v);
    let lit = 0;
    for (let s = 0; s < n; s++) {
      const r = lampRadius * Math.sqrt((s + 0.5) / n);
      const a = rot + s * GOLDEN_ANGLE;
      const ca = r * Math.cos(a);
      const sa = r * Math.sin(a);
      let dx = lx * dist + ca * ax + sa * bx;
      let dy = ly * dist + ca * ay + sa * by;
      let dz = lz * dist + ca * az + sa * bz;
      const d = Math.hypot(dx, dy, dz);
      dx /= d;
      dy /= d;
      dz /= d;
      shadowRay.ox = px;
      shadowRay.oy = py;
      shadowRay.oz = pz;
      shadowRay.dx = dx;
      shadowRay.dy = dy;
      shadowRay.dz = dz;
      if (!shadowed(casters, shadowRay, d, self)) lit++;
    }
    return lit / n;
  };

  /** 0–1: how much of the hemisphere over the normal is closed within the reach, nearer closing more. */
  const occlusion = (px: number, py: number, pz: number, nx: number, ny: number, nz: number, self: Primitive | null, u: number, v: number): number => {
    if (!look || !aoGrid) return 0;
    const near = aoGrid.at(px, py);
    const above = pz > 0.05;
    if (near.length === 0 && !above) return 0;
    const reach = look.aoReachMm;
    const n = look.aoSamples;
    const [ax, ay, az, bx, by, bz] = basis(nx, ny, nz);
    const rot = pixelAngle(u + 17, v + 5);
    aoRay.ox = px + nx * 0.02;
    aoRay.oy = py + ny * 0.02;
    aoRay.oz = pz + nz * 0.02;
    let closed = 0;
    for (let s = 0; s < n; s++) {
      // Cosine-weighted directions over the hemisphere.
      const r = Math.sqrt((s + 0.5) / n);
      const a = rot + s * GOLDEN_ANGLE;
      const c1 = r * Math.cos(a);
      const c2 = r * Math.sin(a);
      const c3 = Math.sqrt(Math.max(0, 1 - r * r));
      aoRay.dx = c1 * ax + c2 * bx + c3 * nx;
      aoRay.dy = c1 * ay + c2 * by + c3 * ny;
      aoRay.dz = c1 * az + c2 * bz + c3 * nz;
      let t = above && aoRay.dz < -1e-6 ? -aoRay.oz / aoRay.dz : Infinity;
      for (let i = 0; i < near.length; i++) {
        const p = near[i] as Primitive;
        if (p === self) continue;
        const h = p.intersect(aoRay, 1e-3);
        if (h < t) t = h;
      }
      if (t < reach) closed += 1 - t / reach;
    }
    return closed / n;
  };

  /** Traces one sample at pixel coordinates (u, v) into rgb; returns the id of what it hit. */
  const sample = (u: number, v: number, prims: Primitive[]): number => {
    undistortNormalizedInto((u - k.cx) / k.fx, (v - k.cy) / k.fy, k.dist, norm);
    const xn = norm[0] as number;
    const yn = norm[1] as number;
    // Rᵀ · (xn, yn, 1): the ray in table axes.
    ray.dx = R[0] * xn + R[3] * yn + R[6];
    ray.dy = R[1] * xn + R[4] * yn + R[7];
    ray.dz = R[2] * xn + R[5] * yn + R[8];
    let best = Infinity;
    let hit = -1;
    for (let i = 0; i < prims.length; i++) {
      const t = (prims[i] as Primitive).intersect(ray, 1e-6);
      if (t < best) {
        best = t;
        hit = i;
      }
    }
    const tPlane = Math.abs(ray.dz) > 1e-12 ? -ray.oz / ray.dz : Infinity;
    let id: number;
    let px: number;
    let py: number;
    let pz: number;
    if (hit >= 0 && best < tPlane) {
      px = ray.ox + best * ray.dx;
      py = ray.oy + best * ray.dy;
      pz = ray.oz + best * ray.dz;
      (prims[hit] as Primitive).shade(px, py, pz, surf);
      id = primId.get(prims[hit] as Primitive) ?? 1000;
    } else if (tPlane > 0 && tPlane < Infinity) {
      px = ray.ox + tPlane * ray.dx;
      py = ray.oy + tPlane * ray.dy;
      pz = 0;
      id = world.planeColor(px, py, plane);
      surf.nx = 0;
      surf.ny = 0;
      surf.nz = 1;
      surf.r = plane[0] as number;
      surf.g = plane[1] as number;
      surf.b = plane[2] as number;
    } else {
      rgb[0] = rgb[1] = rgb[2] = 10;
      return -2;
    }
    let lx = light.x - px;
    let ly = light.y - py;
    let lz = light.z - pz;
    const dist = Math.hypot(lx, ly, lz);
    lx /= dist;
    ly /= dist;
    lz /= dist;
    // Two-sided for the plane: a board photographed from below its lamp still lights up.
    let lambert = surf.nx * lx + surf.ny * ly + surf.nz * lz;
    if (id < 1000) lambert = Math.abs(lambert);
    const self = id >= 1000 ? (prims[hit] as Primitive) : null;
    if (lambert > 0) {
      const casters = id >= 1000 ? world.primitives : shadowGrid.at(px, py);
      if (casters.length > 0) {
        shadowRay.ox = px;
        shadowRay.oy = py;
        shadowRay.oz = pz;
        if (look && lampRadius > 0) lambert *= litShare(casters, px, py, pz, lx, ly, lz, dist, self, u, v);
        else {
          shadowRay.dx = lx;
          shadowRay.dy = ly;
          shadowRay.dz = lz;
          if (shadowed(casters, shadowRay, dist, self)) lambert = 0;
        }
      }
    }
    const falloff = (Math.abs(light.z) / dist) ** 2;
    const uneven = 1 + light.unevenness * Math.sin(px / 530 + 1.3) * Math.cos(py / 410 + 0.4);
    const rr = Math.hypot(u - k.cx, v - k.cy) / diag;
    const vignette = 1 - 0.28 * rr * rr;
    let ambient = light.ambient;
    if (!look) {
      const gain = (ambient + (1 - light.ambient) * Math.max(0, lambert) * falloff) * uneven * vignette * 1.08;
      rgb[0] = surf.r * gain;
      rgb[1] = surf.g * gain;
      rgb[2] = surf.b * gain;
      return id;
    }
    const nz = surf.nz; // the plane's is 1
    ambient *= 1 - (look.skyTilt * (1 - nz)) / 2;
    if (look.aoStrength > 0 && look.aoSamples > 0) ambient *= 1 - look.aoStrength * occlusion(px, py, pz, surf.nx, surf.ny, nz, self, u, v);
    const scale = uneven * vignette * 1.08;
    const gain = (ambient + (1 - light.ambient) * Math.max(0, lambert) * falloff) * scale;
    // The mat's light on surfaces that face it: albedo × the mat's colour, a share of the ambient.
    const up = (look.bounce * light.ambient * (1 - nz) * scale) / 2 / 255;
    rgb[0] = surf.r * (gain + up * (matColour[0] as number));
    rgb[1] = surf.g * (gain + up * (matColour[1] as number));
    rgb[2] = surf.b * (gain + up * (matColour[2] as number));
    if (lambert > 0) {
      // Blinn–Phong highlight, white (dielectric paint and varnish), with the lamp's own shadowing.
      const ks = id < 1000 ? look.planeSpecular : look.specular * hash01(id, look.seed);
      if (ks > 0) {
        const vl = Math.hypot(ray.dx, ray.dy, ray.dz);
        let hx = lx - ray.dx / vl;
        let hy = ly - ray.dy / vl;
        let hz = lz - ray.dz / vl;
        const hl = Math.hypot(hx, hy, hz) || 1;
        hx /= hl;
        hy /= hl;
        hz /= hl;
        const nh = surf.nx * hx + surf.ny * hy + nz * hz;
        if (nh > 0) {
          const [s0, s1] = look.shininess;
          const shin = id < 1000 ? s0 : s0 + (s1 - s0) * hash01(id + 7, look.seed);
          const sp = ks * 255 * nh ** shin * Math.min(1, lambert * 4) * falloff * scale;
          rgb[0] = (rgb[0] as number) + sp;
          rgb[1] = (rgb[1] as number) + sp;
          rgb[2] = (rgb[2] as number) + sp;
        }
      }
    }
    return id;
  };

  const ids = new Int32Array(width * height);
  const color = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const prims = tiles[Math.floor(y / TILE) * tilesX + Math.floor(x / TILE)] as Primitive[];
      const i = y * width + x;
      ids[i] = sample(x, y, prims);
      color[i * 3] = rgb[0] as number;
      color[i * 3 + 1] = rgb[1] as number;
      color[i * 3 + 2] = rgb[2] as number;
    }
  }

  const out = new Uint8ClampedArray(width * height * 4);
  const luma = (i: number): number => 0.3 * (color[i * 3] as number) + 0.59 * (color[i * 3 + 1] as number) + 0.11 * (color[i * 3 + 2] as number);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let edge = false;
      const li = luma(i);
      for (let dy = -1; dy <= 1 && !edge; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const j = yy * width + xx;
          if (ids[j] !== ids[i] || Math.abs(luma(j) - li) > EDGE_LUMA) {
            edge = true;
            break;
          }
        }
      }
      let r = color[i * 3] as number;
      let g = color[i * 3 + 1] as number;
      let b = color[i * 3 + 2] as number;
      if (edge && EDGE_SAMPLES > 1) {
        const prims = tiles[Math.floor(y / TILE) * tilesX + Math.floor(x / TILE)] as Primitive[];
        r = g = b = 0;
        for (let sy = 0; sy < EDGE_SAMPLES; sy++) {
          for (let sx = 0; sx < EDGE_SAMPLES; sx++) {
            // Pixel (x, y) covers [x − ½, x + ½]: OpenCV puts pixel centres on integers.
            sample(x - 0.5 + (sx + 0.5) / EDGE_SAMPLES, y - 0.5 + (sy + 0.5) / EDGE_SAMPLES, prims);
            r += rgb[0] as number;
            g += rgb[1] as number;
            b += rgb[2] as number;
          }
        }
        const n = EDGE_SAMPLES * EDGE_SAMPLES;
        r /= n;
        g /= n;
        b /= n;
      }
      out[i * 4] = r;
      out[i * 4 + 1] = g;
      out[i * 4 + 2] = b;
      out[i * 4 + 3] = 255;
    }
  }
  return { width, height, rgba: out };
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/** Two unit vectors perpendicular to (x, y, z) (a unit vector) and to each other. */
function basis(x: number, y: number, z: number): [number, number, number, number, number, number] {
  const [ox, oy, oz] = Math.abs(z) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  let ax = oy * z - oz * y;
  let ay = oz * x - ox * z;
  let az = ox * y - oy * x;
  const l = Math.hypot(ax, ay, az);
  ax /= l;
  ay /= l;
  az /= l;
  return [ax, ay, az, y * az - z * ay, z * ax - x * az, x * ay - y * ax];
}

/** A fixed pseudo-random angle per pixel: the sample patterns turn from pixel to pixel, so their error is noise, not bands. */
function pixelAngle(u: number, v: number): number {
  const h = Math.sin(Math.floor(u) * 12.9898 + Math.floor(v) * 78.233) * 43758.5453;
  return (h - Math.floor(h)) * 2 * Math.PI;
}

/** 0–1 from an integer and a seed, the same every time. */
function hash01(i: number, seed: number): number {
  const h = Math.sin(i * 91.345 + seed * 17.17) * 24634.6345;
  return h - Math.floor(h);
}

/** The table's mean colour (inside 0..1800 × 0..1200 mm sampled on a coarse grid): the colour its bounced light carries. */
function meanPlaneColour(world: World): [number, number, number] {
  const out = new Float32Array(3);
  const sum: [number, number, number] = [0, 0, 0];
  let n = 0;
  for (let y = 30; y < 1200; y += 60) {
    for (let x = 30; x < 1800; x += 60) {
      world.planeColor(x, y, out);
      sum[0] += out[0] as number;
      sum[1] += out[1] as number;
      sum[2] += out[2] as number;
      n++;
    }
  }
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

const NEAR_CELL_MM = 25;

/** For any point, the solids whose bound, seen from straight above, lies within reach of it (ambient occlusion's candidates). */
function buildNearGrid(prims: readonly Primitive[], reach: number): { at(x: number, y: number): Primitive[] } {
  return discGrid(prims.filter((p) => p.castsShadow).map((p) => ({ p, x: p.bound.x, y: p.bound.y, r: p.bound.r + reach })), NEAR_CELL_MM);
}

function shadowed(prims: Primitive[], ray: Ray, dist: number, self: Primitive | null): boolean {
  const { ox: px, oy: py, oz: pz, dx: lx, dy: ly, dz: lz } = ray;
  for (const p of prims) {
    if (!p.castsShadow || p === self) continue;
    // Cheap sphere test first: distance from the bound's centre to the shadow ray.
    const b = p.bound;
    const wx = b.x - px;
    const wy = b.y - py;
    const wz = b.z - pz;
    const along = wx * lx + wy * ly + wz * lz;
    if (along < -b.r || along > dist + b.r) continue;
    const perp2 = wx * wx + wy * wy + wz * wz - along * along;
    if (perp2 > b.r * b.r) continue;
    const t = p.intersect(ray, 1e-3);
    if (t < dist) return true;
  }
  return false;
}

const SHADOW_CELL_MM = 25;

/**
 * For points on the plane, the casters whose shadow may fall in each 25 mm cell: the bound
 * sphere projected from the lamp onto z = 0. Most of a frame is bare table, so this is what
 * keeps shadows cheap.
 */
function buildShadowGrid(world: World): { at(x: number, y: number): Primitive[] } {
  const L = world.light;
  const entries: { p: Primitive; x: number; y: number; r: number }[] = [];
  for (const p of world.primitives) {
    if (!p.castsShadow) continue;
    const b = p.bound;
    const top = b.z + b.r;
    if (top >= L.z) return { at: () => world.primitives };
    const f = L.z / (L.z - b.z);
    // A lamp of radius R moves the shadow of a point at height z by up to R z / (Lz − z).
    const soft = world.look ? ((L.radiusMm ?? 0) * top) / (L.z - top) : 0;
    entries.push({ p, x: L.x + (b.x - L.x) * f, y: L.y + (b.y - L.y) * f, r: (b.r * L.z) / (L.z - top) + 2 + soft });
  }
  return discGrid(entries, SHADOW_CELL_MM);
}

/** A grid of cellMm squares listing, for any point, the primitives whose disc (x, y, r) covers its square. */
function discGrid(entries: readonly { p: Primitive; x: number; y: number; r: number }[], cellMm: number): { at(x: number, y: number): Primitive[] } {
  if (entries.length === 0) return { at: () => [] };
  const x0 = Math.min(...entries.map((e) => e.x - e.r));
  const y0 = Math.min(...entries.map((e) => e.y - e.r));
  const x1 = Math.max(...entries.map((e) => e.x + e.r));
  const y1 = Math.max(...entries.map((e) => e.y + e.r));
  const nx = Math.ceil((x1 - x0) / cellMm) + 1;
  const ny = Math.ceil((y1 - y0) / cellMm) + 1;
  const cells: Primitive[][] = Array.from({ length: nx * ny }, () => []);
  const cell = (v: number, n: number): number => Math.min(n - 1, Math.max(0, Math.floor(v / cellMm)));
  for (const e of entries) {
    for (let y = cell(e.y - e.r - y0, ny); y <= cell(e.y + e.r - y0, ny); y++) {
      for (let x = cell(e.x - e.r - x0, nx); x <= cell(e.x + e.r - x0, nx); x++) (cells[y * nx + x] as Primitive[]).push(e.p);
    }
  }
  const none: Primitive[] = [];
  return {
    at(x: number, y: number): Primitive[] {
      const cx = Math.floor((x - x0) / cellMm);
      const cy = Math.floor((y - y0) / cellMm);
      if (cx < 0 || cy < 0 || cx >= nx || cy >= ny) return none;
      return cells[cy * nx + cx] as Primitive[];
    },
  };
}

/** For each screen tile, the primitives whose projected bounding box touches it. */
function tilePrimitives(prims: Primitive[], camera: SyntheticCamera): Primitive[][] {
  const { widthPx: w, heightPx: h } = camera.intrinsics;
  const tx = Math.ceil(w / TILE);
  const ty = Math.ceil(h / TILE);
  const tiles: Primitive[][] = Array.from({ length: tx * ty }, () => []);
  for (const p of prims) {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    let behind = false;
    for (const corner of p.corners) {
      const q = projectTablePoint(camera.pose, camera.intrinsics, corner);
      if (!q) {
        behind = true;
        break;
      }
      x0 = Math.min(x0, q[0]);
      y0 = Math.min(y0, q[1]);
      x1 = Math.max(x1, q[0]);
      y1 = Math.max(y1, q[1]);
    }
    if (behind) [x0, y0, x1, y1] = [0, 0, w, h];
    // Lines bow under distortion: pad beyond the projected corners.
    const pad = 3 + 0.05 * Math.max(x1 - x0, y1 - y0);
    const ax = Math.max(0, Math.floor((x0 - pad) / TILE));
    const ay = Math.max(0, Math.floor((y0 - pad) / TILE));
    const bx = Math.min(tx - 1, Math.floor((x1 + pad) / TILE));
    const by = Math.min(ty - 1, Math.floor((y1 + pad) / TILE));
    for (let y = ay; y <= by; y++) for (let x = ax; x <= bx; x++) (tiles[y * tx + x] as Primitive[]).push(p);
  }
  return tiles;
}
