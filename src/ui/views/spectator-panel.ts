import type { GameView } from '../../app/api/view.js';
import { h } from '../dom.js';
import { ta } from '../i18n-access.js';
import { currentLang, t } from '../i18n.js';
import { stateName } from './words.js';

/**
 * What a spectator's phone shows beside or under the table: whose turn, the shot in progress or
 * the last one, and the score. Nothing to press and no hints meant for the referee.
 */

function name(v: GameView, id: string | null): string {
  if (!id) return '—';
  const m = v.models.find((x) => x.id === id);
  return m ? m.name : id;
}

function turnLine(v: GameView): HTMLElement {
  const active = v.players.find((p) => p.id === v.active);
  // «очередь: Красные» agrees with any player's name, singular or plural.
  const who = active?.name ?? v.active;
  const acting = currentLang() === 'ru' ? `${ta('turnOf')}: ${who}` : `${who} ${ta('turnOf')}`;
  const text = v.phase === 'play' ? `${t('turn')} ${v.turn} · ${acting}` : v.phase === 'setup' ? t('setupPhase') : t('noGame');
  return h('div', { class: 'spectator-turn', 'data-testid': 'spectator-turn' }, h('b', { style: `color:${active?.colour ?? '#fff'}` }, text));
}

function shotLine(v: GameView): HTMLElement {
  const open = v.shot;
  if (open) {
    const a = open.attribution;
    return h(
      'div',
      { 'data-testid': 'spectator-shot' },
      h('h3', {}, ta('shotNow')),
      `${name(v, open.shooterId)} → ${name(v, a.targetId)}: ${a.hit ? t('hit') : t('miss')}${a.fell ? `, ${t('fell')}` : ''}`,
    );
  }
  const s = v.shots[v.shots.length - 1];
  if (!s) return h('div', { class: 'muted', 'data-testid': 'spectator-shot' }, ta('noShotYet'));
  const r = s.result;
  return h(
    'div',
    { 'data-testid': 'spectator-shot' },
    h('h3', {}, `${ta('lastShot')} (${t('turn')} ${s.turn})`),
    h('div', {}, `${name(v, s.shooterId)} → ${name(v, s.attribution.targetId)}: ${s.attribution.hit ? t('hit') : t('miss')}${s.attribution.fell ? `, ${t('fell')}` : ''}`, s.critical ? h('span', { style: 'white-space:nowrap' }, ` · D6 = ${s.critical.value}`) : null),
    r ? h('div', { class: 'result' }, `${t('damage')} ${r.damage}${r.destroyed ? `, ${t('destroyed')}` : ''} · ${stateName(v.labels, r.nextTurn)}`) : null,
  );
}

/** Per player: models still standing, models lost, damage dealt to the other side. */
function scoreTable(v: GameView): HTMLElement {
  return h(
    'div',
    {},
    h('h3', {}, ta('score')),
    h(
      'table',
      { 'data-testid': 'spectator-score', class: 'score' },
      h('tr', {}, h('th', {}), h('th', {}, ta('alive')), h('th', {}, ta('lost')), h('th', {}, ta('damageDealt'))),
      ...v.players.map((p) => {
        const own = v.models.filter((m) => m.player === p.id);
        const enemy = v.models.filter((m) => m.player !== p.id);
        return h(
          'tr',
          {},
          h('td', { style: `color:${p.colour}` }, h('b', {}, p.name)),
          h('td', {}, String(own.filter((m) => !m.destroyed).length)),
          h('td', {}, String(own.filter((m) => m.destroyed).length)),
          h('td', {}, String(enemy.reduce((n, m) => n + m.damage, 0))),
        );
      }),
    ),
  );
}

export function spectatorPanel(v: GameView): HTMLElement {
  return h('aside', { class: 'panel spectator-panel', 'data-testid': 'spectator-panel' }, turnLine(v), shotLine(v), scoreTable(v));
}
