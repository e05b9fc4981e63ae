import { z } from 'zod';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { BronepekhotaData } from './data-schema.js';
import { unitStatus, unitTypeOf, type UnitDamageState } from './real-shot.js';

export const AllowanceInput = z
  .object({
    unit_type: z.string().max(64),
    damage: z.int().nonnegative().default(0),
    /** The unit's own turns since it reached its critical state (0: the first one). */
    own_turns_since_critical: z.int().nonnegative().max(10_000).default(0),
  })
  .strict();

export type AllowanceInput = z.infer<typeof AllowanceInput>;

export interface Allowance {
  state: UnitDamageState;
  critical: boolean;
  move: boolean;
  shoot: boolean;
}

/**
 * What a unit may do in its turn by its damage: «стоит, но стреляет» (no move, shoots) or
 * «стреляет через ход» (shoots on every other own turn, the first of them by default).
 */
export function allowanceOf(state: UnitDamageState, ownTurnsSince: number, data: BronepekhotaData): { move: boolean; shoot: boolean } {
  const c = data.critical_states;
  switch (state) {
    case 'normal':
      return { move: true, shoot: true };
    case 'stands-shoots':
      return { move: c.stands_shoots_moves.value, shoot: true };
    case 'shoots-every-other-turn': {
      const firstShoots = c.every_other_turn_first.value === 'shoots';
      return { move: c.every_other_turn_moves.value, shoot: (ownTurnsSince % 2 === 0) === firstShoots };
    }
    case 'destroyed':
      return { move: false, shoot: false };
  }
}

export function resolveAllowance(input: AllowanceInput, _dice: unknown, data: BronepekhotaData): Allowance {
  const type = unitTypeOf(input.unit_type, data, 'unit_type');
  if (input.damage > type.max_damage.value) throw new FieldError('damage', `must be at most ${type.max_damage.value} (the maximum of a ${input.unit_type})`);
  const s = unitStatus(type, input.damage);
  return { state: s.state, critical: s.critical, ...allowanceOf(s.state, input.own_turns_since_critical, data) };
}

export const allowanceAction = defineAction({ input: AllowanceInput, resolve: resolveAllowance });
