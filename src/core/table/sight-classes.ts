import { clipSegmentToCircle, clipSegmentToRing, distanceToBoundaryMm, segmentHitsBox, unitDirection } from './polygon.js';
import { holds, isOwnUnit } from './sight-silhouette.js';
import type { Table, TableModel, TablePiece } from './table.js';
import type { Nearby } from './table-index.js';

export interface ClassSight {
  /** Sight lines (across the target's base) not stopped, of `total`. */
  visible: number;
  total: number;
  /** Some sight line that reaches the target does so through cover. */
  cover: boolean;
}

export interface ClassSightSettings {
  columns: number;
  greyZoneDepthMm: number;
  infantryHidesRatio: number;
}

type Verdict = 'none' | 'cover' | 'blocked';

const worse = (a: Verdict, b: Verdict): Verdict => (a === 'blocked' || b === 'blocked' ? 'blocked' : a === 'cover' || b === 'cover' ? 'cover' : 'none');

/**
 * A piece by Звездный Десант's size classes. Grey zones (woods, ruins) let infantry be seen up to
 * a depth and hide it deeper or behind; a small grey zone only ever covers. A solid piece the
 * shooter stands in is its firing position, and one the target stands in covers instead of hiding.
 */
function pieceVerdict(p: TablePiece, shooter: TableModel, target: TableModel, shooterIn: boolean, targetIn: boolean, s: ClassSightSettings): Verdict {
  const infantryTarget = target.body === 'infantry';
  if (p.greyZone && p.size === 'small') return infantryTarget ? 'cover' : 'none';
  if (p.greyZone) {
    const depthOk = (m: TableModel): boolean => distanceToBoundaryMm(m.xMm, m.yMm, p.ring) <= s.greyZoneDepthMm + 1e-9;
    const shooterInfantry = shooter.body === 'infantry';
    if (shooterIn && targetIn && shooterInfantry && infantryTarget) {
      const apartMm = Math.hypot(target.xMm - shooter.xMm, target.yMm - shooter.yMm);
      return apartMm <= s.greyZoneDepthMm + 1e-9 ? 'cover' : 'blocked';
    }
    if (targetIn && infantryTarget && !shooterIn) return depthOk(target) ? 'cover' : 'blocked';
    if (shooterIn && shooterInfantry && !targetIn) return depthOk(shooter) ? 'none' : 'blocked';
    if (!shooterIn && !targetIn && infantryTarget) return 'blocked'; // on different sides of it
  }
  if (shooterIn) return 'none';
  const bySize: Verdict = p.size === 'large' ? 'blocked' : p.size === 'medium' ? (infantryTarget ? 'blocked' : 'cover') : infantryTarget ? 'cover' : 'none';
  if (targetIn && bySize === 'blocked') return p.size === 'large' ? 'none' : 'cover';
  return bySize;
}

/** A model in the way: vehicles (wrecks too) always; enemy infantry up to a multiple of its height. */
function modelBlocks(m: TableModel, shooter: TableModel, target: TableModel, s: ClassSightSettings): boolean {
  if (isOwnUnit(m, shooter, target)) return false;
  if (m.body === 'vehicle') return true;
  if (m.player === shooter.player) return false;
  return target.heightMm <= m.heightMm * s.infantryHidesRatio + 1e-9;
}

/** Sight lines run on the table from the shooter's centre to points across the target's base. */
export function traceClasses(_table: Table, shooter: TableModel, target: TableModel, nearby: Nearby, s: ClassSightSettings, naive = false): ClassSight {
  const ex = shooter.xMm;
  const ey = shooter.yMm;
  const [dx, dy] = unitDirection(ex, ey, target.xMm, target.yMm);
  const pieces = nearby.pieces.filter((p) => p.cover.hides);
  const holdsShooter = pieces.map((p) => holds(p, shooter));
  const holdsTarget = pieces.map((p) => holds(p, target));
  const holdsEither = pieces.map((_, k) => (holdsShooter[k] as boolean) || (holdsTarget[k] as boolean));
  const verdicts = pieces.map((p, k) => pieceVerdict(p, shooter, target, holdsShooter[k] as boolean, holdsTarget[k] as boolean, s));
  const blockers = nearby.models.filter((m) => modelBlocks(m, shooter, target, s));
  let visible = 0;
  let cover = false;
  for (let i = 0; i < s.columns; i++) {
    const offsetMm = target.radiusMm * (-1 + (2 * i + 1) / s.columns);
    const px = target.xMm - dy * offsetMm;
    const py = target.yMm + dx * offsetMm;
    let verdict: Verdict = 'none';
    for (let k = 0; k < pieces.length && verdict !== 'blocked'; k++) {
      const p = pieces[k] as TablePiece;
      const v = verdicts[k] as Verdict;
      if (v === 'none') continue;
      const inside = holdsEither[k] as boolean;
      if (!inside && !naive && !segmentHitsBox(ex, ey, px, py, p.box)) continue;
      if (inside || clipSegmentToRing(ex, ey, px, py, p.ring, p.convexTurn).length > 0) verdict = worse(verdict, v);
    }
    for (let k = 0; k < blockers.length && verdict !== 'blocked'; k++) {
      const m = blockers[k] as TableModel;
      if (clipSegmentToCircle(ex, ey, px, py, m.xMm, m.yMm, m.radiusMm)) verdict = 'blocked';
    }
    if (verdict === 'blocked') continue;
    visible++;
    if (verdict === 'cover') cover = true;
  }
  return { visible, total: s.columns, cover };
}
