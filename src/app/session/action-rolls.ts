import { tryApplyEvent } from '../../core/game/index.js';
import type { Text } from '../../core/rulesets/labels.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import type { ActionDraft } from '../api/intents.js';
import { priceDraft } from './action-odds.js';
import { tableActionRulesEvent, type TableActionEvent } from './action-event.js';
import type { GameState } from './game-state.js';

export type ActionRoll = { ok: true; event: TableActionEvent } | { ok: false; problem: string; reason?: Text };

const refuse = (reason: Text): ActionRoll => ({ ok: false, problem: reason.en, reason });

/**
 * The turn structure's word on the actor acting now, for an action the system ties to no phase
 * (the engine checks those that have one when the event is applied): may it be activated, or is
 * it the unit acting already? Null when it may.
 */
function activationRefusal(state: GameState, actorId: string, action: string): Text | null {
  const system = state.created ? gameSystem(state.created.ruleset) : undefined;
  if (!system || Object.hasOwn(system.turn.actionPhases, action) || system.turn.reactions?.includes(action) === true) return null;
  if (state.rules.turn.acting === actorId) return null;
  const tried = tryApplyEvent(state.rules, { type: 'unit-activated', model_id: actorId });
  return tried.ok ? null : tried.reason;
}

/**
 * Would the turn structure let the actor take this action now? Null when it would; else its
 * reason (shown before the roll; the referee may override it).
 */
export function turnRefusal(state: GameState, actorId: string, roll: { action: string; input: Record<string, unknown>; targets: Record<string, string> }): Text | null {
  if (state.phase !== 'play') return null;
  const early = activationRefusal(state, actorId, roll.action);
  if (early) return early;
  const tried = tryApplyEvent(state.rules, { type: 'action-resolved', action: roll.action, input: roll.input, targets: roll.targets, actor: actorId });
  return !tried.ok && tried.error.field === 'turn' ? tried.reason : null;
}

/**
 * Rolls the draft through the engine's game: the input and targets of the odds on screen, the
 * dice typed from the table or rolled by the game's seeded generator. Out of turn it is refused
 * with the turn structure's reason, unless the referee overrides (journalled as such).
 */
export function rollAction(state: GameState, draft: ActionDraft | null, dice: number[] | null, override: boolean): ActionRoll {
  if (state.phase !== 'play') return { ok: false, problem: 'the game has not started' };
  if (state.ended) return { ok: false, problem: 'the game has ended' };
  if (state.openShot) return { ok: false, problem: 'a shot is already open: commit or cancel it first' };
  if (!draft) return { ok: false, problem: 'no action is being prepared: pick one first' };
  const priced = priceDraft(state, draft);
  if (!priced.roll) return { ok: false, problem: priced.view.problem ?? 'the action cannot be rolled', ...(priced.view.reason ? { reason: priced.view.reason } : {}) };
  if (!override) {
    const refused = activationRefusal(state, draft.actorId, priced.roll.action);
    if (refused) return refuse(refused);
  }
  const base: TableActionEvent = {
    type: 'table-action-resolved',
    action: priced.roll.action,
    actorId: draft.actorId,
    input: priced.roll.input,
    targets: priced.roll.targets,
    dice: dice ? 'physical' : 'virtual',
    diceUsed: dice ?? [],
    odds: priced.view.odds,
    harmKey: priced.view.harmKey,
    output: {},
    ...(override ? { override: true as const } : {}),
  };
  const tried = tryApplyEvent(state.rules, tableActionRulesEvent(base));
  if (!tried.ok) {
    if (tried.error.field === 'turn') return refuse(tried.reason);
    if (tried.error.field.startsWith('dice')) {
      // The engine's words are English: the Russian reason says what to do, not the engine's detail.
      const few = /too few dice/.test(tried.error.problem);
      const ru = few ? 'кубиков меньше, чем нужно: бросьте ещё и введите все значения' : 'кубики не подходят к этому действию: проверьте грани';
      return { ok: false, problem: `the dice do not fit: ${tried.error.problem}`, reason: { ru, en: `the dice do not fit: ${tried.error.problem}` } };
    }
    return { ok: false, problem: `engine: ${tried.error.field}: ${tried.error.problem}` };
  }
  const entry = tried.state.journal[tried.state.journal.length - 1];
  if (!entry) return { ok: false, problem: 'the engine did not resolve the action' };
  return { ok: true, event: { ...base, diceUsed: entry.dice_used, output: entry.output } };
}
