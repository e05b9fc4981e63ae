import type { BronepekhotaData, MovementClass } from './data-schema.js';
import { unitTypeOf } from './real-shot.js';

/** Maneuver in steps (table 1): infantry by armour, other units by how they move. */
export function maneuverSteps(unit: { unit_type: string; armour?: number }, data: BronepekhotaData): number {
  const type = unitTypeOf(unit.unit_type, data, 'unit_type');
  const movement: MovementClass = type.movement.value;
  const m = data.maneuver_steps;
  if (movement !== 'infantry') return m[movement].value;
  const rows = m.infantry_by_armour.value;
  const armour = unit.armour ?? 0;
  const row = rows.find((r) => armour <= r.max_armour) ?? rows[rows.length - 1];
  return row?.steps ?? 0;
}

/**
 * Steps a climb costs: 1 per 4 cm up (a part of 4 cm counts whole: default), 1 for going down
 * any height.
 */
export function climbCostSteps(upCm: number, goesDown: boolean, data: BronepekhotaData): number {
  const up = upCm > 0 ? Math.ceil(upCm / data.climbing.up_cm_per_step.value - 1e-9) : 0;
  return up + (goesDown ? data.climbing.down_cost_steps.value : 0);
}
