import { allowanceFor } from '../../core/mechanics/unit-state.js';
import type { Position } from '../api/game-events.js';
import type { GameState } from './game-state.js';
import { tableRanges } from './table-geometry.js';

/**
 * Why a hand move in play breaks the rules, or null: a model of the player not acting now, a
 * model its state keeps still (lying, «не может двигаться», «пропускает ход»), or farther than
 * its speed after terrain (the engine's move check, the same as the overlay's). The referee may
 * override; camera positions are facts and never checked.
 */
export function moveRefusal(state: GameState, moved: readonly Position[]): string | null {
  if (state.phase !== 'play') return null;
  for (const p of moved) {
    const m = state.models.get(p.id);
    if (!m?.pos || Math.hypot(p.xMm - m.pos.xMm, p.yMm - m.pos.yMm) < 1) continue;
    if (m.spec.player !== state.active) return `${m.spec.name}: not this player's turn`;
    const since = state.rules.models[m.spec.id]?.next_turn_since ?? null;
    const allowance = allowanceFor(m.destroyed ? 'destroyed' : m.nextTurn, since === null ? 0 : Math.floor((state.turn - since) / 2));
    if (!allowance.move || m.fallen || m.destroyed) return `${m.spec.name}: may not move this turn`;
  }
  // The table as it would stand after the move, measured by the engine.
  const after: GameState = { ...state, models: new Map([...state.models].map(([id, m]) => {
    const p = moved.find((x) => x.id === id);
    return [id, p ? { ...m, pos: { xMm: p.xMm, yMm: p.yMm } } : m];
  })) };
  const table = tableRanges(after);
  if (!table?.ok) return null;
  for (const mv of table.ranges.moves) {
    if (mv.ok || !moved.some((p) => p.id === mv.id)) continue;
    return `${state.models.get(mv.id)?.spec.name ?? mv.id}: farther than its speed allows`;
  }
  return null;
}
