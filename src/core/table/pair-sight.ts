import { traceClasses } from './sight-classes.js';
import { holds, traceSilhouette } from './sight-silhouette.js';
import type { Table, TableModel } from './table.js';
import type { Nearby } from './table-index.js';

export type LineOfSight = 'clear' | 'partial' | 'blocked';

export interface PairSight {
  lineOfSight: LineOfSight;
  visibleFraction: number;
  /** The system's cover effect on this shot (e.g. `accuracy-2`, `armour+1`), or null. */
  cover: string | null;
}

/** Sight and cover between one shooter and one target by the system's sight and cover rules. */
export function pairSight(table: Table, shooter: TableModel, target: TableModel, steps: number, nearby: Nearby, naive = false): PairSight {
  const sight = table.rules.sight.value;
  const coverRule = table.rules.cover.value;
  if (sight.method === 'size-classes') {
    const r = traceClasses(table, shooter, target, nearby, {
      columns: sight.columns,
      greyZoneDepthMm: sight.grey_zone_depth_steps * table.stepMm,
      infantryHidesRatio: sight.infantry_hides_up_to_height_ratio,
    }, naive);
    const visibleFraction = r.visible / r.total;
    const lineOfSight: LineOfSight = r.visible === 0 ? 'blocked' : r.visible === r.total && !r.cover ? 'clear' : 'partial';
    const effect = coverRule.rule === 'size-classes' ? coverRule.effect : 'cover';
    return { lineOfSight, visibleFraction, cover: lineOfSight !== 'blocked' && r.cover ? effect : null };
  }
  const r = traceSilhouette(table, shooter, target, nearby, {
    columns: sight.columns,
    rows: sight.rows,
    greyZoneSeeMm: sight.grey_zone_see_steps * table.stepMm,
  }, naive);
  const visibleFraction = r.visible / r.total;
  const lineOfSight: LineOfSight = visibleFraction < sight.hidden_below_fraction - 1e-9 || r.visible === 0 ? 'blocked' : r.visible === r.total ? 'clear' : 'partial';
  if (lineOfSight === 'blocked') return { lineOfSight, visibleFraction, cover: null };
  if (coverRule.rule === 'hidden-fraction') {
    const hidden = 1 - visibleFraction > coverRule.over_hidden_fraction + 1e-9;
    const farEnough = coverRule.beyond_steps === null || steps > coverRule.beyond_steps + 1e-9;
    return { lineOfSight, visibleFraction, cover: hidden && farEnough ? coverRule.effect : null };
  }
  if (coverRule.rule === 'cover-class') {
    // The best cover among what hides part of the target and what it stands in.
    let best: { rank: number; effect: string } | null = null;
    const candidates = [...r.hidingPieces, ...nearby.pieces.filter((p) => p.cover.hides && holds(p, target))];
    for (const p of candidates) {
      if (p.cover.effect !== null && (!best || p.cover.rank > best.rank)) best = { rank: p.cover.rank, effect: p.cover.effect };
    }
    return { lineOfSight, visibleFraction, cover: best?.effect ?? null };
  }
  return { lineOfSight, visibleFraction, cover: lineOfSight === 'partial' ? coverRule.effect : null };
}
