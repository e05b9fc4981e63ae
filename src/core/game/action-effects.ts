import { combineStates, NEXT_TURN_STATES, type NextTurnState } from '../mechanics/unit-state.js';
import type { ModelState } from './state.js';

/** Стальная война: a unit carries at most three suppression markers. */
const MAX_SUPPRESSION = 3;

const isNextTurnState = (v: unknown): v is NextTurnState => typeof v === 'string' && (NEXT_TURN_STATES as readonly string[]).includes(v);

/**
 * What one part of an action's output does to the model it lands on. The fields are those of
 * the `shagomer resolve` contract, so every system's actions apply without a table per action:
 * `damage` / `destroyed` / `fallen` (totals afterwards), `next_turn` or `state` (combined with a
 * pending state, never erasing it), wound `markers`
 * with `models_left` or `killed`, Стальная война's `result` (suppressed / casualties / killed),
 * a casualty's `out_of_action` and `later` (a wounded robot stands, but shoots), the
 * `suppression` markers an unsuppress test leaves, and `panic` (the unit skips its next turn).
 */
export function applyOutput(model: ModelState, output: Record<string, unknown>, turnNumber: number): ModelState {
  const m: ModelState = { ...model };
  const { damage, destroyed, fallen, markers, models_left: modelsLeft, killed, result } = output;
  if (typeof damage === 'number') m.damage = damage;
  if (typeof fallen === 'boolean') m.fallen = fallen;
  if (typeof markers === 'number') m.markers = markers;
  if (typeof modelsLeft === 'number') m.figures_left = modelsLeft;
  else if (typeof killed === 'number') m.figures_left = Math.max(0, m.figures_left - killed);
  if (result === 'suppressed' || result === 'casualties') m.suppression = Math.min(MAX_SUPPRESSION, m.suppression + 1);
  if (result === 'killed') m.figures_left = Math.max(0, m.figures_left - 1);
  // Стальная война: a casualty out of action (wounded infantry, a destroyed robot) leaves the unit
  // as a kill does; the unsuppress test gives the markers left.
  else if (output.out_of_action === true) m.figures_left = Math.max(0, m.figures_left - 1);
  if (typeof output.suppression === 'number') m.suppression = Math.max(0, Math.min(MAX_SUPPRESSION, output.suppression));
  const later = output.later;
  // A casualty that stops the figure but lets it shoot (a wounded robot) stands, but shoots, from now on.
  const stopped = typeof later === 'object' && later !== null && !Array.isArray(later) && (later as Record<string, unknown>).can_move === false && (later as Record<string, unknown>).can_shoot === true && output.out_of_action !== true;
  // A unit in panic (a failed panic test) forgets its orders and saves its skin: it gets no order
  // card and does nothing in its next turn, then recovers (default: the seed leaves recovery to
  // the full rulebook).
  const panicked = output.panic === true;
  const next = isNextTurnState(output.next_turn) ? output.next_turn : isNextTurnState(output.state) ? output.state : stopped ? 'stands-shoots' : panicked ? 'skip' : null;
  // State only accumulates: the output says what this action did, not what the model is now.
  const combined = next === null ? m.next_turn : combineStates(m.next_turn, next);
  if (combined !== m.next_turn) {
    m.next_turn = combined;
    m.next_turn_since = turnNumber;
  }
  if (typeof destroyed === 'boolean') m.destroyed = destroyed;
  if (m.figures_left === 0) m.destroyed = true;
  if (m.destroyed) {
    m.figures_left = 0;
    m.next_turn = 'destroyed';
    m.next_turn_since = m.next_turn_since ?? turnNumber;
  }
  return m;
}
