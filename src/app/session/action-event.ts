import type { GameEventInput as RulesEvent } from '../../core/game/index.js';
import type { GameEvent } from '../api/game-events.js';
import type { ActionResultView } from '../api/view.js';

/** A rolled table action as the journal holds it. */
export type TableActionEvent = Extract<GameEvent, { type: 'table-action-resolved' }>;

/**
 * The engine event that replays a rolled table action: typed dice are handed in, virtual ones are
 * rolled again by the game's seeded generator (so it advances exactly as it did); the actor is
 * named so the turn structure counts the action, the override as it was given.
 */
export function tableActionRulesEvent(e: TableActionEvent): RulesEvent {
  return {
    type: 'action-resolved',
    action: e.action,
    input: e.input,
    ...(e.dice === 'physical' ? { dice: e.diceUsed } : {}),
    targets: e.targets,
    actor: e.actorId,
    ...(e.override ? { override: true as const } : {}),
  };
}

type Plain = Record<string, string | number | boolean | null>;

function plain(part: unknown): Plain {
  const out: Plain = {};
  if (part === null || typeof part !== 'object') return out;
  for (const [k, v] of Object.entries(part)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v as string | number | boolean | null;
  return out;
}

/** The part of an output a target path names (`""` the whole, `victims.b3` inside a part). */
function partAt(output: Record<string, unknown>, path: string): unknown {
  if (path === '') return output;
  let at: unknown = output;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return null;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** What the screen shows of one rolled table action: per model, what its part says. */
export function tableActionView(seq: number, turn: number, e: TableActionEvent): ActionResultView {
  const outcomes = Object.entries(e.targets).map(([path, modelId]) => ({ modelId, outcome: plain(partAt(e.output, path)) }));
  return { seq, turn, action: e.action, actorId: e.actorId, targets: e.targets, dice: e.dice, diceUsed: e.diceUsed, odds: e.odds, harmKey: e.harmKey, outcomes, override: e.override === true };
}
