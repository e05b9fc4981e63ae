import type { DistanceRules } from './distance-rules.js';

export interface Measurement {
  /** Whole steps under a tolerance rule, else the exact quotient. */
  steps: number;
  /** The band id, or null where the system has no fixed bands. */
  band: string | null;
  close_combat: boolean;
}

const EPS = 1e-9;

/** Steps by the system's rounding: Вторжение rounds a remainder over 1 cm up. */
export function stepsFor(distanceCm: number, rules: DistanceRules): number {
  const unit = rules.unit_cm.value;
  if (rules.rounding.value === 'none') return distanceCm / unit;
  const whole = Math.floor(distanceCm / unit + EPS);
  const remainder = distanceCm - whole * unit;
  const tolerance = rules.tolerance_cm?.value ?? 0;
  return remainder <= tolerance + EPS ? whole : whole + 1;
}

/** Distance rounded to the nearest whole cm, halves up (40.5 → 41), for band tables. */
export function roundCm(distanceCm: number): number {
  return Math.floor(distanceCm + 0.5 + EPS);
}

export interface Band {
  id: string;
  to_hit: number | null;
}

export function bandFor(distanceCm: number, rules: DistanceRules): Band | null {
  const bands = rules.bands?.value;
  if (!bands) return null;
  const cm = roundCm(distanceCm);
  let found: Band | null = null;
  for (const b of bands) if (cm >= b.from_cm) found = { id: b.id, to_hit: b.to_hit };
  return found;
}

export function inCloseCombat(distanceCm: number, rules: DistanceRules): boolean {
  const cc = rules.close_combat.value;
  const d = cc.unit === 'cm' ? distanceCm : distanceCm / rules.unit_cm.value;
  return cc.inclusive ? d <= cc.max + EPS : d < cc.max - EPS;
}

export function measure(distanceCm: number, rules: DistanceRules): Measurement {
  return {
    steps: stepsFor(distanceCm, rules),
    band: bandFor(distanceCm, rules)?.id ?? null,
    close_combat: inCloseCombat(distanceCm, rules),
  };
}
