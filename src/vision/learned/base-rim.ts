/**
 * A standing model's base centre from its rim: the learned detector places a model to a few
 * millimetres (its heat lives on 8 or 16 mm cells, and a figure's body leaning away from the
 * camera drags it); the base itself is a disc whose rim the camera sees as a circle on the
 * table. Around the detector's point, a small patch of the table plane (1.5 mm cells, sampled
 * through the lens model) gives colour edges; each edge votes for the centres along its
 * gradient (circle Hough with the radius free). Around each of the strongest centres near the
 * point, the radius is the most common distance of the edges facing it and a least-squares
 * circle through those edges (each placed to a fraction of a cell along its gradient) gives a
 * centre; of the circles so seen, the one whose rim is seen most of the way round is the base
 * (a figure's own curves make arcs: a shield, a helmet, a bright sash that outvotes a faint
 * rim). A rim that is not there (no base, a base the mat's colour, a fallen model) finds too
 * little of a circle and leaves the point as it was.
 *
 * Seen from above, the side of the base facing the camera's nadir is its foot (z = 0); the far
 * side's outline is its top edge, pushed outward by the base's height times the ray's tilt
 * (under 2 mm): the fit leans on the near half, as the geometric detector's does.
 */
import { projectTablePlaneInto, type CameraIntrinsics, type CameraPose } from '../camera-model.js';
import type { RgbaImage } from '../image.js';
import { kasaFit } from '../objects/circle-fit.js';

export interface RimOptions {
  /** How far from the detector's point the centre may lie (mm). */
  searchMm: number;
  /** Base radii looked for (mm): 16–60 mm bases. */
  minRadiusMm: number;
  maxRadiusMm: number;
  /** Share of 32 directions around the circle where the rim must be seen. */
  minSupport: number;
  /** Largest RMS distance of the rim's edges from the fitted circle (mm). */
  maxRmsMm: number;
  /** Weaker colour edges (summed over RGB, per mm) are not rim. */
  minEdge: number;
  /** Nor are edges weaker than this share of the patch's strongest (a figure's paint). */
  relEdge: number;
  /** How many of the strongest Hough centres are tried, strongest first. */
  centres: number;
}

/** Two touching bases where one object was seen. */
export interface RimPairOptions {
  /** How far from the point each base centre may lie (mm). */
  searchMm: number;
  /** A base this close under the point is that object, and no pair is looked for (mm). */
  closeMm: number;
  /** The two rims' mean support (share of directions seen) at least this: one rim seen at the least and the other barely is a figure's curves, not two bases. */
  minMeanSupport: number;
}

export const DEFAULT_RIM_PAIR: RimPairOptions = { searchMm: 18, closeMm: 6, minMeanSupport: 0.625 };

export const DEFAULT_RIM: RimOptions = { searchMm: 10, minRadiusMm: 8, maxRadiusMm: 31, minSupport: 0.55, maxRmsMm: 0.8, minEdge: 12, relEdge: 0.12, centres: 8 };

export interface RimFit {
  xMm: number;
  yMm: number;
  radiusMm: number;
  /** Share of the 32 directions around the circle where the rim was seen. */
  support: number;
  rmsMm: number;
}

const CELL = 1.5;
const ACC = 0.5;
const GRID = 4;
/** Where slab() writes [a, b]: it runs for every edge and direction of every patch, and a returned pair was most of a frame's garbage. */
const span = new Float64Array(2);
/** One pixel position, for samplePatch's projections. */
const pixelAt = new Float64Array(2);

/** Buffers kept between calls, one set per patch size (a frame's objects use two): allocation was half the cost. */
type Buffers = {
  n: number;
  /** samplePatch's grid square along each axis for cell index i (row or column), and the place within it: fixed for a patch size. */
  gridCell: Int32Array;
  gridFrac: Float64Array;
  patch: Float32Array;
  mag: Float32Array;
  gx: Float32Array;
  gy: Float32Array;
  edges: Edges;
};
const scratch = new Map<number, Buffers>();
function buffers(n: number): Buffers {
  let b = scratch.get(n);
  if (b) return b;
  const cap = n * n;
  const g = Math.ceil(n / GRID) + 1;
  const gridCell = new Int32Array(n);
  const gridFrac = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const f = i / GRID;
    gridCell[i] = Math.min(g - 2, Math.floor(f));
    gridFrac[i] = f - (gridCell[i] as number);
  }
  b = {
    n,
    gridCell,
    gridFrac,
    patch: new Float32Array(3 * cap),
    mag: new Float32Array(cap),
    gx: new Float32Array(cap),
    gy: new Float32Array(cap),
    edges: { count: 0, sx: new Float32Array(cap), sy: new Float32Array(cap), dx: new Float32Array(cap), dy: new Float32Array(cap), mag: new Float32Array(cap) },
  };
  if (scratch.size >= 4) scratch.clear();
  scratch.set(n, b);
  return b;
}

