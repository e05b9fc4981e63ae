/**
 * A unit's pool of wound markers (Звездный Десант): one figure dies per whole `woundsPerModel`
 * (СТК); what is short of a whole СТК stays on the unit and adds up with later wounds. Only
 * `eligible` figures (in range, in sight, not behind an obstacle) can die; deaths beyond them
 * are discarded with their markers, so the leftover is always the remainder of one СТК.
 */
export interface WoundPool {
  woundsPerModel: number;
  markers: number;
  models: number;
  /** Figures that may be removed (≤ models). */
  eligible: number;
}

export interface WoundPoolResult {
  killed: number;
  /** Markers on the unit afterwards (0 once the unit is gone). */
  markers: number;
  models_left: number;
  /** Markers thrown away because no eligible figure was left to take them. */
  discarded: number;
}

export function addWounds(pool: WoundPool, wounds: number): WoundPoolResult {
  const total = pool.markers + wounds;
  const deaths = Math.floor(total / pool.woundsPerModel);
  const killed = Math.min(deaths, pool.eligible, pool.models);
  const modelsLeft = pool.models - killed;
  const remainder = total - deaths * pool.woundsPerModel;
  const markers = modelsLeft === 0 ? 0 : remainder;
  return { killed, markers, models_left: modelsLeft, discarded: total - killed * pool.woundsPerModel - markers };
}
