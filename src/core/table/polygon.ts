/** Plane geometry on the table, in millimetres. Polygons are simple rings, either winding. */
export type PointMm = readonly [number, number];

export interface BoxMm {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const EPS = 1e-9;

export function boxOf(points: readonly PointMm[]): BoxMm {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

export function polygonAreaMm2(ring: readonly PointMm[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as PointMm;
    const b = ring[i] as PointMm;
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(twice) / 2;
}

/** Even-odd rule; a point exactly on an edge may fall either way, callers do not rely on it. */
export function pointInPolygon(x: number, y: number, ring: readonly PointMm[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as PointMm;
    const [xj, yj] = ring[j] as PointMm;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function cross(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx;
}

function orient(a: PointMm, b: PointMm, c: PointMm): number {
  const v = cross(b[0] - a[0], b[1] - a[1], c[0] - a[0], c[1] - a[1]);
  return Math.abs(v) < EPS ? 0 : Math.sign(v);
}

function onSegment(a: PointMm, b: PointMm, p: PointMm): boolean {
  return Math.min(a[0], b[0]) - EPS <= p[0] && p[0] <= Math.max(a[0], b[0]) + EPS && Math.min(a[1], b[1]) - EPS <= p[1] && p[1] <= Math.max(a[1], b[1]) + EPS;
}

/** Closed segments ab and cd share at least one point (touching counts). */
export function segmentsTouch(a: PointMm, b: PointMm, c: PointMm, d: PointMm): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(a, b, c)) return true;
  if (o2 === 0 && onSegment(a, b, d)) return true;
  if (o3 === 0 && onSegment(c, d, a)) return true;
  if (o4 === 0 && onSegment(c, d, b)) return true;
  return false;
}

/**
 * Why a ring is not a usable terrain outline, or null. Non-adjacent edges may not touch and
 * adjacent ones may not fold back, so every piece has one inside and one outside.
 */
export function ringProblem(ring: readonly PointMm[]): string | null {
  const n = ring.length;
  if (n < 3) return 'polygon needs at least 3 corners';
  for (let i = 0; i < n; i++) {
    const a = ring[i] as PointMm;
    const b = ring[(i + 1) % n] as PointMm;
    if (Math.abs(a[0] - b[0]) < EPS && Math.abs(a[1] - b[1]) < EPS) return `polygon repeats corner ${i}`;
  }
  for (let i = 0; i < n; i++) {
    const a = ring[i] as PointMm;
    const b = ring[(i + 1) % n] as PointMm;
    for (let j = i + 1; j < n; j++) {
      const c = ring[j] as PointMm;
      const d = ring[(j + 1) % n] as PointMm;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Neighbours share one corner; overlapping along a line means the outline folds back.
        const shared = j === i + 1 ? b : a;
        const other1 = j === i + 1 ? a : b;
        const other2 = j === i + 1 ? d : c;
        if (orient(other1, shared, other2) === 0 && (onSegment(other1, shared, other2) || onSegment(shared, other2, other1))) return 'polygon intersects itself';
        continue;
      }
      if (segmentsTouch(a, b, c, d)) return 'polygon intersects itself';
    }
  }
  // After the crossing test: a bow-tie's two lobes cancel to no area and should be named for what it is.
  if (polygonAreaMm2(ring) < EPS) return 'polygon has no area';
  return null;
}

export function distanceToSegmentMm(px: number, py: number, a: PointMm, b: PointMm): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((px - a[0]) * dx + (py - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy));
}

/** How far a point lies from the outline: the depth of a model inside a piece. */
export function distanceToBoundaryMm(px: number, py: number, ring: readonly PointMm[]): number {
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    best = Math.min(best, distanceToSegmentMm(px, py, ring[j] as PointMm, ring[i] as PointMm));
  }
  return best;
}

let scratchTs = new Float64Array(64);

/**
 * The parts of segment p→q inside the polygon, as [t0, t1] pairs along 0..1. Crossing
 * parameters split the segment; each piece is inside or outside as a whole, tested at its middle.
 * Hot in every sight line, so it sorts in a scratch buffer instead of allocating.
 */
export function clipSegmentToPolygon(px: number, py: number, qx: number, qy: number, ring: readonly PointMm[]): number[] {
  const dx = qx - px;
  const dy = qy - py;
  let count = 0;
  scratchTs[count++] = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as PointMm;
    const b = ring[i] as PointMm;
    const ax = a[0];
    const ay = a[1];
    const ex = b[0] - ax;
    const ey = b[1] - ay;
    const denom = dx * ey - dy * ex;
    if (Math.abs(denom) < EPS) continue; // parallel: the middle test of neighbouring pieces decides
    const t = ((ax - px) * ey - (ay - py) * ex) / denom;
    if (t <= 0 || t >= 1) continue;
    const u = ((ax - px) * dy - (ay - py) * dx) / denom;
    if (u < -EPS || u > 1 + EPS) continue;
    if (count + 2 > scratchTs.length) {
      const grown = new Float64Array(scratchTs.length * 2);
      grown.set(scratchTs);
      scratchTs = grown;
    }
    // Insertion keeps the few crossings sorted.
    let k = count++;
    while (k > 0 && (scratchTs[k - 1] as number) > t) {
      scratchTs[k] = scratchTs[k - 1] as number;
      k--;
    }
    scratchTs[k] = t;
  }
  scratchTs[count++] = 1;
  const out: number[] = [];
  for (let k = 0; k + 1 < count; k++) {
    const t0 = scratchTs[k] as number;
    const t1 = scratchTs[k + 1] as number;
    if (t1 - t0 < 1e-12) continue;
    const tm = (t0 + t1) / 2;
    if (!pointInPolygon(px + dx * tm, py + dy * tm, ring)) continue;
    const last = out.length - 1;
    if (last > 0 && Math.abs((out[last] as number) - t0) < 1e-12) out[last] = t1;
    else out.push(t0, t1);
  }
  return out;
}