/**
 * The base circle nearest (x, y), or null when no rim is seen well enough. `cameraMm` is the
 * camera's centre in table mm (the nadir's side of the base is trusted more).
 */
export function fitBaseRim(frame: RgbaImage, pose: CameraPose, k: CameraIntrinsics, cameraMm: readonly [number, number, number], xMm: number, yMm: number, o: RimOptions = DEFAULT_RIM): RimFit | null {
  return rimsAround(frame, pose, k, cameraMm, xMm, yMm, o, null).single;
}

/**
 * What the rims around a detector's point say: the base it stands on (`single`, within
 * o.searchMm), and, when no base lies close under the point (within closeMm), whether two bases
 * in contact lie there (`pair`: the detector often sees such a pair as one object between them,
 * or as one fallen): of the circles seen through the strongest Hough centres within searchMm of
 * the point, the two that touch (centres between the sum of their radii less 3 mm and plus 6 mm
 * apart), are seen well enough together (minMeanSupport), and whose contact lies nearest it.
 */
export function rimsAround(frame: RgbaImage, pose: CameraPose, k: CameraIntrinsics, cameraMm: readonly [number, number, number], xMm: number, yMm: number, o: RimOptions, pair: RimPairOptions | null): { single: RimFit | null; pair: [RimFit, RimFit] | null } {
  // The base under the point first, on the small window (most objects stop here).
  const near = rimEdges(frame, pose, k, xMm, yMm, o.searchMm, o);
  const singles = near ? circlesSeen(near, houghCentres(near, xMm, yMm, o.searchMm, o), cameraMm, o, { x: xMm, y: yMm, d: o.searchMm }) : [];
  // The rim seen all round: a figure's own curves (a shield, a helmet) make arcs, a base a circle.
  const single = singles.reduce<RimFit | null>((b, f) => (!b || f.support > b.support + 0.03 || (Math.abs(f.support - b.support) <= 0.03 && f.rmsMm < b.rmsMm) ? f : b), null);
  // A base close under the point is that model: a touching neighbour's centre lies too far from the point to be looked for here.
  if (!pair || (single && Math.hypot(single.xMm - xMm, single.yMm - yMm) <= pair.closeMm)) return { single, pair: null };
  const r = rimEdges(frame, pose, k, xMm, yMm, pair.searchMm, o);
  if (!r) return { single, pair: null };
  const seen = circlesSeen(r, houghCentres(r, xMm, yMm, pair.searchMm, o), cameraMm, o, { x: xMm, y: yMm, d: pair.searchMm });
  // Of the bases seen, the two in contact (centres their radii apart, less the overlap a fit
  // allows) whose contact lies nearest the point: one object was seen where they touch.
  let best: [RimFit, RimFit] | null = null;
  let bestD = Infinity;
  for (let i = 0; i < seen.length; i++) {
    for (let j = i + 1; j < seen.length; j++) {
      const a = seen[i] as RimFit;
      const b = seen[j] as RimFit;
      const d = Math.hypot(a.xMm - b.xMm, a.yMm - b.yMm);
      if (d < a.radiusMm + b.radiusMm - 3 || d > a.radiusMm + b.radiusMm + 6 || a.support + b.support < 2 * pair.minMeanSupport) continue;
      const mid = Math.hypot((a.xMm + b.xMm) / 2 - xMm, (a.yMm + b.yMm) / 2 - yMm);
      if (mid < bestD) {
        bestD = mid;
        best = [a, b];
      }
    }
  }
  return { single, pair: best };
}

