import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { damageStatus, type DamageTrack } from '../../mechanics/damage-track.js';
import type { NextTurnState } from '../../mechanics/unit-state.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import { TargetKind, type BronepekhotaData, type BronepekhotaUnitType } from './data-schema.js';

export const RealShotInput = z
  .object({
    target: z.object({ kind: TargetKind, unit_type: z.string(), damage: z.int().nonnegative().default(0) }).strict(),
    hit: z.boolean(),
    ricochet: z.boolean().default(false),
    fell: z.boolean(),
  })
  .strict();

export type RealShotInput = z.infer<typeof RealShotInput>;

export type UnitDamageState = Extract<NextTurnState, 'normal' | 'stands-shoots' | 'shoots-every-other-turn' | 'destroyed'>;

export interface RealShotResult {
  damage: number;
  destroyed: boolean;
  critical: boolean;
  state: UnitDamageState;
}

/** A unit type of the data (a club's file may add its own); unknown ids are the input's fault. */
export function unitTypeOf(id: string, data: BronepekhotaData, field = 'target.unit_type'): BronepekhotaUnitType {
  const t = Object.hasOwn(data.unit_types, id) ? data.unit_types[id] : undefined;
  if (!t) throw new FieldError(field, `unknown unit type "${id}" (known: ${Object.keys(data.unit_types).join(', ')})`);
  return t;
}

export function trackOf(type: BronepekhotaUnitType): DamageTrack {
  return { max: type.max_damage.value, critical: type.critical_damage.value };
}

/** The unit's state at a damage total: destroyed at max, its type's critical state at critical. */
export function unitStatus(type: BronepekhotaUnitType, damage: number): RealShotResult {
  const s = damageStatus(trackOf(type), damage);
  const state: UnitDamageState = s.destroyed ? 'destroyed' : s.critical ? type.critical_state.value : 'normal';
  return { damage: s.damage, destroyed: s.destroyed, critical: s.critical, state };
}

/**
 * A spring-launcher hit counts only without a ricochet (default: a ricochet counts nothing even
 * if the model fell). Infantry that falls is killed, standing it is unharmed (default); other
 * units take 1 damage, or 3 in total when they fall (default: not 1 + 3).
 */
export function resolveRealShot(input: RealShotInput, _dice: Dice, data: BronepekhotaData): RealShotResult {
  const type = unitTypeOf(input.target.unit_type, data);
  const infantry = input.target.kind === 'infantry';
  if (infantry !== (type.kind.value === 'infantry')) {
    throw new FieldError('target.kind', `"${input.target.kind}" does not fit unit type "${input.target.unit_type}" (${type.kind.value})`);
  }
  const before = input.target.damage;
  if (before >= type.max_damage.value) {
    throw new FieldError('target.damage', `must be less than ${type.max_damage.value} (the ${input.target.unit_type} is already destroyed)`);
  }
  if (!input.hit || input.ricochet) return unitStatus(type, before);
  if (infantry) return unitStatus(type, input.fell ? type.max_damage.value : before);
  const added = input.fell ? data.real_shot.fall_damage_total.value : data.real_shot.hit_damage.value;
  return unitStatus(type, before + added);
}

export const realShotAction = defineAction({ input: RealShotInput, resolve: resolveRealShot });
