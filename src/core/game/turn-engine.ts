import { initiativeOrder } from '../mechanics/initiative-order.js';
import { allowanceFor, stateAfterOwnTurn, type TurnAllowance } from '../mechanics/unit-state.js';
import type { Text } from '../rulesets/labels.js';
import type { TurnRules } from '../rulesets/turn-rules.js';
import type { Player } from './events.js';
import type { GameState, ModelState, TurnState } from './state.js';

/**
 * The turn structure of a system's `TurnRules`, enforced on the game state. Every check gives
 * the turn as it would be after the event and, when the event breaks a rule, why in words a
 * player understands: the caller refuses it, or applies it anyway under a referee's override.
 */
export interface TurnStep {
  turn: TurnState;
  broke: Text | null;
}

const other = (p: Player): Player => (p === 'A' ? 'B' : 'A');
const phaseName = (p: string, labels: Readonly<Record<string, Text>>): Text => (Object.hasOwn(labels, p) ? (labels[p] as Text) : { ru: p, en: p });

/** Is a `next_turn` state in force now (set before this turn, or a lasting damage state)? */
function stateInForce(m: ModelState, turnNumber: number): boolean {
  if (m.next_turn === 'normal') return false;
  if (m.next_turn === 'no-move' || m.next_turn === 'skip') return m.next_turn_since !== null && m.next_turn_since < turnNumber;
  return true;
}

/** What the model may do in this turn under its state. */
export function allowanceNow(s: GameState, rules: TurnRules, id: string): TurnAllowance {
  const m = s.models[id];
  if (!m) return { move: false, shoot: false };
  if (m.destroyed) return { move: false, shoot: false };
  if (!stateInForce(m, s.turn.number)) return { move: true, shoot: true };
  const since = m.next_turn_since ?? s.turn.number;
  const ownTurns = rules.order === 'initiative' ? s.turn.number - since : Math.floor((s.turn.number - since) / 2);
  return allowanceFor(m.next_turn, ownTurns);
}

/**
 * Initiative systems: the execution order of this turn, highest initiative first (core
 * mechanics `initiativeOrder`), units of both players that are still in the game.
 */
export function executionOrder(s: GameState, rules: TurnRules): string[] | null {
  if (rules.order !== 'initiative') return null;
  const units = Object.values(s.models)
    .filter((m) => !m.destroyed)
    .map((m) => ({ id: m.spec.id, player: m.spec.player, initiative: s.turn.initiative[m.spec.id] ?? 0 }));
  return initiativeOrder(units, s.turn.first_player);
}

/** The units that may be activated next (for the app to show and offer). */
export function mayActNext(s: GameState, rules: TurnRules): string[] {
  const done = new Set(s.turn.activated);
  if (rules.order === 'initiative') {
    const remaining = (executionOrder(s, rules) ?? []).filter((id) => {
      const a = allowanceNow(s, rules, id);
      return !done.has(id) && (a.move || a.shoot);
    });
    const next = remaining[0];
    if (next === undefined) return [];
    const at = s.turn.initiative[next] ?? 0;
    const owner = s.models[next]?.spec.player;
    return remaining.filter((id) => s.models[id]?.spec.player === owner && (s.turn.initiative[id] ?? 0) === at);
  }
  if (rules.order === 'one-unit' && s.turn.activated.length > 0) return [];
  return Object.values(s.models)
    .filter((m) => m.spec.player === s.turn.active_player && !m.destroyed && !done.has(m.spec.id))
    .filter((m) => {
      const a = allowanceNow(s, rules, m.spec.id);
      return a.move || a.shoot;
    })
    .map((m) => m.spec.id);
}

/** A unit begins its activation. */
export function activate(s: GameState, rules: TurnRules, id: string): TurnStep {
  const m = s.models[id] as ModelState;
  const t = s.turn;
  const turn: TurnState = { ...t, activated: t.activated.includes(id) ? t.activated : [...t.activated, id], acting: id, phases: [], active_player: rules.order === 'initiative' ? m.spec.player : t.active_player };
  const broke = activationProblem(s, rules, id);
  return { turn, broke };
}