/** The colour edges of the table plane around (x, y), wide enough for the largest base centred anywhere within searchMm; table mm. */
interface RimEdges {
  count: number;
  x: Float64Array;
  y: Float64Array;
  dx: Float32Array;
  dy: Float32Array;
  mag: Float32Array;
}

function rimEdges(frame: RgbaImage, pose: CameraPose, k: CameraIntrinsics, xMm: number, yMm: number, searchMm: number, o: RimOptions): RimEdges | null {
  const half = o.maxRadiusMm + searchMm + 3;
  const n = Math.ceil((2 * half) / CELL);
  const x0 = xMm - half;
  const y0 = yMm - half;
  const buf = buffers(n);
  if (!samplePatch(frame, pose, k, x0, y0, buf)) return null;
  const e = colourEdges(buf, o.minEdge, o.relEdge);
  if (e.count < 12) return null;
  const x = new Float64Array(e.count);
  const y = new Float64Array(e.count);
  for (let i = 0; i < e.count; i++) {
    x[i] = x0 + (e.sx[i] as number) * CELL;
    y[i] = y0 + (e.sy[i] as number) * CELL;
  }
  return { count: e.count, x, y, dx: e.dx.slice(0, e.count), dy: e.dy.slice(0, e.count), mag: e.mag.slice(0, e.count) };
}

/** Hough: each edge votes along its gradient, both ways, for centres within searchMm of (x, y), on ACC cells. */
function houghCentres(r: RimEdges, xMm: number, yMm: number, searchMm: number, o: RimOptions): { acc: Float32Array; w: number; x0: number; y0: number } {
  const W = Math.round((2 * searchMm) / ACC) + 1;
  const acc = new Float32Array(W * W);
  const cx0 = xMm - searchMm;
  const cy0 = yMm - searchMm;
  for (let e = 0; e < r.count; e++) {
    const px = r.x[e] as number;
    const py = r.y[e] as number;
    const dx = r.dx[e] as number;
    const dy = r.dy[e] as number;
    const w = r.mag[e] as number;
    for (let s = -1; s <= 1; s += 2) {
      // Only the radii whose vote lands in the window (the ray p + s r d through its square).
      slab(px - cx0, py - cy0, s * dx, s * dy, (W - 1) * ACC, o.minRadiusMm, o.maxRadiusMm);
      const ra = span[0] as number;
      const rb = span[1] as number;
      for (let rr = o.minRadiusMm + Math.max(0, Math.ceil((ra - o.minRadiusMm) / ACC)) * ACC; rr <= rb; rr += ACC) {
        const i = Math.round((px + s * rr * dx - cx0) / ACC);
        const j = Math.round((py + s * rr * dy - cy0) / ACC);
        if (i < 0 || j < 0 || i >= W || j >= W) continue;
        acc[j * W + i] = (acc[j * W + i] as number) + w;
      }
    }
  }
  return { acc, w: W, x0: cx0, y0: cy0 };
}

/**
 * The strongest centres after a 3 x 3 box, strongest first, at most `count`, each a local
 * maximum at least 2 mm from a stronger one kept. A figure's own curves (a helmet, a shield)
 * can outvote a faint rim, so more than one is tried.
 */
function strongestCentres(h: { acc: Float32Array; w: number; x0: number; y0: number }, count: number): [number, number][] {
  const { acc, w: W } = h;
  const box = new Float32Array(W * W);
  for (let j = 1; j < W - 1; j++) {
    for (let i = 1; i < W - 1; i++) {
      let v = 0;
      for (let b = -1; b <= 1; b++) for (let a = -1; a <= 1; a++) v += acc[(j + b) * W + i + a] as number;
      box[j * W + i] = v;
    }
  }
  const peaks: { i: number; v: number }[] = [];
  for (let j = 1; j < W - 1; j++) {
    for (let i = 1; i < W - 1; i++) {
      const k = j * W + i;
      const v = box[k] as number;
      if (v <= 0) continue;
      let top = true;
      for (let b = -1; b <= 1 && top; b++) for (let a = -1; a <= 1; a++) if ((a !== 0 || b !== 0) && (box[k + b * W + a] as number) > v) top = false;
      if (top) peaks.push({ i: k, v });
    }
  }
  peaks.sort((p, q) => q.v - p.v);
  const out: [number, number][] = [];
  const apart = 2 / ACC;
  for (const p of peaks) {
    const pi = p.i % W;
    const pj = Math.floor(p.i / W);
    if (out.some(([x, y]) => Math.hypot((x - h.x0) / ACC - pi, (y - h.y0) / ACC - pj) < apart)) continue;
    out.push([h.x0 + pi * ACC, h.y0 + pj * ACC]);
    if (out.length >= count) break;
  }
  return out;
}

