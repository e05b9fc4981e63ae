import type { Intent } from '../../app/api/intents.js';
import type { GameView, ModelView } from '../../app/api/view.js';
import { h, option } from '../dom.js';
import { count, currentLang, pct, problem, t, term, unitNoun } from '../i18n.js';
import { distanceText, historyLine, oddsRows, oddsWords, stateName as stateOf, weaponName } from './words.js';
import { actionName } from './action-words.js';
import { attackPanel, lastAttack } from './attack-panel.js';
import { actionPanel } from './action-panel.js';

type Send = (intent: Intent) => void;
type Attribution = NonNullable<GameView['shot']>['attribution'];


/** A state's name as the system labels it in the view (words.ts), never a raw key. */
const stateName = (v: GameView, key: string): string => stateOf(v.labels, key);

function modelName(v: GameView, id: string | null): string {
  if (!id) return '—';
  const m = v.models.find((x) => x.id === id);
  return m ? `${m.id} ${m.name}` : id;
}

function turnSection(v: GameView, send: Send): HTMLElement {
  // By initiative both players act in one turn: the turn is named for the owner of the unit due now.
  const due = v.usesInitiative ? v.models.find((m) => m.id === v.mayActNext[0])?.player : undefined;
  const active = v.players.find((p) => p.id === (due ?? v.active));
  return h(
    'div',
    { 'data-reuse': true },
    h('h3', {}, t('turn')),
    h('div', { class: 'row', 'data-testid': 'turn' }, h('b', { style: `color:${active?.colour ?? '#fff'}` }, t('turnOf', { n: v.turn, name: active?.name ?? v.active }))),
    v.activationOrder
      ? h(
          'div',
          { 'data-testid': 'activation-order' },
          `${t('order')}: `,
          ...v.activationOrder.map((id, i) => {
            const m = v.models.find((x) => x.id === id);
            const next = v.activationOrder?.find((x) => !v.models.find((y) => y.id === x)?.activated) === id;
            return h('span', { class: `pill${next ? ' ok' : ''}`, style: `margin-right:3px${m?.activated ? ';opacity:.5' : ''}` }, `${i + 1}. ${m?.name ?? id} (${m?.initiative ?? 0})`);
          }),
        )
      : null,
    // While replaying nothing is played; a finished game may only be taken back (undo) to play on.
    v.readOnly || v.replay
      ? null
      : h(
          'div',
          { class: 'row' },
          v.ended ? null : h('button', { 'data-testid': 'end-turn', disabled: v.shot !== null, onclick: () => send({ type: 'end-turn' }) }, t('endTurn')),
          h('button', { 'data-testid': 'undo', disabled: !v.canUndo, onclick: () => send({ type: 'undo' }) }, t('undo')),
        ),
  );
}

function stateLine(v: GameView, m: ModelView): string {
  const parts = [`${t('damage')} ${m.damage}/${m.stamina}`];
  if (m.fallen) parts.push(t('lying'));
  parts.push(`${t('nextTurn')}: ${stateName(v, m.nextTurn)}`);
  return parts.join(' · ');
}