/** Whether a simple ring turns one way only: convex pieces clip faster. */
export function isConvex(ring: readonly PointMm[]): boolean {
  let sign = 0;
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i] as PointMm;
    const b = ring[(i + 1) % n] as PointMm;
    const c = ring[(i + 2) % n] as PointMm;
    const o = orient(a, b, c);
    if (o === 0) continue;
    if (sign === 0) sign = o;
    else if (o !== sign) return false;
  }
  return true;
}

/**
 * Cyrus–Beck: the part of segment p→q inside a convex ring, as [t0, t1] or empty. `turn` is
 * the ring's winding (+1 counter-clockwise). No sorting and no point tests: one pass over edges.
 */
export function clipSegmentToConvex(px: number, py: number, qx: number, qy: number, ring: readonly PointMm[], turn: number): number[] {
  const dx = qx - px;
  const dy = qy - py;
  let t0 = 0;
  let t1 = 1;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as PointMm;
    const b = ring[i] as PointMm;
    // Inside is where turn * cross(edge, point - a) > 0.
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    const num = turn * (ex * (py - a[1]) - ey * (px - a[0]));
    const den = turn * (ex * dy - ey * dx);
    if (Math.abs(den) < EPS) {
      if (num < 0) return [];
      continue;
    }
    const t = -num / den;
    if (den > 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t1 - t0 < 1e-12) return [];
  }
  return [t0, t1];
}

/** Winding of a ring: +1 counter-clockwise, -1 clockwise. */
export function ringTurn(ring: readonly PointMm[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as PointMm;
    const b = ring[i] as PointMm;
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return twice >= 0 ? 1 : -1;
}

/** Slab test: does segment p→q meet the box (grown by `padMm` on every side)? A cheap reject before exact clipping. */
export function segmentHitsBox(px: number, py: number, qx: number, qy: number, box: BoxMm, padMm = 0): boolean {
  const minX = box.minX - padMm;
  const minY = box.minY - padMm;
  const maxX = box.maxX + padMm;
  const maxY = box.maxY + padMm;
  let t0 = 0;
  let t1 = 1;
  const dx = qx - px;
  const dy = qy - py;
  if (Math.abs(dx) < EPS) {
    if (px < minX || px > maxX) return false;
  } else {
    const a = (minX - px) / dx;
    const b = (maxX - px) / dx;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
    if (t0 > t1) return false;
  }
  if (Math.abs(dy) < EPS) {
    if (py < minY || py > maxY) return false;
  } else {
    const a = (minY - py) / dy;
    const b = (maxY - py) / dy;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
    if (t0 > t1) return false;
  }
  return true;
}

/** The part of segment p→q within a circle, as [t0, t1], or null. */
export function clipSegmentToCircle(px: number, py: number, qx: number, qy: number, cx: number, cy: number, radiusMm: number): [number, number] | null {
  const dx = qx - px;
  const dy = qy - py;
  const fx = px - cx;
  const fy = py - cy;
  const a = dx * dx + dy * dy;
  const c = fx * fx + fy * fy - radiusMm * radiusMm;
  if (a < EPS) return c <= 0 ? [0, 1] : null;
  const b = 2 * (fx * dx + fy * dy);
  const disc = b * b - 4 * a * c;
  if (disc <= 0) return null;
  const s = Math.sqrt(disc);
  const t0 = Math.max(0, (-b - s) / (2 * a));
  const t1 = Math.min(1, (-b + s) / (2 * a));
  return t0 < t1 ? [t0, t1] : null;
}

/** Shortest distance between a box and segment a→b (0 when they meet). */
export function boxSegmentDistanceMm(box: BoxMm, a: PointMm, b: PointMm): number {
  if (segmentHitsBox(a[0], a[1], b[0], b[1], box)) return 0;
  const corners: PointMm[] = [
    [box.minX, box.minY],
    [box.maxX, box.minY],
    [box.maxX, box.maxY],
    [box.minX, box.maxY],
  ];
  let best = Infinity;
  for (const c of corners) best = Math.min(best, distanceToSegmentMm(c[0], c[1], a, b));
  // The segment's own ends may be nearest to a box side rather than a corner.
  for (const p of [a, b]) {
    const dx = Math.max(box.minX - p[0], 0, p[0] - box.maxX);
    const dy = Math.max(box.minY - p[1], 0, p[1] - box.maxY);
    best = Math.min(best, Math.hypot(dx, dy));
  }
  return best;
}

/** The part of segment p→q inside a piece's outline, by the fast convex clip where it applies. */
export function clipSegmentToRing(px: number, py: number, qx: number, qy: number, ring: readonly PointMm[], convexTurn: number): number[] {
  return convexTurn !== 0 ? clipSegmentToConvex(px, py, qx, qy, ring, convexTurn) : clipSegmentToPolygon(px, py, qx, qy, ring);
}

/** The unit vector from one point to another; +x when they coincide, so sight still has a side. */
export function unitDirection(fromX: number, fromY: number, toX: number, toY: number): [number, number] {
  const dx = toX - fromX;
  const dy = toY - fromY;
  const len = Math.hypot(dx, dy);
  return len < 1e-9 ? [1, 0] : [dx / len, dy / len];
}
