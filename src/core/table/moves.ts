import { stepsFor } from '../measure/measure.js';
import { clipSegmentToPolygon, pointInPolygon, segmentHitsBox, type PointMm } from './polygon.js';
import type { ClimbRules } from './table-rules.js';
import type { Table, TableModel, TablePiece } from './table.js';
import { blocksMove, mobilityEffect } from './terrain-effects.js';

export interface MoveCheck {
  movedMm: number;
  /** The straight move in steps, by the system's rounding. */
  steps: number;
  /** Steps plus climbing costs. */
  costSteps: number;
  /** Speed after terrain: minus difficult terrain (Звездный Десант) or divided (Стальная война). */
  allowedSteps: number;
  ok: boolean;
}

const EPS = 1e-9;

/** Pieces the straight move starts in or passes through, with where along it they lie. */
function touched(from: PointMm, to: PointMm, p: TablePiece): { startsIn: boolean; endsIn: boolean; spans: number[] } | null {
  if (!segmentHitsBox(from[0], from[1], to[0], to[1], p.box)) return null;
  const spans = clipSegmentToPolygon(from[0], from[1], to[0], to[1], p.ring);
  const startsIn = pointInPolygon(from[0], from[1], p.ring);
  const endsIn = pointInPolygon(to[0], to[1], p.ring);
  if (spans.length === 0 && !startsIn && !endsIn) return null;
  return { startsIn, endsIn, spans };
}

/**
 * Climbing along the straight path over stand-on pieces: the ground level changes where the path
 * enters or leaves them. Returns the extra steps, or null when a climb or drop is too high.
 */
function climbCost(from: PointMm, to: PointMm, movedMm: number, pieces: readonly TablePiece[], climb: ClimbRules, stepMm: number): number | null {
  const standOn = pieces.filter((p) => p.movement.kind === 'stand-on' && p.heightMm > 0);
  if (standOn.length === 0) return 0;
  const cuts = new Set<number>([0, 1]);
  for (const p of standOn) for (const t of clipSegmentToPolygon(from[0], from[1], to[0], to[1], p.ring)) cuts.add(t);
  const ts = [...cuts].sort((a, b) => a - b);
  const stretches: { lengthMm: number; groundMm: number }[] = [];
  const groundAt = (t: number): number => {
    const x = from[0] + (to[0] - from[0]) * t;
    const y = from[1] + (to[1] - from[1]) * t;
    let g = 0;
    for (const p of standOn) if (pointInPolygon(x, y, p.ring)) g = Math.max(g, p.heightMm);
    return g;
  };
  if (movedMm < EPS) return 0;
  for (let k = 0; k + 1 < ts.length; k++) {
    const t0 = ts[k] as number;
    const t1 = ts[k + 1] as number;
    if (t1 - t0 < 1e-12) continue;
    const groundMm = groundAt((t0 + t1) / 2);
    const last = stretches[stretches.length - 1];
    if (last && Math.abs(last.groundMm - groundMm) < EPS) last.lengthMm += (t1 - t0) * movedMm;
    else stretches.push({ lengthMm: (t1 - t0) * movedMm, groundMm });
  }
  let cost = 0;
  for (let k = 1; k < stretches.length; k++) {
    const prev = stretches[k - 1] as { lengthMm: number; groundMm: number };
    const here = stretches[k] as { lengthMm: number; groundMm: number };
    const next = stretches[k + 1];
    // A low, narrow obstacle crossed in one bound costs nothing, up or down.
    if (next && here.groundMm > prev.groundMm && here.groundMm > next.groundMm && climb.hop_max_height_steps !== null && climb.hop_max_width_steps !== null) {
      const riseMm = here.groundMm - Math.min(prev.groundMm, next.groundMm);
      if (riseMm <= climb.hop_max_height_steps * stepMm + EPS && here.lengthMm <= climb.hop_max_width_steps * stepMm + EPS) {
        k++; // skip the way down as well
        continue;
      }
    }
    const riseMm = here.groundMm - prev.groundMm;
    if (riseMm > 0) {
      if (climb.up_max_steps !== null && riseMm > climb.up_max_steps * stepMm + EPS) return null;
      cost += climb.up_per_height_steps === null ? climb.up_cost_steps : Math.ceil(riseMm / (climb.up_per_height_steps * stepMm) - 1e-6) * climb.up_cost_steps;
    } else {
      if (climb.down_max_steps !== null && -riseMm > climb.down_max_steps * stepMm + EPS) return null;
      cost += climb.down_cost_steps;
    }
  }
  return cost;
}

/** A model's move from `from_mm` to where it stands now, against its speed and the terrain. */
export function checkMove(table: Table, model: TableModel, from: PointMm): MoveCheck {
  const to: PointMm = [model.xMm, model.yMm];
  const movedMm = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const steps = stepsFor(movedMm / 10, table.distance);
  const rule = table.rules.movement.value;
  let legal = true;
  let penaltySteps = 0;
  let divisor = 1;
  const crossed: TablePiece[] = [];
  for (const p of table.pieces) {
    const t = touched(from, to, p);
    if (!t) continue;
    crossed.push(p);
    if (blocksMove(p, model.kindRules, model.kind, table.rules)) {
      legal = false;
      continue;
    }
    const m = p.movement;
    if (m.kind === 'difficult') {
      // Slopes slow only the way up: entering from outside climbs it; leaving it goes down.
      if (!m.uphill_only || !t.startsIn) penaltySteps += m.penalty_steps;
    } else if (m.kind === 'by-mobility' && rule.rule === 'divide') {
      const effect = mobilityEffect(p, model.kindRules, model.kind);
      if (effect !== 'easy' && effect !== 'impassable') divisor = Math.max(divisor, rule.divisors[effect]);
    }
  }
  let costSteps = steps;
  if (table.climb) {
    const extra = climbCost(from, to, movedMm, crossed, table.climb, table.stepMm);
    if (extra === null) legal = false;
    else costSteps += extra;
  }
  const allowedSteps = divisor > 1 ? Math.floor(model.speedSteps / divisor + 1e-9) : Math.max(0, model.speedSteps - penaltySteps);
  return { movedMm, steps, costSteps, allowedSteps, ok: legal && costSteps <= allowedSteps + 1e-9 };
}
