import { FieldError } from '../../validation/field-error.js';
import type { BronepekhotaData, BronepekhotaUnitType, TargetKind } from './data-schema.js';
import { unitStatus, unitTypeOf, type RealShotResult } from './real-shot.js';

/** A struck model's damage track after a virtual hit or a close-combat blow. */
export interface TrackOutcome extends RealShotResult {
  /** Damage this action added (the game adds it; `damage` is the total afterwards). */
  damage_added: number;
}

/** The unit type of a model: given, or the one type its kind implies (any cyborg or alien). */
export function typeForKind(kind: TargetKind, unitType: string | undefined, field: string, data: BronepekhotaData): { id: string; type: BronepekhotaUnitType } {
  const id = unitType ?? (kind === 'infantry' ? 'infantry' : kind === 'cyborg' || kind === 'alien' ? 'cyborg' : undefined);
  if (id === undefined) throw new FieldError(`${field}.unit_type`, `is missing (a ${kind} needs its unit type to count damage: ${Object.keys(data.unit_types).join(', ')})`);
  const type = unitTypeOf(id, data, `${field}.unit_type`);
  if ((kind === 'infantry') !== (type.kind.value === 'infantry')) {
    throw new FieldError(`${field}.kind`, `"${kind}" does not fit unit type "${id}" (${type.kind.value})`);
  }
  return { id, type };
}

/** Checks the damage a model already has against its type's maximum. */
export function checkDamage(type: BronepekhotaUnitType, id: string, damage: number, field: string): void {
  if (damage >= type.max_damage.value) throw new FieldError(`${field}.damage`, `must be less than ${type.max_damage.value} (the ${id} is already destroyed)`);
}

/**
 * A virtual hit or a close-combat blow on a model with a damage track: infantry is killed
 * (its whole track), a vehicle, gun, cyborg or alien takes the ruleset's 1 damage, and its
 * state follows from the total (critical, maximum).
 */
export function strike(type: BronepekhotaUnitType, before: number, struck: boolean, perHit: number): TrackOutcome {
  const added = !struck ? 0 : type.kind.value === 'infantry' ? type.max_damage.value - before : perHit;
  return { damage_added: added, ...unitStatus(type, before + added) };
}