/** The base circles seen through the strongest centres, strongest first, one per base (fits within 3 mm are one), within `within` of (x, y). */
function circlesSeen(r: RimEdges, h: { acc: Float32Array; w: number; x0: number; y0: number }, cameraMm: readonly [number, number, number], o: RimOptions, within: { x: number; y: number; d: number }): RimFit[] {
  const out: RimFit[] = [];
  for (const [x, y] of strongestCentres(h, o.centres)) {
    const f = circleThrough(r, x, y, cameraMm, o);
    if (!f || Math.hypot(f.xMm - within.x, f.yMm - within.y) > within.d || out.some((q) => Math.hypot(q.xMm - f.xMm, q.yMm - f.yMm) < 3)) continue;
    out.push(f);
  }
  return out;
}

/** The base circle through the rim edges around a Hough centre, or null when too little of a circle is seen. */
function circleThrough(r: RimEdges, startX: number, startY: number, cameraMm: readonly [number, number, number], o: RimOptions): RimFit | null {
  let cx = startX;
  let cy = startY;
  // The radius: the most common distance of the edges whose gradient points at the centre.
  const bins = Math.round((o.maxRadiusMm - o.minRadiusMm) / ACC) + 1;
  const hist = new Float32Array(bins);
  const reach = o.maxRadiusMm + 1 + 1e-6;
  for (let e = 0; e < r.count; e++) {
    const px = (r.x[e] as number) - cx;
    const py = (r.y[e] as number) - cy;
    if (px > reach || px < -reach || py > reach || py < -reach) continue;
    // A plain square root, not Math.hypot (ten times slower in V8): these loops run for every edge near each tried centre.
    const d = Math.sqrt(px * px + py * py);
    if (d < o.minRadiusMm - 1 || d > o.maxRadiusMm + 1) continue;
    const radial = Math.abs((px * (r.dx[e] as number) + py * (r.dy[e] as number)) / d);
    if (radial < 0.9) continue;
    const b = Math.round((d - o.minRadiusMm) / ACC);
    for (let t = b - 1; t <= b + 1; t++) if (t >= 0 && t < bins) hist[t] = (hist[t] as number) + (r.mag[e] as number) * (t === b ? 1 : 0.5);
  }
  let rb = 0;
  for (let t = 1; t < bins; t++) if ((hist[t] as number) > (hist[rb] as number)) rb = t;
  let radius = o.minRadiusMm + rb * ACC;

  // Least squares through the rim's edges, three times, each time keeping those near the circle.
  const use = new Uint8Array(r.count);
  const [camX, camY, camZ] = cameraMm;
  // Away from the nadir, unit; none straight under the camera.
  const awayLen = Math.hypot(cx - camX, cy - camY);
  const tilted = awayLen / Math.max(100, camZ) > 0.05;
  const ax = tilted ? (cx - camX) / awayLen : 0;
  const ay = tilted ? (cy - camY) / awayLen : 0;
  let rms = Infinity;
  let support = 0;
  for (let pass = 0; pass < 3; pass++) {
    const tol = pass === 0 ? 2 : 1.2;
    // The last fit trusts the rim's foot only: the near half and the flanks (up to 100 degrees
    // from the nadir's direction); beyond, the outline is the base's top edge pushed outward.
    const nearOnly = pass === 2 && tilted;
    const seen = new Uint8Array(32);
    let inliers = 0;
    // An edge outside the circle's square (radius + tol, and a hair) cannot be on the rim: skipped before its square root.
    const far = radius + tol + 1e-6;
    for (let e = 0; e < r.count; e++) {
      const px = (r.x[e] as number) - cx;
      const py = (r.y[e] as number) - cy;
      if (px > far || px < -far || py > far || py < -far) {
        use[e] = 0;
        continue;
      }
      const d = Math.sqrt(px * px + py * py);
      const radial = d > 0 ? Math.abs((px * (r.dx[e] as number) + py * (r.dy[e] as number)) / d) : 0;
      const away = d > 0 ? (px * ax + py * ay) / d : 0;
      const onRim = radial > 0.85 && Math.abs(d - radius) < tol && !(away > 0 && d - radius > 0.6);
      if (onRim) seen[Math.floor(((Math.atan2(py, px) + Math.PI) / (2 * Math.PI)) * 32) % 32] = 1;
      const ok = onRim && !(nearOnly && away > 0.17);
      use[e] = ok ? 1 : 0;
      if (ok) inliers++;
    }
    support = seen.reduce((acc, v) => acc + v, 0) / 32;
    if (inliers < 12) return null;
    const c = kasaFit(r.x, r.y, use);
    if (!c) return null;
    cx = c.cxMm;
    cy = c.cyMm;
    radius = c.radiusMm;
    if (radius < o.minRadiusMm - 1 || radius > o.maxRadiusMm + 1) return null;
    let ss = 0;
    for (let e = 0; e < r.count; e++) {
      if (use[e] === 0) continue;
      const px = (r.x[e] as number) - cx;
      const py = (r.y[e] as number) - cy;
      ss += (Math.sqrt(px * px + py * py) - radius) ** 2;
    }
    rms = Math.sqrt(ss / inliers);
  }
  if (support < o.minSupport || rms > o.maxRmsMm) return null;
  return { xMm: cx, yMm: cy, radiusMm: radius, support, rmsMm: rms };
}