function selectionSection(v: GameView, send: Send): HTMLElement {
  const shooter = v.models.find((m) => m.id === v.selection.shooterId);
  if (!shooter) return h('div', { class: 'muted' }, t('hintSelect'));
  if (shooter.destroyed)
    return h('div', {}, h('h3', {}, t('selected')), h('div', { 'data-testid': 'shooter' }, h('b', {}, modelName(v, shooter.id)), h('div', { class: 'warn', 'data-testid': 'shooter-out' }, t('shooterOut'))));
  const weapon = h(
    'select',
    // Only the weapon: the pair is the session's, so a pick made while the panel is redrawn is not undone.
    { 'data-testid': 'weapon', onchange: () => send({ type: 'pick-weapon', weaponId: weapon.value }) },
    // The weapon the odds are for: a weapon left selected from another shooter is not this one's.
    ...shooter.weapons.map((w) => option(w.id, `${weaponName(v, w)} (${count(w.rangeSteps, unitNoun(v.stepMm))})`, w.id === (v.odds?.weaponId ?? v.selection.weaponId))),
  );
  const pair = v.pairs.find((p) => p.targetId === v.selection.targetId);
  const odds = v.odds;
  const oddsTable = odds ? h('table', { 'data-testid': 'odds-table' }, ...oddsRows(odds.odds, v.labels).map(([label, p, share]) => h('tr', {}, h('td', {}, label), h('td', {}, p), h('td', {}, share)))) : null;
  return h(
    'div',
    {},
    h('h3', {}, t('selected')),
    h('div', { 'data-testid': 'shooter' }, h('b', {}, modelName(v, shooter.id)), h('div', { class: 'muted' }, stateLine(v, shooter))),
    h('div', { class: 'row' }, h('label', {}, t('weapon')), weapon),
    pair
      ? h(
          'div',
          { 'data-testid': 'pair' },
          h('h3', {}, t('target')),
          h('b', {}, modelName(v, pair.targetId)),
          h(
            'div',
            {},
            `${t('distance')}: ${distanceText(v, pair)}`,
            h('br'),
            `${t('band')}: `,
            h('b', { 'data-testid': 'band' }, pair.band ? term('band', pair.band) : '—'),
            ' · ',
            h('span', { class: `pill ${pair.inRange[v.selection.weaponId ?? ''] ? 'ok' : 'bad'}` }, pair.closeCombat ? t('closeCombat') : pair.inRange[v.selection.weaponId ?? ''] ? t('inRange') : t('outOfRange')),
            h('br'),
            `${t('los')}: ${term('los', pair.lineOfSight)} · ${t('cover')}: ${term('cover', pair.cover)}`,
          ),
          odds
            ? h(
                'div',
                {},
                h('h3', {}, odds.action ? `${t('odds')} (${actionName(v, odds.action)})` : t('odds')),
                odds.problem
                  ? h('div', { class: 'warn', title: odds.problem }, odds.reason ? odds.reason[currentLang()] : problem(odds.problem))
                  : h('div', {}, h('div', { class: 'odds', 'data-testid': 'odds' }, odds.allowed ? pct(odds.harm) : t('noOdds')), h('div', { 'data-testid': 'odds-words' }, oddsWords(odds.odds, odds.harmKey, v.labels))),
                oddsTable,
                attackPanel(v, send),
              )
            : null,
        )
      : null,
  );
}

function attributionEditor(v: GameView, a: Attribution, send: Send): HTMLElement {
  const target = h('select', { 'data-testid': 'shot-target' }, option('', '—', a.targetId === null), ...v.models.filter((m) => !m.destroyed).map((m) => option(m.id, `${m.id} ${m.name}`, m.id === a.targetId)));
  const box = (label: string, checked: boolean, id: string): [HTMLInputElement, HTMLElement] => {
    const input = h('input', { type: 'checkbox', 'data-testid': id });
    input.checked = checked;
    return [input, h('label', {}, input, ` ${label}`)];
  };
  const [hit, hitL] = box(t('hit'), a.hit, 'shot-hit');
  const [fell, fellL] = box(t('fell'), a.fell, 'shot-fell');
  const [ric, ricL] = box(t('ricochet'), a.ricochet, 'shot-ricochet');
  return h(
    'div',
    { class: 'row' },
    target,
    hitL,
    fellL,
    v.ricochet ? ricL : null,
    h('button', { 'data-testid': 'correct', onclick: () => send({ type: 'correct-shot', attribution: { targetId: target.value || null, hit: hit.checked, fell: fell.checked, ricochet: ric.checked } }) }, t('correct')),
  );
}