function activationProblem(s: GameState, rules: TurnRules, id: string): Text | null {
  const m = s.models[id] as ModelState;
  const t = s.turn;
  if (m.destroyed) return { ru: `${id} уничтожен и больше не действует`, en: `${id} is destroyed and no longer acts` };
  if (t.activated.includes(id)) return { ru: `${id} уже действовал в этом ходу`, en: `${id} has already acted this turn` };
  if (rules.order !== 'initiative' && m.spec.player !== t.active_player) {
    return { ru: `${id} — отряд игрока ${m.spec.player}, а сейчас ход игрока ${t.active_player}`, en: `${id} belongs to player ${m.spec.player}; it is player ${t.active_player}'s turn` };
  }
  if (rules.order === 'one-unit' && t.activated.length > 0) {
    const first = t.activated[0] as string;
    return { ru: `этот ход уже отдан ${first}: за ход действует только один отряд`, en: `this turn already belongs to ${first}: one unit acts per turn` };
  }
  const a = allowanceNow(s, rules, id);
  if (!a.move && !a.shoot) return { ru: `${id} пропускает этот ход`, en: `${id} skips this turn` };
  if (rules.order === 'initiative') {
    const next = mayActNext(s, rules);
    if (!next.includes(id)) {
      const first = next[0];
      const at = first === undefined ? 0 : (t.initiative[first] ?? 0);
      return first === undefined
        ? { ru: `${id} не может действовать в этом ходу`, en: `${id} cannot act this turn` }
        : { ru: `сейчас по инициативе действует ${next.join(' или ')} (инициатива ${at}), ${id} — позже`, en: `by initiative ${next.join(' or ')} acts now (initiative ${at}); ${id} comes later` };
    }
  }
  return null;
}

/** A unit starts (or goes on with) one phase; a unit not acting yet is activated first. */
export function startPhase(s: GameState, rules: TurnRules, id: string, phase: string, labels: Readonly<Record<string, Text>>): TurnStep {
  let step: TurnStep = { turn: s.turn, broke: null };
  if (s.turn.acting !== id) step = activate(s, rules, id);
  const t = step.turn;
  const name = phaseName(phase, labels);
  const problem = ((): Text | null => {
    if (!rules.phases.includes(phase)) return { ru: `в этой системе нет фазы «${name.ru}»`, en: `this system has no "${name.en}" phase` };
    const last = t.phases[t.phases.length - 1];
    if (last === phase) return null;
    if (t.phases.includes(phase)) {
      const lastName = phaseName(last as string, labels);
      return { ru: `${id} уже закончил фазу «${name.ru}»: после «${lastName.ru}» к ней не вернуться`, en: `${id} has finished its ${name.en} phase: no going back to it after ${lastName.en}` };
    }
    if (rules.phasesOrdered && last !== undefined && rules.phases.indexOf(phase) < rules.phases.indexOf(last)) {
      const lastName = phaseName(last, labels);
      return { ru: `фаза «${name.ru}» идёт раньше фазы «${lastName.ru}»`, en: `the ${name.en} phase comes before the ${lastName.en} phase` };
    }
    const byOrder = orderProblem(s, rules, id, t.phases, phase, labels);
    if (byOrder) return byOrder;
    const a = allowanceNow(s, rules, id);
    if (phase === rules.movePhase && !a.move) return { ru: `${id} не может двигаться в этом ходу`, en: `${id} cannot move this turn` };
    if (rules.firePhases.includes(phase) && !a.shoot) return { ru: `${id} не может стрелять в этом ходу`, en: `${id} cannot shoot this turn` };
    return null;
  })();
  const phases = t.phases[t.phases.length - 1] === phase ? t.phases : [...t.phases, phase];
  return { turn: { ...t, phases }, broke: step.broke ?? problem };
}