/** The part [a, b] of [lo, hi] where the point (x, y) + r (dx, dy) lies in the square [0, size]², into span (a > b: none). */
function slab(x: number, y: number, dx: number, dy: number, size: number, lo: number, hi: number): void {
  let a = lo;
  let b = hi;
  for (let axis = 0; axis < 2; axis++) {
    const p = axis === 0 ? x : y;
    const d = axis === 0 ? dx : dy;
    if (Math.abs(d) < 1e-12) {
      if (p < 0 || p > size) {
        span[0] = 1;
        span[1] = 0;
        return;
      }
      continue;
    }
    const t0 = (0 - p) / d;
    const t1 = (size - p) / d;
    a = Math.max(a, Math.min(t0, t1));
    b = Math.min(b, Math.max(t0, t1));
  }
  span[0] = a;
  span[1] = b;
}

/** RGB of the table plane on n × n cells from (x0, y0), through the lens (pixel places interpolated from a coarse grid of exact projections). */
function samplePatch(frame: RgbaImage, pose: CameraPose, k: CameraIntrinsics, x0: number, y0: number, b: Buffers): boolean {
  const { n, patch: out, gridCell, gridFrac } = b;
  const g = Math.ceil(n / GRID) + 1;
  const gu = new Float64Array(g * g);
  const gv = new Float64Array(g * g);
  for (let j = 0; j < g; j++) {
    for (let i = 0; i < g; i++) {
      if (!projectTablePlaneInto(pose, k, x0 + (i * GRID + 0.5) * CELL, y0 + (j * GRID + 0.5) * CELL, pixelAt)) return false;
      gu[j * g + i] = pixelAt[0] as number;
      gv[j * g + i] = pixelAt[1] as number;
    }
  }
  const { width: w, height: h, data } = frame;
  // A cell's grid square and place within it depend on its row alone down and column alone across (the patch size's tables).
  for (let r = 0; r < n; r++) {
    const j = gridCell[r] as number;
    const bj = gridFrac[r] as number;
    for (let c = 0; c < n; c++) {
      const i = gridCell[c] as number;
      const bi = gridFrac[c] as number;
      const a = j * g + i;
      const u = (1 - bj) * ((1 - bi) * (gu[a] as number) + bi * (gu[a + 1] as number)) + bj * ((1 - bi) * (gu[a + g] as number) + bi * (gu[a + g + 1] as number));
      const v = (1 - bj) * ((1 - bi) * (gv[a] as number) + bi * (gv[a + 1] as number)) + bj * ((1 - bi) * (gv[a + g] as number) + bi * (gv[a + g + 1] as number));
      const ux = Math.floor(u);
      const vy = Math.floor(v);
      if (ux < 0 || vy < 0 || ux + 1 >= w || vy + 1 >= h) return false;
      const ax = u - ux;
      const ay = v - vy;
      const p = (vy * w + ux) * 4;
      const q = p + w * 4;
      for (let ch = 0; ch < 3; ch++) {
        out[(ch * n + r) * n + c] = (1 - ay) * ((1 - ax) * (data[p + ch] as number) + ax * (data[p + 4 + ch] as number)) + ay * ((1 - ax) * (data[q + ch] as number) + ax * (data[q + 4 + ch] as number));
      }
    }
  }
  return true;
}