function shotSection(v: GameView, send: Send): HTMLElement | null {
  const shot = v.shot;
  if (!shot) {
    // A shot from a launcher exists only where the system has launchers (its plugin's realShots).
    if (v.readOnly || v.phase !== 'play' || v.ended || v.replay || !v.realShots) return null;
    return h('div', {}, h('button', { 'data-testid': 'open-shot', onclick: () => send({ type: 'open-shot', shooterId: v.selection.shooterId }) }, t('openShot')));
  }
  const a = shot.attribution;
  const score = shot.score;
  let body: HTMLElement;
  if (score.kind === 'result') {
    const r = score.result;
    body = h('div', { class: 'result', 'data-testid': 'shot-preview' }, `${modelName(v, a.targetId)}: ${t('damage')} ${r.damage}${r.destroyed ? `, ${t('destroyed')}` : ''} · ${stateName(v, r.nextTurn)}`);
  } else if (score.kind === 'needs-die') {
    const odds = Object.entries(score.odds)
      .filter(([k]) => k.startsWith('next_turn='))
      .map(([k, p]) => `${stateName(v, k.slice('next_turn='.length))}: ${p}`)
      .join(' · ');
    body = h(
      'div',
      { 'data-testid': 'die-prompt' },
      h('div', { class: 'result' }, `${modelName(v, a.targetId)}: ${t('damage')} ${score.damage ?? '?'}`),
      h('b', {}, t('critDie')),
      h('div', { class: 'muted' }, t('critPrompt')),
      v.readOnly
        ? null
        : h(
            'div',
            { class: 'row die-row' },
            ...[1, 2, 3, 4, 5, 6].map((n) => h('button', { 'data-testid': `die-${n}`, onclick: () => send({ type: 'commit-shot', die: { source: 'physical', value: n } }) }, String(n))),
            h('button', { 'data-testid': 'virtual-die', style: 'width:auto', onclick: () => send({ type: 'commit-shot', die: { source: 'virtual' } }) }, t('virtualDie')),
          ),
      h('div', { class: 'muted' }, odds),
    );
  } else if (score.kind === 'no-target') body = h('div', { class: 'muted', 'data-testid': 'shot-preview' }, shot.readings.length === 0 ? t('waitingHits') : t('miss'));
  else body = h('div', { class: 'warn', 'data-testid': 'shot-preview', title: score.problem }, problem(score.problem));
  return h(
    'div',
    { class: 'shot', 'data-testid': 'shot-panel' },
    h('h3', {}, `${t('shot')}: ${modelName(v, shot.shooterId)}${shot.launcherNode ? ` (${shot.launcherNode})` : ''}`),
    h('div', { class: 'muted' }, shot.readings.map((r) => `${term('reading', r.kind)} ${r.node}${r.state ? ` ${term('reading', r.state)}` : ''}${r.strength !== null ? ` ${r.strength}` : ''}`).join(' · ') || t('waitingHits')),
    h('div', {}, `${modelName(v, a.targetId)} · ${a.hit ? t('hit') : t('miss')}${a.fell ? ` · ${t('fell')}` : ''}${shot.corrected ? ' ✎' : ''}`),
    body,
    v.readOnly ? null : attributionEditor(v, a, send),
    v.readOnly
      ? null
      : h(
          'div',
          { class: 'row' },
          score.kind !== 'needs-die' ? h('button', { class: 'primary', 'data-testid': 'commit', onclick: () => send({ type: 'commit-shot', die: null }) }, t('commit')) : null,
          h('button', { 'data-testid': 'cancel-shot', onclick: () => send({ type: 'cancel-shot' }) }, t('cancel')),
        ),
  );
}

function lastResult(v: GameView): HTMLElement | null {
  const s = v.shots[v.shots.length - 1];
  if (!s) return null;
  const a = s.attribution;
  const r = s.result;
  return h(
    'div',
    { 'data-testid': 'last-result' },
    h('h3', {}, `${t('shot')} (${t('turn')} ${s.turn})`),
    h(
      'div',
      {},
      `${modelName(v, s.shooterId)} → ${modelName(v, a.targetId)}: ${a.hit ? t('hit') : t('miss')}${a.fell ? `, ${t('fell')}` : ''}`,
      s.critical ? ` · D6 = ${s.critical.value}${s.critical.source === 'virtual' ? ` (${t('virtualShort')})` : ''}` : '',
      r ? h('div', { class: 'result' }, `${t('damage')} ${r.damage}${r.destroyed ? `, ${t('destroyed')}` : ''} · ${t('nextTurn')}: ${stateName(v, r.nextTurn)}`) : null,
    ),
  );
}

