/**
 * What changed between two snapshots, in millimetres and in the game's steps (шаги): the
 * app asks "how far did it move" after a player's turn, and the answer must use the
 * system's own rounding (Вторжение rounds a remainder over 1 cm up).
 */
import { stepsFor } from '../../core/measure/measure.js';
import type { DistanceRules } from '../../core/measure/distance-rules.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import type { Snapshot, TrackedObject } from './types.js';

export interface Move {
  id: string;
  tag: number | null;
  fromMm: [number, number];
  toMm: [number, number];
  distanceMm: number;
  steps: number;
  /** Standing before, fallen after. */
  fell: boolean;
  /** Fallen before, standing after. */
  stoodUp: boolean;
}

export interface SnapshotChanges {
  moves: Move[];
  /** Ids only in the later snapshot. */
  appeared: TrackedObject[];
  /** Ids only in the earlier snapshot. */
  removed: TrackedObject[];
}

/**
 * Moves shorter than minMoveMm (the detector's noise) are not reported unless the object
 * fell or stood up.
 */
export function changesBetween(before: Snapshot, after: Snapshot, rules: DistanceRules, minMoveMm = 3): SnapshotChanges {
  const was = new Map(before.objects.map((o) => [o.id, o]));
  const now = new Map(after.objects.map((o) => [o.id, o]));
  const moves: Move[] = [];
  for (const [id, b] of now) {
    const a = was.get(id);
    if (!a) continue;
    const distanceMm = Math.hypot(b.xMm - a.xMm, b.yMm - a.yMm);
    const fell = !a.fallen && b.fallen;
    const stoodUp = a.fallen && !b.fallen;
    if (distanceMm < minMoveMm && !fell && !stoodUp) continue;
    moves.push({ id, tag: b.tag, fromMm: [a.xMm, a.yMm], toMm: [b.xMm, b.yMm], distanceMm, steps: stepsFor(distanceMm / 10, rules), fell, stoodUp });
  }
  return {
    moves,
    appeared: [...now.values()].filter((o) => !was.has(o.id)),
    removed: [...was.values()].filter((o) => !now.has(o.id)),
  };
}

/** A system's distance rules by ruleset id ('vtorzhenie', …); undefined for an unknown id. */
export function distanceRulesOf(systemId: string): DistanceRules | undefined {
  return gameSystem(systemId)?.data.distance;
}
