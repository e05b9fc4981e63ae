import { clipSegmentToCircle, clipSegmentToRing, pointInPolygon, segmentHitsBox, unitDirection } from './polygon.js';
import type { Table, TableModel, TablePiece } from './table.js';
import type { Nearby } from './table-index.js';

export interface SilhouetteSight {
  /** Sample rays that reach the target unobstructed, of `total`. */
  visible: number;
  total: number;
  /** Pieces that stopped at least one ray: what hides part of the target. */
  hidingPieces: TablePiece[];
}

export interface SilhouetteSettings {
  columns: number;
  rows: number;
  greyZoneSeeMm: number;
}

/** How one obstacle treats rays: a solid prism, a see-into grey zone, or a model's cylinder. */
interface Obstacle {
  piece: TablePiece | null;
  bottomMm: number;
  topMm: number;
  /** For grey zones, how much path under the top a ray may cross; -1 for solid. */
  seeMm: number;
  circle: TableModel | null;
}

/** Models of the shooter's and the target's own units step out of the line: they never hide. */
export function isOwnUnit(m: TableModel, shooter: TableModel, target: TableModel): boolean {
  return m.index === shooter.index || m.index === target.index || m.unit === shooter.unit || m.unit === target.unit;
}

/** Whether the model's centre is inside the piece (box first: most pieces are nowhere near). */
export function holds(p: TablePiece, m: TableModel): boolean {
  const b = p.box;
  return m.xMm >= b.minX && m.xMm <= b.maxX && m.yMm >= b.minY && m.yMm <= b.maxY && pointInPolygon(m.xMm, m.yMm, p.ring);
}

/**
 * Every ray runs between the eye and the target's silhouette, so it never dips below the lower
 * of the two nor rises above the higher: obstacles wholly outside that band are dropped unclipped.
 */
function obstaclesFor(nearby: Nearby, shooter: TableModel, target: TableModel, seeMm: number, naive: boolean): Obstacle[] {
  const out: Obstacle[] = [];
  // The naive baseline keeps them all: `rayStopped` gives the same answer, only slower.
  const lowestMm = naive ? -Infinity : Math.min(shooter.eyeZMm, target.groundMm);
  const highestMm = naive ? Infinity : Math.max(shooter.eyeZMm, target.groundMm + target.heightMm);
  for (const p of nearby.pieces) {
    if (!p.cover.hides || p.heightMm <= 0 || p.heightMm <= lowestMm) continue;
    // A model in woods, ruins, or any piece it stands in but not on, sees and is seen through its near part.
    const grey = p.greyZone || (p.movement.kind !== 'stand-on' && (holds(p, shooter) || holds(p, target)));
    out.push({ piece: p, bottomMm: 0, topMm: p.heightMm, seeMm: grey ? seeMm : -1, circle: null });
  }
  for (const m of nearby.models) {
    if (isOwnUnit(m, shooter, target) || m.groundMm + m.heightMm <= lowestMm || m.groundMm >= highestMm) continue;
    out.push({ piece: null, bottomMm: m.groundMm, topMm: m.groundMm + m.heightMm, seeMm: -1, circle: m });
  }
  return out;
}

/** The parts of the 2-D ray inside the obstacle's footprint, as t pairs. */
function footprint(o: Obstacle, ex: number, ey: number, px: number, py: number, useBox: boolean): number[] {
  if (o.circle) {
    const c = o.circle;
    const hit = clipSegmentToCircle(ex, ey, px, py, c.xMm, c.yMm, c.radiusMm);
    return hit ? hit : [];
  }
  const p = o.piece as TablePiece;
  if (useBox && !segmentHitsBox(ex, ey, px, py, p.box)) return [];
  return clipSegmentToRing(ex, ey, px, py, p.ring, p.convexTurn);
}

/**
 * For a solid obstacle and one stretch [t0, t1] of a ray's footprint: the target heights pz for
 * which the ray (eye height ez at t=0, pz at t=1) passes between the obstacle's bottom and top
 * there. z is linear in t and rises with pz, so the answer is one open interval of pz: the
 * rows of a column are then sorted against it instead of each being traced.
 */
function blockedBand(ez: number, t0: number, t1: number, bottomMm: number, topMm: number, out: Float64Array, at: number): void {
  const hi = (t: number): number => (t > 1e-12 ? ez + (topMm - ez) / t : ez < topMm ? Infinity : -Infinity);
  const lo = (t: number): number => (t > 1e-12 ? ez + (bottomMm - ez) / t : ez > bottomMm ? -Infinity : Infinity);
  out[at] = Math.min(lo(t0), lo(t1));
  out[at + 1] = Math.max(hi(t0), hi(t1));
}

const inBand = (pz: number, low: number, high: number): boolean => pz > low + 1e-9 && pz < high - 1e-9;

