import { buildTable } from './build-table.js';
import { checkMove } from './moves.js';
import { measurePair } from './measure-pair.js';
import { pairSight, type LineOfSight } from './pair-sight.js';
import type { Table } from './table.js';
import type { TableRules } from './table-rules.js';
import { everything, TableIndex, type Nearby, type NearbySource } from './table-index.js';
import type { FieldProblem } from '../validation/issues.js';

/** One ordered pair of the `shagomer ranges` output, field for field as the contract names them. */
export interface RangePair {
  from: string;
  to: string;
  distance_mm: number;
  gap_mm: number;
  /** By the system's convention (from the head, base edge…): the tape steps, bands and attacks read. */
  measured_mm: number;
  steps: number;
  band: string | null;
  close_combat: boolean;
  line_of_sight: LineOfSight;
  visible_fraction: number;
  cover: string | null;
  in_range: Record<string, boolean>;
}

export interface RangeMove {
  id: string;
  moved_mm: number;
  steps: number;
  cost_steps: number;
  allowed_steps: number;
  ok: boolean;
}

export interface Ranges {
  pairs: RangePair[];
  moves: RangeMove[];
}

const round = (x: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(x * f) / f;
};

export interface RangesOptions {
  /** Examine every item for every ray: the baseline the index is checked and timed against. */
  naive?: boolean;
}

/** Every ordered pair of models of different players, and every model that says where it came from. */
export function computeRanges(table: Table, options: RangesOptions = {}): Ranges {
  const naive = options.naive ?? false;
  const source: NearbySource = naive ? everything(table) : new TableIndex(table);
  const pairs: RangePair[] = [];
  const count = table.models.length;
  // A→B and B→A share one corridor (grown by the larger base), so the index is asked once per pair.
  const corridors: (Nearby | undefined)[] = new Array<Nearby | undefined>(count * count);
  for (const shooter of table.models) {
    for (const target of table.models) {
      if (shooter.player === target.player) continue;
      const m = measurePair(table, shooter, target);
      const key = Math.min(shooter.index, target.index) * count + Math.max(shooter.index, target.index);
      let nearby = corridors[key];
      if (!nearby) {
        nearby = source.near([shooter.xMm, shooter.yMm], [target.xMm, target.yMm], Math.max(shooter.radiusMm, target.radiusMm));
        corridors[key] = nearby;
      }
      const sight = pairSight(table, shooter, target, m.steps, nearby, naive);
      const inRange: Record<string, boolean> = {};
      for (const w of shooter.weapons) inRange[w.name] = m.steps <= w.range_steps + 1e-9;
      pairs.push({
        from: shooter.id,
        to: target.id,
        distance_mm: round(m.distanceMm, 2),
        gap_mm: round(m.gapMm, 2),
        measured_mm: round(m.measuredMm, 2),
        steps: round(m.steps, 3),
        band: m.band,
        close_combat: m.closeCombat,
        line_of_sight: sight.lineOfSight,
        visible_fraction: round(sight.visibleFraction, 3),
        cover: sight.cover,
        in_range: inRange,
      });
    }
  }
  if (table.rules.sight.value.mutual) hideTheHidden(pairs);
  const moves: RangeMove[] = [];
  for (const model of table.models) {
    if (!model.fromMm) continue;
    const c = checkMove(table, model, model.fromMm);
    moves.push({ id: model.id, moved_mm: round(c.movedMm, 2), steps: round(c.steps, 3), cost_steps: round(c.costSteps, 3), allowed_steps: round(c.allowedSteps, 3), ok: c.ok });
  }
  return { pairs, moves };
}

/**
 * Вторжение and Бронепехота: a model fully hidden from an enemy can neither be shot by it nor
 * shoot it. The geometry is not quite symmetric (eyes sit below the top of the head), so the
 * rule is applied as stated: A→B is blocked whenever B→A is.
 */
function hideTheHidden(pairs: RangePair[]): void {
  const byKey = new Map<string, RangePair>();
  for (const p of pairs) byKey.set(`${p.from}\u0000${p.to}`, p);
  for (const p of pairs) {
    const back = byKey.get(`${p.to}\u0000${p.from}`);
    if (back && back.line_of_sight === 'blocked' && p.line_of_sight !== 'blocked') {
      p.line_of_sight = 'blocked';
      p.cover = null;
    }
  }
}

/** The whole contract: a parsed JSON scene in, the ranges or the first problem (naming the element) out. */
export function rangesForScene(raw: unknown, options: RangesOptions = {}, rules?: TableRules): { ok: true; ranges: Ranges } | { ok: false; error: FieldProblem } {
  const built = buildTable(raw, rules);
  if (!built.ok) return built;
  return { ok: true, ranges: computeRanges(built.table, options) };
}
