import type { Intent } from '../../app/api/intents.js';
import type { GameView } from '../../app/api/view.js';
import { h } from '../dom.js';
import { count, num, t } from '../i18n.js';

type Send = (intent: Intent) => void;

/** Losses, damage dealt, shots, hits and table actions per player; ending the game shows it first. */
export function summarySection(v: GameView, send: Send): HTMLElement | null {
  const s = v.summary;
  if (!s || v.phase !== 'play') return null;
  return h(
    'div',
    { class: v.ended ? 'shot' : '', 'data-testid': 'summary' },
    h('h3', {}, `${t('summary')} · ${count(s.turns, 'turn')}`),
    // One column per player: the panel is narrow, the players are two.
    h(
      'table',
      {},
      h('tr', {}, h('th', {}, ''), ...s.players.map((p) => h('th', { style: `color:${p.colour}` }, p.name))),
      h('tr', {}, h('td', {}, t('losses')), ...s.players.map((p) => h('td', { 'data-testid': `summary-losses-${p.id}` }, t('lossesOf', { n: p.losses, total: p.models })))),
      h('tr', {}, h('td', {}, t('damageDealt')), ...s.players.map((p) => h('td', { 'data-testid': `summary-damage-${p.id}` }, num(p.damageDealt)))),
      h('tr', {}, h('td', {}, t('shots')), ...s.players.map((p) => h('td', { 'data-testid': `summary-shots-${p.id}` }, num(p.shots)))),
      h('tr', {}, h('td', {}, t('hits')), ...s.players.map((p) => h('td', { 'data-testid': `summary-hits-${p.id}` }, num(p.hits)))),
      h('tr', {}, h('td', {}, t('tableActions')), ...s.players.map((p) => h('td', { 'data-testid': `summary-actions-${p.id}` }, num(p.actions)))),
    ),
    v.ended || v.readOnly || v.replay ? (v.ended ? h('div', { class: 'pill ok', 'data-testid': 'ended' }, t('gameOver')) : null) : h('div', { class: 'row' }, h('button', { 'data-testid': 'end-game', onclick: () => send({ type: 'end-game' }) }, t('endGameButton'))),
  );
}