/** Grey zones: whether the ray runs further under the top inside these stretches than one may see. */
function greyStops(o: Obstacle, spans: number[], ez: number, pz: number, rayLenMm: number): boolean {
  let underMm = 0;
  for (let k = 0; k + 1 < spans.length; k += 2) {
    const t0 = spans[k] as number;
    const t1 = spans[k + 1] as number;
    const z0 = ez + (pz - ez) * t0;
    const z1 = ez + (pz - ez) * t1;
    if (Math.min(z0, z1) >= o.topMm - 1e-9 || Math.max(z0, z1) <= o.bottomMm + 1e-9) continue;
    // The stretch of this span below the top: z is linear in t, so clip t to z < top.
    let a = t0;
    let b = t1;
    if (z0 !== z1) {
      const tTop = t0 + ((o.topMm - z0) / (z1 - z0)) * (t1 - t0);
      if (z0 < z1) b = Math.min(b, tTop);
      else a = Math.max(a, tTop);
    }
    underMm += Math.max(0, b - a) * rayLenMm;
    if (underMm > o.seeMm + 1e-9) return true;
  }
  return false;
}

const band = new Float64Array(2);

/** One ray against one obstacle, from scratch: what the naive baseline does for every ray. */
function rayStopped(o: Obstacle, spans: number[], ez: number, pz: number, rayLenMm: number): boolean {
  if (o.seeMm >= 0) return greyStops(o, spans, ez, pz, rayLenMm);
  for (let k = 0; k + 1 < spans.length; k += 2) {
    blockedBand(ez, spans[k] as number, spans[k + 1] as number, o.bottomMm, o.topMm, band, 0);
    if (inBand(pz, band[0] as number, band[1] as number)) return true;
  }
  return false;
}

/**
 * Rays from the shooter's eye to a grid over the target's silhouette (its base width across
 * the sight line, its height up). Every ray of one column shares its footprint on the table, so
 * the indexed tracer clips each obstacle once per column and turns solid ones into bands of
 * blocked heights; `naive` clips and tests every obstacle again for every ray, without the box
 * test, the baseline the bench times.
 */
export function traceSilhouette(table: Table, shooter: TableModel, target: TableModel, nearby: Nearby, s: SilhouetteSettings, naive = false): SilhouetteSight {
  const obstacles = obstaclesFor(nearby, shooter, target, s.greyZoneSeeMm, naive);
  const total = s.columns * s.rows;
  if (obstacles.length === 0) return { visible: total, total, hidingPieces: [] };
  const ex = shooter.xMm;
  const ey = shooter.yMm;
  const ez = shooter.eyeZMm;
  const [dx, dy] = unitDirection(ex, ey, target.xMm, target.yMm);
  const nx = -dy;
  const ny = dx;
  let hiding: Set<TablePiece> | null = null;
  const hide = (p: TablePiece): void => {
    hiding ??= new Set<TablePiece>();
    hiding.add(p);
  };
  let visible = 0;
  const zs: number[] = [];
  for (let j = 0; j < s.rows; j++) zs.push(target.groundMm + (target.heightMm * (j + 0.5)) / s.rows);
  for (let i = 0; i < s.columns; i++) {
    const offsetMm = target.radiusMm * (-1 + (2 * i + 1) / s.columns);
    const px = target.xMm + nx * offsetMm;
    const py = target.yMm + ny * offsetMm;
    const rayLenMm = Math.hypot(px - ex, py - ey);
    if (naive) {
      for (const pz of zs) {
        let clear = true;
        for (const o of obstacles) {
          const sp = footprint(o, ex, ey, px, py, false);
          if (sp.length === 0 || !rayStopped(o, sp, ez, pz, rayLenMm)) continue;
          clear = false;
          if (o.piece) hide(o.piece);
        }
        if (clear) visible++;
      }
      continue;
    }
    let bandCount = 0;
    let grey: { o: Obstacle; spans: number[] }[] | null = null;
    for (let k = 0; k < obstacles.length; k++) {
      const o = obstacles[k] as Obstacle;
      const sp = footprint(o, ex, ey, px, py, true);
      if (sp.length === 0) continue;
      if (o.seeMm >= 0) {
        (grey ??= []).push({ o, spans: sp });
        continue;
      }
      for (let q = 0; q + 1 < sp.length; q += 2) {
        if (bandCount * 3 + 3 > bands.length) {
          const grown = new Float64Array(bands.length * 2);
          grown.set(bands);
          bands = grown;
        }
        blockedBand(ez, sp[q] as number, sp[q + 1] as number, o.bottomMm, o.topMm, bands, bandCount * 3);
        bands[bandCount * 3 + 2] = k;
        bandCount++;
      }
    }
    // Nothing stands on this column's line: every row of it is seen.
    if (bandCount === 0 && grey === null) {
      visible += s.rows;
      continue;
    }
    for (const pz of zs) {
      let clear = true;
      for (let b = 0; b < bandCount; b++) {
        if (!inBand(pz, bands[b * 3] as number, bands[b * 3 + 1] as number)) continue;
        clear = false;
        const piece = (obstacles[bands[b * 3 + 2] as number] as Obstacle).piece;
        if (piece) hide(piece);
      }
      for (const g of grey ?? []) {
        if (!greyStops(g.o, g.spans, ez, pz, rayLenMm)) continue;
        clear = false;
        if (g.o.piece) hide(g.o.piece);
      }
      if (clear) visible++;
    }
  }
  const named: TablePiece[] = hiding === null ? [] : [...(hiding as Set<TablePiece>)].sort((a, b) => a.index - b.index);
  return { visible, total, hidingPieces: named };
}

/** Blocked-height bands of one column: low, high, obstacle index; grown on demand, never shrunk. */
let bands = new Float64Array(3 * 64);
