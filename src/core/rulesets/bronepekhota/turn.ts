import { canStartPhase, type PhaseCheck, type PhaseRules } from '../../mechanics/phase-sequence.js';
import type { BronepekhotaData } from './data-schema.js';
import { unitTypeOf } from './real-shot.js';

/**
 * Бронепехота's turn is ONE unit's three phases, in order: maneuver, attack, close combat
 * (each may be skipped); then the other player moves one unit.
 */
export type BronepekhotaPhase = 'maneuver' | 'attack' | 'close-combat';

export const BRONEPEKHOTA_PHASES: PhaseRules<BronepekhotaPhase> = { phases: ['maneuver', 'attack', 'close-combat'], ordered: true };

export interface UnitTurn {
  readonly unit: string | null;
  readonly phases: readonly BronepekhotaPhase[];
}

export const NEW_UNIT_TURN: UnitTurn = { unit: null, phases: [] };

export type UnitTurnStep = { ok: true; turn: UnitTurn } | { ok: false; reason: string };

/** Only infantry, cyborgs and aliens fight in close combat. */
export function mayCloseCombat(unitType: string, data: BronepekhotaData): boolean {
  const kind = unitTypeOf(unitType, data, 'unit_type').kind.value;
  return kind === 'infantry' || kind === 'cyborg' || kind === 'alien';
}

export function startPhase(turn: UnitTurn, unit: string, unitType: string, phase: BronepekhotaPhase, data: BronepekhotaData): UnitTurnStep {
  if (turn.unit !== null && turn.unit !== unit) return { ok: false, reason: `this turn belongs to unit ${turn.unit}: a turn is one unit's phases` };
  if (phase === 'close-combat' && !mayCloseCombat(unitType, data)) return { ok: false, reason: `a ${unitType} does not fight in close combat` };
  const check: PhaseCheck = canStartPhase(BRONEPEKHOTA_PHASES, turn.phases, phase);
  if (!check.ok) return check;
  return { ok: true, turn: { unit, phases: [...turn.phases, phase] } };
}