interface Edges {
  count: number;
  /** Each edge's place (cells, along the gradient to a fraction of a cell), unit gradient and strength. */
  sx: Float32Array;
  sy: Float32Array;
  dx: Float32Array;
  dy: Float32Array;
  mag: Float32Array;
}

/** Colour edges (Sobel on R, G, B; the structure tensor's main direction), thinned to the strongest cell across each edge. */
function colourEdges(b: Buffers, minEdge: number, relEdge: number): Edges {
  const { n, patch: p, mag, gx: gxs, gy: gys } = b;
  mag.fill(0);
  const nn = n * n;
  for (let r = 1; r < n - 1; r++) {
    for (let c = 1; c < n - 1; c++) {
      let jxx = 0, jyy = 0, jxy = 0;
      for (let ch = 0; ch < 3; ch++) {
        const i0 = ch * nn + r * n + c;
        const tl = p[i0 - n - 1] as number, tc = p[i0 - n] as number, tr = p[i0 - n + 1] as number;
        const ml = p[i0 - 1] as number, mr = p[i0 + 1] as number;
        const bl = p[i0 + n - 1] as number, bc = p[i0 + n] as number, br = p[i0 + n + 1] as number;
        const gx = (tr + 2 * mr + br - tl - 2 * ml - bl) / 8;
        const gy = (bl + 2 * bc + br - tl - 2 * tc - tr) / 8;
        jxx += gx * gx;
        jyy += gy * gy;
        jxy += gx * gy;
      }
      // Largest eigenvalue and its eigenvector of [[jxx, jxy], [jxy, jyy]].
      const half = (jxx - jyy) / 2;
      const l = (jxx + jyy) / 2 + Math.sqrt(half * half + jxy * jxy);
      const i = r * n + c;
      mag[i] = Math.sqrt(l);
      let ex = jxy;
      let ey = l - jxx;
      // Along x (or y) when the tensor is diagonal.
      if (ex * ex + ey * ey < 1e-18) {
        ex = jxx >= jyy ? 1 : 0;
        ey = jxx >= jyy ? 0 : 1;
      }
      const el = 1 / Math.sqrt(ex * ex + ey * ey);
      gxs[i] = ex * el;
      gys[i] = ey * el;
    }
  }
  // Edges much weaker than the patch's strongest are texture, not a base's rim.
  let top = 0;
  for (let i = 0; i < nn; i++) if ((mag[i] as number) > top) top = mag[i] as number;
  const floor = Math.max(minEdge, relEdge * top);
  const out = b.edges;
  out.count = 0;
  // Within two cells of the border, one step along a unit gradient stays in the patch.
  const m = (c: number, r: number): number => mag[Math.round(r) * n + Math.round(c)] as number;
  for (let r = 2; r < n - 2; r++) {
    for (let c = 2; c < n - 2; c++) {
      const i = r * n + c;
      const v = mag[i] as number;
      if (v < floor) continue;
      const dx = gxs[i] as number;
      const dy = gys[i] as number;
      const a = m(c - dx, r - dy);
      const b = m(c + dx, r + dy);
      if (v < a || v < b) continue;
      // The edge's place across it: the vertex of a parabola through the three strengths.
      const den = a - 2 * v + b;
      const t = den < -1e-9 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - b)) / den)) : 0;
      const k = out.count++;
      out.sx[k] = c + 0.5 + t * dx;
      out.sy[k] = r + 0.5 + t * dy;
      out.dx[k] = dx;
      out.dy[k] = dy;
      out.mag[k] = v;
    }
  }
  return out;
}