/**
 * Order cards: the unit's phases so far, plus this one, must start one of the sequences its order
 * allows (a unit under «Оборона» never moves; under «Движение» it never shoots).
 */
function orderProblem(s: GameState, rules: TurnRules, id: string, done: readonly string[], phase: string, labels: Readonly<Record<string, Text>>): Text | null {
  const cards = rules.orders;
  const order = s.turn.orders[id];
  if (!cards || order === undefined || !cards.governs.includes(phase)) return null;
  const seq = [...done.filter((p) => cards.governs.includes(p)), phase];
  const allowed = cards.sequences[order] ?? [];
  if (allowed.some((a) => seq.every((p, i) => a[i] === p))) return null;
  const card = Object.hasOwn(cards.labels, order) ? (cards.labels[order] as Text) : { ru: order, en: order };
  const name = phaseName(phase, labels);
  const prev = seq.length > 1 ? phaseName(seq[seq.length - 2] as string, labels) : null;
  return prev
    ? { ru: `${id}: приказ ${card.ru} не позволяет «${name.ru}» после «${prev.ru}»`, en: `${id}: the ${card.en} order does not allow ${name.en} after ${prev.en}` }
    : { ru: `${id}: приказ ${card.ru} не позволяет «${name.ru}»`, en: `${id}: the ${card.en} order does not allow ${name.en}` };
}

/** Initiative systems: a unit's order card; a player's cards add up to at most his points. */
export function setInitiative(s: GameState, rules: TurnRules, id: string, initiative: number, order?: string): TurnStep {
  const orders = { ...s.turn.orders };
  if (order !== undefined) orders[id] = order;
  const turn: TurnState = { ...s.turn, initiative: { ...s.turn.initiative, [id]: initiative }, orders };
  if (rules.order !== 'initiative') return { turn, broke: { ru: 'в этой системе нет инициативы', en: 'this system has no initiative' } };
  const m = s.models[id] as ModelState;
  if (s.turn.activated.includes(id)) return { turn, broke: { ru: `${id} уже действовал в этом ходу`, en: `${id} has already acted this turn` } };
  if (order !== undefined && !(rules.orders && Object.hasOwn(rules.orders.sequences, order))) {
    return { turn, broke: { ru: `в этой системе нет приказа «${order}»`, en: `this system has no "${order}" order` } };
  }
  const limit = rules.initiativePointsPerTurn;
  const total = Object.entries(turn.initiative).reduce((sum, [uid, v]) => sum + (s.models[uid]?.spec.player === m.spec.player ? v : 0), 0);
  if (limit !== null && total > limit) {
    return { turn, broke: { ru: `у игрока ${m.spec.player} ${limit} командных очков, а на инициативу назначено ${total}`, en: `player ${m.spec.player} has ${limit} command points, the initiatives add up to ${total}` } };
  }
  return { turn, broke: null };
}

/** The turn ends: states that lasted their turn expire, the next player (or round) begins. */
export function endTurn(s: GameState, rules: TurnRules, firstPlayer: Player | undefined): { turn: TurnState; models: Record<string, ModelState> } {
  const ending = s.turn.active_player;
  const models: Record<string, ModelState> = {};
  for (const [id, m] of Object.entries(s.models)) {
    // A state set in the owner's own turn lasts through his next one, not this one.
    const owner = rules.order === 'initiative' || m.spec.player === ending;
    const expires = owner && m.next_turn_since !== null && m.next_turn_since < s.turn.number;
    const next = expires ? stateAfterOwnTurn(m.next_turn) : m.next_turn;
    models[id] = next === m.next_turn ? m : { ...m, next_turn: next, next_turn_since: next === 'normal' ? null : m.next_turn_since };
  }
  const first = firstPlayer ?? s.turn.first_player;
  const active = rules.order === 'initiative' ? first : other(ending);
  return { models, turn: { number: s.turn.number + 1, first_player: first, active_player: active, activated: [], acting: null, phases: [], initiative: {}, orders: {} } };
}
