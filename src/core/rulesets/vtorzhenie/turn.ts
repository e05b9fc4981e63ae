import { canStartPhase, type PhaseCheck, type PhaseRules } from '../../mechanics/phase-sequence.js';
import { stepsFor } from '../../measure/measure.js';
import type { VtorzhenieData } from './data-schema.js';

/**
 * Вторжение's turn: the players alternate whole turns (order fixed after the first roll); in
 * his turn a player activates each of his units once, in any order; a unit does its maneuver and
 * its fire in either order, never interleaved, and may skip either.
 */
export type VtorzheniePhase = 'maneuver' | 'fire';

export const VTORZHENIE_PHASES: PhaseRules<VtorzheniePhase> = { phases: ['maneuver', 'fire'], ordered: false };

/** One player's turn in progress: which units are done and the phases of the unit acting now. */
export interface PlayerTurn {
  readonly activated: readonly string[];
  readonly current: { unit: string; phases: readonly VtorzheniePhase[] } | null;
}

export const NEW_TURN: PlayerTurn = { activated: [], current: null };

export type TurnStep = { ok: true; turn: PlayerTurn } | { ok: false; reason: string };

/** Starts a phase of `unit`; a new unit closes the previous activation for good. */
export function startPhase(turn: PlayerTurn, unit: string, phase: VtorzheniePhase): TurnStep {
  if (turn.current?.unit === unit) {
    const check: PhaseCheck = canStartPhase(VTORZHENIE_PHASES, turn.current.phases, phase);
    if (!check.ok) return check;
    return { ok: true, turn: { ...turn, current: { unit, phases: [...turn.current.phases, phase] } } };
  }
  if (turn.activated.includes(unit)) return { ok: false, reason: `unit ${unit} has already acted this turn` };
  const activated = turn.current ? [...turn.activated, turn.current.unit] : [...turn.activated];
  return { ok: true, turn: { activated, current: { unit, phases: [phase] } } };
}

/** Units of the player that have not acted yet (skipping is allowed, so this is information only). */
export function unitsYetToAct(turn: PlayerTurn, units: readonly string[]): string[] {
  const done = new Set([...turn.activated, ...(turn.current ? [turn.current.unit] : [])]);
  return units.filter((u) => !done.has(u));
}

/** A vehicle fires at most two of its weapons virtually per turn; each launcher once for real. */
export function vehicleMayFireVirtually(weaponsFiredThisTurn: readonly string[], weapon: string, data: VtorzhenieData): PhaseCheck {
  if (weaponsFiredThisTurn.includes(weapon)) return { ok: false, reason: `${weapon} has already fired this turn` };
  const limit = data.vehicle_virtual_weapons_per_turn.value;
  if (weaponsFiredThisTurn.length >= limit) return { ok: false, reason: `a vehicle uses at most ${limit} weapons per turn for virtual fire` };
  return { ok: true };
}

/**
 * A gun fires only with a friendly model within 1 step, one shot per barrel per turn.
 * `nearestFriendCm`: the distance to the closest friendly model, or null if there is none.
 */
export function gunMayFire(nearestFriendCm: number | null, barrel: number, barrelsFired: readonly number[], data: VtorzhenieData): PhaseCheck {
  if (nearestFriendCm === null || stepsFor(nearestFriendCm, data.distance) > data.guns.crew_within_steps.value) {
    return { ok: false, reason: `a gun fires only with a friendly model within ${data.guns.crew_within_steps.value} step` };
  }
  const shots = barrelsFired.filter((b) => b === barrel).length;
  if (shots >= data.guns.shots_per_barrel.value) return { ok: false, reason: `barrel ${barrel} has already fired this turn` };
  return { ok: true };
}
