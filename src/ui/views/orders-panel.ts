import type { Intent } from '../../app/api/intents.js';
import type { GameView, ModelView } from '../../app/api/view.js';
import { h, option } from '../dom.js';
import { currentLang, num } from '../i18n.js';

type Send = (intent: Intent) => void;
type Text = { ru: string; en: string };

/**
 * The orders phase of a system with order cards: each player gives every unit an order and the
 * command points on its card, sees the points spent against his own, and hands the cards over; a
 * total over the points is cut by the opponent, exactly by the overspend, before it stands. The
 * rules are the app's and the engine's (`set-orders`): this screen only drafts the cards.
 */

const WORDS = {
  title: { ru: 'Приказы на ход {n}', en: 'Orders for turn {n}' },
  spent: { ru: '{name}: командных очков {spent} из {points}', en: '{name}: {spent} of {points} command points' },
  allMust: { ru: 'все очки нужно распределить', en: 'all points must be spent' },
  give: { ru: 'Отдать приказы', en: 'Give the orders' },
  over: { ru: 'Перерасход {over}: {name} снижает инициативу', en: 'Overspent by {over}: {name} lowers the initiatives' },
  lowerBy: { ru: 'снизить на', en: 'lower by' },
  initiative: { ru: 'инициатива', en: 'initiative' },
  given: { ru: 'приказ {order}, инициатива {n}', en: '{order} order, initiative {n}' },
  sitsOut: { ru: '{unit}: пропускает ход (паника или повреждение) — без приказа', en: '{unit}: sits this turn out (panic or damage), no order' },
  closed: { ru: 'Исполнение началось: приказы этого хода отданы', en: 'The execution has begun: this turn\'s orders are given' },
} satisfies Record<string, Text>;

function say(w: Text, params: Record<string, string | number> = {}): string {
  return w[currentLang()].replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k];
    return v === undefined ? '' : typeof v === 'number' ? num(v) : v;
  });
}

/** The cards being drafted, kept across redraws (the view is redrawn on every change). */
const drafts = new Map<string, { order: string; initiative: number }>();
const lowering = new Map<string, number>();
let draftTurn = -1;

function card(m: ModelView, first: string): { order: string; initiative: number } {
  let c = drafts.get(m.id);
  if (!c) {
    c = { order: first, initiative: 0 };
    drafts.set(m.id, c);
  }
  return c;
}

const clampInt = (v: string, lo: number, hi: number): number => Math.max(lo, Math.min(hi, Math.round(Number(v) || 0)));

export function ordersPanel(v: GameView, send: Send, redraw: () => void): HTMLElement | null {
  const cards = v.orderCards;
  if (!cards || v.phase !== 'play' || v.readOnly || v.replay) return null;
  if (draftTurn !== v.turn) {
    drafts.clear();
    lowering.clear();
    draftTurn = v.turn;
  }
  const lang = currentLang();
  const orderName = (id: string): string => cards.orders.find((o) => o.id === id)?.label[lang] ?? id;
  const first = cards.orders[0]?.id ?? '';
  if (!cards.open) {
    return h('div', { class: 'shot', 'data-testid': 'orders-panel' }, h('h3', {}, say(WORDS.title, { n: v.turn })), h('div', { class: 'muted' }, say(WORDS.closed)));
  }
  const sections = v.players.map((p) => {
    const opponent = v.players.find((o) => o.id !== p.id);
    const units = v.models.filter((m) => m.player === p.id && !m.destroyed && !m.sitsOut);
    // A unit in panic (or kept out by its damage) gets no card: the rules forget it this turn.
    const out = v.models.filter((m) => m.player === p.id && !m.destroyed && m.sitsOut).map((m) => h('div', { class: 'muted', 'data-testid': `order-sits-out-${m.id}` }, say(WORDS.sitsOut, { unit: `${m.id} ${m.name}` })));
    const done = units.every((m) => Object.hasOwn(cards.given, m.id));
    if (done) {
      return h(
        'div',
        { 'data-testid': `orders-given-${p.id}` },
        h('b', { style: `color:${p.colour}` }, p.name),
        ...units.map((m) => h('div', { class: 'muted', 'data-testid': `order-given-${m.id}` }, `${m.id} ${m.name}: ${say(WORDS.given, { order: orderName(cards.given[m.id] ?? ''), n: m.initiative })}`)),
        ...out,
      );
    }
    const spent = units.reduce((s, m) => s + card(m, first).initiative, 0);
    const over = Math.max(0, spent - cards.points);
    const rows = units.map((m) => {
      const c = card(m, first);
      const select = h('select', { 'data-testid': `order-${m.id}`, onchange: (e: Event) => ((c.order = (e.target as HTMLSelectElement).value), redraw()) }, ...cards.orders.map((o) => option(o.id, o.label[lang], o.id === c.order)));
      const points = h('input', {
        type: 'number',
        min: 0,
        max: 20,
        value: c.initiative,
        title: say(WORDS.initiative),
        'data-testid': `order-initiative-${m.id}`,
        style: 'width:60px',
        onchange: (e: Event) => ((c.initiative = clampInt((e.target as HTMLInputElement).value, 0, 20)), redraw()),
      });
      const lower =
        over > 0
          ? h('input', {
              type: 'number',
              min: 0,
              max: c.initiative,
              value: lowering.get(m.id) ?? 0,
              title: say(WORDS.lowerBy),
              'data-testid': `order-lower-${m.id}`,
              style: 'width:60px',
              onchange: (e: Event) => (lowering.set(m.id, clampInt((e.target as HTMLInputElement).value, 0, c.initiative)), redraw()),
            })
          : null;
      return h('div', { class: 'row' }, h('span', { style: 'min-width:140px' }, `${m.id} ${m.name}`), select, points, lower ? h('span', { class: 'muted' }, ` ${say(WORDS.lowerBy)} `) : null, lower);
    });
    const submit = (): void => {
      const lowered = [...lowering].filter(([id, by]) => by > 0 && units.some((m) => m.id === id)).map(([modelId, by]) => ({ modelId, by }));
      send({ type: 'set-orders', player: p.id, cards: units.map((m) => ({ modelId: m.id, ...card(m, first) })), ...(over > 0 ? { lowered } : {}) });
    };
    return h(
      'div',
      { 'data-testid': `orders-${p.id}` },
      h('b', { style: `color:${p.colour}` }, p.name),
      ...rows,
      ...out,
      h('div', { class: `pill ${spent === cards.points ? 'ok' : 'bad'}`, 'data-testid': `orders-spent-${p.id}` }, say(WORDS.spent, { name: p.name, spent, points: cards.points })),
      cards.allPointsSpent && spent < cards.points ? h('div', { class: 'muted' }, say(WORDS.allMust)) : null,
      over > 0 ? h('div', { class: 'warn', 'data-testid': `orders-over-${p.id}` }, say(WORDS.over, { over, name: opponent?.name ?? '' })) : null,
      h('div', { class: 'row' }, h('button', { class: 'primary', 'data-testid': `orders-submit-${p.id}`, onclick: submit }, say(WORDS.give))),
    );
  });
  return h('div', { class: 'shot', 'data-testid': 'orders-panel' }, h('h3', {}, say(WORDS.title, { n: v.turn })), ...sections);
}
