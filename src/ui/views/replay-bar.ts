import type { Intent } from '../../app/api/intents.js';
import type { GameView } from '../../app/api/view.js';
import { h } from '../dom.js';
import { t, term } from '../i18n.js';
import { attackLine } from './attack-panel.js';
import { actionLine } from './action-panel.js';
import { historyLine } from './words.js';

type Send = (intent: Intent) => void;

/**
 * Stepping through a game: the table and panels show the game as it stood after this event;
 * the bar names the event and, for a rolled attack, its odds before the roll and its dice.
 */
export function replayBar(v: GameView, send: Send): HTMLElement | null {
  const r = v.replay;
  if (!r) return null;
  const go = (step: number | null): void => send({ type: 'replay', step });
  const attack = r.type === 'attack-resolved' ? v.attacks?.find((a) => a.seq === r.seq) : undefined;
  const action = r.type === 'table-action-resolved' ? v.actionResults?.find((a) => a.seq === r.seq) : undefined;
  return h(
    'div',
    { class: 'shot', 'data-testid': 'replay' },
    h('h3', {}, t('replay')),
    h('div', { 'data-testid': 'replay-step' }, t('replayStep', { n: r.step + 1, total: r.steps })),
    h('div', { class: 'result', 'data-testid': 'replay-event' }, `${term('event', r.type)} ${historyLine(v, r.type, r.summary)}`),
    attack ? attackLine(v, attack) : null,
    action ? actionLine(v, action) : null,
    h(
      'div',
      { class: 'row' },
      h('button', { 'data-testid': 'replay-first', disabled: r.step === 0, onclick: () => go(0) }, t('first')),
      h('button', { 'data-testid': 'replay-prev', disabled: r.step === 0, onclick: () => go(r.step - 1) }, t('prev')),
      h('button', { 'data-testid': 'replay-next', disabled: r.step >= r.steps - 1, onclick: () => go(r.step + 1) }, t('next')),
      h('button', { 'data-testid': 'replay-last', disabled: r.step >= r.steps - 1, onclick: () => go(r.steps - 1) }, t('last')),
      h('button', { class: 'primary', 'data-testid': 'replay-close', onclick: () => go(null) }, t('closeReplay')),
    ),
  );
}