function modelsSection(v: GameView, send: Send): HTMLElement {
  return h(
    'div',
    { 'data-reuse': true },
    h('h3', {}, t('model')),
    h(
      'table',
      { 'data-testid': 'models' },
      ...v.models.map((m) =>
        h(
          'tr',
          { 'data-testid': `model-${m.id}` },
          h('td', { style: `color:${v.players.find((p) => p.id === m.player)?.colour ?? '#fff'}` }, m.id),
          h('td', {}, m.name),
          h('td', { class: 'muted' }, `${m.damage}/${m.stamina}${m.destroyed ? ' ✕' : ''}${m.fallen ? ` ${t('lying')}` : ''}`, unitState(m)),
          h('td', { class: 'muted' }, stateName(v, m.nextTurn)),
          h(
            'td',
            {},
            m.fallen && !m.destroyed && m.player === v.active && !v.readOnly && !v.replay && !v.ended ? h('button', { onclick: () => send({ type: 'stand-up', modelId: m.id }) }, t('standUp')) : null,
            // By initiative both players' units act in one turn: the ones due now may be activated.
            (v.usesInitiative ? v.mayActNext.includes(m.id) : m.player === v.active) && !m.destroyed && !m.activated && !v.readOnly && v.phase === 'play' && !v.ended && !v.replay
              ? h('button', { 'data-testid': `activate-${m.id}`, onclick: () => send({ type: 'activate', modelId: m.id }) }, t('activate'))
              : null,
            m.activated ? h('span', { class: 'pill ok' }, v.acting === m.id ? t('acting') : '✓') : null,
            // The initiative changes the game: not while replaying it, nor on a page that only watches.
            v.activationOrder && !v.readOnly && !v.replay && !v.ended && !m.destroyed
              ? h('input', {
                  type: 'number',
                  min: 0,
                  max: 20,
                  value: m.initiative,
                  title: t('initiative'),
                  'data-testid': `initiative-${m.id}`,
                  onchange: (e: Event) => send({ type: 'set-initiative', modelId: m.id, initiative: Math.max(0, Math.min(20, Math.round(Number((e.target as HTMLInputElement).value) || 0))) }),
                })
              : null,
          ),
        ),
      ),
    ),
  );
}

function historySection(v: GameView): HTMLElement {
  const box = h(
    'div',
    { class: 'history', 'data-testid': 'history' },
    ...v.history
      .filter((x) => x.type !== 'positions' || x.summary.startsWith('manual'))
      .slice(-40)
      .map((x) => h('div', { class: x.undone ? 'undone' : '' }, `#${x.seq} ${term('event', x.type)} ${historyLine(v, x.type, x.summary)}`)),
  );
  queueMicrotask(() => (box.scrollTop = box.scrollHeight));
  return h('div', { 'data-reuse': true }, h('h3', {}, t('history')), box);
}

/** A unit of several figures: figures left, wound markers, suppression (only what it has). */
function unitState(m: ModelView): HTMLElement | null {
  const parts: string[] = [];
  if ((m.figures ?? 1) > 1) parts.push(t('unitFigures', { left: m.figuresLeft ?? 0, all: m.figures ?? 1 }));
  if ((m.markers ?? 0) > 0) parts.push(t('unitMarkers', { n: m.markers ?? 0 }));
  if ((m.suppression ?? 0) > 0) parts.push(t('unitSuppression', { n: m.suppression ?? 0 }));
  return parts.length > 0 ? h('div', { 'data-testid': `unit-state-${m.id}` }, parts.join(' · ')) : null;
}

/**
 * The referee's side panel. Sections marked `data-reuse` use in their handlers only what they
 * show, so main.ts keeps them on screen while a new build is the same (dom-patch.ts).
 */
export function sidePanel(v: GameView, send: Send): HTMLElement {
  return h(
    'aside',
    { class: 'panel' },
    turnSection(v, send),
    ...v.warnings.map((w) => h('div', { class: 'warn', title: w }, problem(w))),
    ...v.sensorConflicts.map((c) =>
      h('div', { class: 'warn', 'data-testid': 'sensor-conflict' }, t(c.kind === 'conflict' ? 'sensorConflict' : 'sensorSuspect').replace('{key}', c.key).replace('{stored}', c.stored ?? '').replace('{received}', c.received)),
    ),
    shotSection(v, send),
    lastResult(v),
    lastAttack(v),
    selectionSection(v, send),
    actionPanel(v, send),
    modelsSection(v, send),
    historySection(v),
  );
}
