import { allowanceNow, tryApplyEvent, type GameEventInput } from '../../core/game/index.js';
import type { Text } from '../../core/rulesets/labels.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import type { GameEvent } from '../api/game-events.js';
import type { Intent } from '../api/intents.js';
import type { GameState } from './game-state.js';

type SetOrders = Extract<Intent, { type: 'set-orders' }>;

/** Its state keeps the unit out of this turn (the engine's allowance now: neither move nor shoot). */
export function sitsOut(state: GameState, id: string): boolean {
  const system = state.created ? gameSystem(state.created.ruleset) : undefined;
  const m = state.models.get(id);
  if (!system || !m || m.destroyed || state.phase !== 'play') return false;
  const now = allowanceNow(state.rules, system.turn, id);
  return !now.move && !now.shoot;
}

export type OrdersPlan = { ok: true; events: GameEvent[] } | { ok: false; reason: Text };

const no = (ru: string, en: string): OrdersPlan => ({ ok: false, reason: { ru, en } });

/**
 * The orders phase of a system with order cards: one player's cards (an order and the command
 * points on each of his units), checked as the rules say — every unit gets a card, the points add
 * up to the player's (all spent where the system says so); a total over the points stands only
 * with the opponent's cut, exactly the overspend, off the cards he picks. The cards become the
 * engine's `initiative-set` events (tried on the engine's game before anything is written).
 */
export function ordersEvents(state: GameState, intent: SetOrders): OrdersPlan {
  const system = state.created ? gameSystem(state.created.ruleset) : undefined;
  const cards = system?.turn.orders;
  if (!system || !cards) return no('в этой системе нет карточек приказов', 'this system has no order cards');
  if (state.phase !== 'play') return no('приказы отдают после расстановки', 'orders are given once setup is finished');
  if (state.rules.turn.activated.length > 0) return no('приказы отдают до исполнения: в этом ходу уже действовали', 'orders come before the execution: units have already acted this turn');
  const p = intent.player;
  const seen = new Set<string>();
  for (const c of intent.cards) {
    const m = state.models.get(c.modelId);
    if (!m) return no(`нет подразделения ${c.modelId}`, `no unit ${c.modelId}`);
    if (m.spec.player !== p) return no(`${c.modelId} — подразделение другого игрока`, `${c.modelId} belongs to the other player`);
    if (m.destroyed) return no(`${c.modelId} уничтожено`, `${c.modelId} is destroyed`);
    if (seen.has(c.modelId)) return no(`у ${c.modelId} две карточки`, `${c.modelId} has two cards`);
    if (sitsOut(state, c.modelId)) return no(`${c.modelId} пропускает этот ход (паника или повреждение): карточки приказа не получает`, `${c.modelId} sits this turn out (panic or damage): it gets no order card`);
    seen.add(c.modelId);
    if (!Object.hasOwn(cards.sequences, c.order)) return no(`нет приказа «${c.order}»`, `no "${c.order}" order`);
  }
  const missing = [...state.models.values()].find((m) => m.spec.player === p && !m.destroyed && !sitsOut(state, m.spec.id) && !seen.has(m.spec.id));
  if (missing) return no(`у ${missing.spec.id} нет приказа: каждое подразделение получает карточку`, `${missing.spec.id} has no order: every unit gets a card`);
  const points = system.turn.initiativePointsPerTurn ?? 0;
  const spent = intent.cards.reduce((s, c) => s + c.initiative, 0);
  if (cards.allPointsSpent && spent < points) return no(`игрок ${p} распределил ${spent} из ${points} командных очков: нужно распределить все`, `player ${p} spent ${spent} of ${points} command points: all must be spent`);
  const initiative = new Map(intent.cards.map((c) => [c.modelId, c.initiative]));
  const over = Math.max(0, spent - points);
  if (over > 0 && intent.lowered === undefined) {
    return no(`игрок ${p} назначил ${spent} из ${points} командных очков: противник снижает инициативы на ${over}`, `player ${p} put ${spent} of ${points} command points on the cards: the opponent lowers the initiatives by ${over}`);
  }
  let cut = 0;
  for (const l of intent.lowered ?? []) {
    const now = initiative.get(l.modelId);
    if (now === undefined) return no(`у ${l.modelId} нет карточки этого игрока`, `${l.modelId} has no card of this player`);
    if (l.by > now) return no(`у ${l.modelId} инициатива ${now}: ниже нуля не снизить`, `${l.modelId} has initiative ${now}: it cannot go below 0`);
    initiative.set(l.modelId, now - l.by);
    cut += l.by;
  }
  if (cut !== over) return no(`перерасход ${over}: противник снижает инициативы ровно на столько, а не на ${cut}`, `overspent by ${over}: the opponent lowers the initiatives by exactly that, not ${cut}`);
  const events: GameEvent[] = intent.cards.map((c) => ({ type: 'initiative-set', modelId: c.modelId, initiative: initiative.get(c.modelId) ?? 0, order: c.order }));
  let rules = state.rules;
  for (const e of events) {
    if (e.type !== 'initiative-set') continue;
    const ruled: GameEventInput = { type: 'initiative-set', model_id: e.modelId, initiative: e.initiative, ...(e.order !== undefined ? { order: e.order } : {}) };
    const tried = tryApplyEvent(rules, ruled);
    if (!tried.ok) return { ok: false, reason: tried.reason };
    rules = tried.state;
  }
  return { ok: true, events };
}

/** What the orders screen shows, or null where the system has no order cards. */
export function orderCardsView(state: GameState): { orders: { id: string; label: Text }[]; points: number; allPointsSpent: boolean; given: Record<string, string>; open: boolean } | null {
  const system = state.created ? gameSystem(state.created.ruleset) : undefined;
  const cards = system?.turn.orders;
  if (!system || !cards) return null;
  return {
    orders: Object.keys(cards.sequences).map((id) => ({ id, label: Object.hasOwn(cards.labels, id) ? (cards.labels[id] as Text) : { ru: id, en: id } })),
    points: system.turn.initiativePointsPerTurn ?? 0,
    allPointsSpent: cards.allPointsSpent,
    given: state.phase === 'play' ? { ...state.rules.turn.orders } : {},
    open: state.phase === 'play' && state.rules.turn.activated.length === 0,
  };
}
