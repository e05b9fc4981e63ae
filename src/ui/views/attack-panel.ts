import type { Intent } from '../../app/api/intents.js';
import type { AttackView, GameView } from '../../app/api/view.js';
import { h } from '../dom.js';
import { typedCommitted } from '../typed-inputs.js';
import { t, term } from '../i18n.js';
import { oddsWords, outcomeWords } from './words.js';
import { actionName } from './action-words.js';

type Send = (intent: Intent) => void;

const nameOf = (v: GameView, id: string): string => v.models.find((m) => m.id === id)?.name ?? id;

/** One rolled attack: who at whom, the odds shown before the roll, the dice, the result. */
export function attackLine(v: GameView, a: AttackView): HTMLElement {
  return h(
    'div',
    { 'data-testid': 'attack-result' },
    h('b', {}, `${nameOf(v, a.shooterId)} → ${nameOf(v, a.targetId)} · ${actionName(v, a.action)}`),
    h('div', { class: 'muted' }, `${t('oddsBefore')}: ${oddsWords(a.odds, a.harmKey, v.labels)}`),
    h('div', { 'data-testid': 'attack-dice' }, `${t('rolled')}: ${a.diceUsed.join(' ')} (${term('source', a.dice)})`),
    h('div', { class: 'result' }, outcomeWords(a.outcome, v.labels)),
  );
}

/**
 * Rolling the selected attack: the seeded virtual dice, or the faces typed from the table. The
 * odds above are what the roll resolves (same input, same distance).
 */
export function attackPanel(v: GameView, send: Send): HTMLElement | null {
  if (v.readOnly || v.phase !== 'play' || v.ended || v.replay || !v.odds || v.odds.problem || v.shot) return null;
  const typed = h('input', { 'data-testid': 'typed-dice', placeholder: t('typeDiceHint'), style: 'width:150px' });
  const sendTyped = (): void => {
    const dice = (typed.value.match(/\d+/g) ?? []).map(Number);
    if (dice.length === 0) return;
    typedCommitted(typed);
    send({ type: 'roll-attack', dice });
  };
  typed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') sendTyped();
  });
  return h(
    'div',
    { class: 'shot', 'data-testid': 'attack-panel' },
    h('h3', {}, `${t('attack')}: ${actionName(v, v.odds.action)}`),
    h('div', { class: 'row' }, h('button', { class: 'primary', 'data-testid': 'roll-virtual', disabled: !v.odds.allowed, onclick: () => send({ type: 'roll-attack', dice: null }) }, t('roll'))),
    h('div', { class: 'row' }, h('label', {}, t('typeDice')), typed, h('button', { 'data-testid': 'roll-typed', disabled: !v.odds.allowed, onclick: sendTyped }, t('applyTyped'))),
  );
}

/** The newest rolled attack of this turn, if any. */
export function lastAttack(v: GameView): HTMLElement | null {
  const a = v.attacks?.[v.attacks.length - 1];
  if (!a) return null;
  return h('div', {}, h('h3', {}, t('lastAttack')), attackLine(v, a));
}
