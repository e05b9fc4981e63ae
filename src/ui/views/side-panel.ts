import type { Intent } from '../../app/api/intents.js';
import type { GameView, ModelView } from '../../app/api/view.js';
import { h, option } from '../dom.js';
import { BANDS, currentLang, EVENT_NAMES, NEXT_TURN, t } from '../i18n.js';

type Send = (intent: Intent) => void;
type Attribution = NonNullable<GameView['shot']>['attribution'];

const pct = (p: number): string => `${(p * 100).toFixed(1)}%`;
const fmtSteps = (s: number): string => (Number.isInteger(s) ? String(s) : s.toFixed(2));

/** A state's name: a game term, so the system's Russian label in either language (else the app's). */
function stateName(v: GameView, key: string): string {
  const own = v.labels && Object.hasOwn(v.labels.states, key) ? v.labels.states[key] : undefined;
  return own ? own.ru : (NEXT_TURN[key] ?? key);
}

function modelName(v: GameView, id: string | null): string {
  if (!id) return '—';
  const m = v.models.find((x) => x.id === id);
  return m ? `${m.id} ${m.name}` : id;
}

function turnSection(v: GameView, send: Send): HTMLElement {
  const active = v.players.find((p) => p.id === v.active);
  return h(
    'div',
    {},
    h('h3', {}, t('turn')),
    h('div', { class: 'row', 'data-testid': 'turn' }, h('b', { style: `color:${active?.colour ?? '#fff'}` }, `${t('turn')} ${v.turn}: ${active?.name ?? v.active} ${t('acts')}`)),
    v.activationOrder
      ? h(
          'div',
          { 'data-testid': 'activation-order' },
          `${t('order')}: `,
          ...v.activationOrder.map((id, i) => {
            const m = v.models.find((x) => x.id === id);
            const next = v.activationOrder?.find((x) => !v.models.find((y) => y.id === x)?.activated) === id;
            return h('span', { class: `pill${next ? ' ok' : ''}`, style: `margin-right:3px${m?.activated ? ';opacity:.5' : ''}` }, `${i + 1}. ${id} (${m?.initiative ?? 0})`);
          }),
        )
      : null,
    v.readOnly
      ? null
      : h(
          'div',
          { class: 'row' },
          h('button', { 'data-testid': 'end-turn', disabled: v.shot !== null, onclick: () => send({ type: 'end-turn' }) }, t('endTurn')),
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
  const weapon = h(
    'select',
    { 'data-testid': 'weapon', onchange: () => send({ type: 'select', shooterId: shooter.id, targetId: v.selection.targetId, weaponId: weapon.value }) },
    ...shooter.weapons.map((w) => option(w.id, `${w.label} (${w.rangeSteps} шаг)`, w.id === v.selection.weaponId)),
  );
  const pair = v.pairs.find((p) => p.targetId === v.selection.targetId);
  const odds = v.odds;
  const oddsTable = odds
    ? h(
        'table',
        { 'data-testid': 'odds-table' },
        ...Object.entries(odds.odds)
          .filter(([k]) => k.endsWith('=true') || k.startsWith('damage=') || k.startsWith('result=') || k.startsWith('effect='))
          .map(([k, p]) => {
            const [num, den] = p.split('/').map(Number);
            return h('tr', {}, h('td', {}, k), h('td', {}, p), h('td', {}, num !== undefined && den ? pct(num / den) : ''));
          }),
      )
    : null;
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
            `${t('distance')}: ${(pair.distanceMm / 10).toFixed(1)} см · ${fmtSteps(pair.steps)} ${t('steps')}`,
            h('br'),
            `${t('band')}: `,
            h('b', { 'data-testid': 'band' }, pair.band ? (BANDS[pair.band] ?? pair.band) : '—'),
            ' · ',
            h('span', { class: `pill ${pair.inRange[v.selection.weaponId ?? ''] ? 'ok' : 'bad'}` }, pair.closeCombat ? t('closeCombat') : pair.inRange[v.selection.weaponId ?? ''] ? t('inRange') : t('outOfRange')),
            h('br'),
            `${t('los')}: ${pair.lineOfSight === 'unknown' ? '?' : pair.lineOfSight} · cover: ${pair.cover}`,
          ),
          odds
            ? h(
                'div',
                {},
                h('h3', {}, `${t('odds')} (${odds.action})`),
                odds.problem ? h('div', { class: 'warn' }, odds.problem) : h('div', { class: 'odds', 'data-testid': 'odds' }, odds.allowed ? `${pct(odds.harm)}` : t('noOdds'), h('span', { class: 'muted', style: 'font-size:13px' }, ` ${odds.harmKey} = ${odds.odds[odds.harmKey] ?? '0'}`)),
                oddsTable,
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
    if (v.readOnly || v.phase !== 'play') return null;
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
  else body = h('div', { class: 'warn', 'data-testid': 'shot-preview' }, score.problem);
  return h(
    'div',
    { class: 'shot', 'data-testid': 'shot-panel' },
    h('h3', {}, `${t('shot')}: ${modelName(v, shot.shooterId)}${shot.launcherNode ? ` (${shot.launcherNode})` : ''}`),
    h('div', { class: 'muted' }, shot.readings.map((r) => `${r.kind} ${r.node}${r.state ? ` ${r.state}` : ''}${r.strength !== null ? ` ${r.strength}` : ''}`).join(' · ') || t('waitingHits')),
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
      s.critical ? ` · D6 = ${s.critical.value}${s.critical.source === 'virtual' ? ' (virt.)' : ''}` : '',
      r ? h('div', { class: 'result' }, `${t('damage')} ${r.damage}${r.destroyed ? `, ${t('destroyed')}` : ''} · ${t('nextTurn')}: ${stateName(v, r.nextTurn)}`) : null,
    ),
  );
}

function modelsSection(v: GameView, send: Send): HTMLElement {
  return h(
    'div',
    {},
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
          h('td', { class: 'muted' }, `${m.damage}/${m.stamina}${m.destroyed ? ' ✕' : ''}${m.fallen ? ` ${t('lying')}` : ''}`),
          h('td', { class: 'muted' }, stateName(v, m.nextTurn)),
          h(
            'td',
            {},
            m.fallen && !m.destroyed && m.player === v.active && !v.readOnly ? h('button', { onclick: () => send({ type: 'stand-up', modelId: m.id }) }, t('standUp')) : null,
            m.player === v.active && !m.destroyed && !m.activated && !v.readOnly && v.phase === 'play'
              ? h('button', { 'data-testid': `activate-${m.id}`, onclick: () => send({ type: 'activate', modelId: m.id }) }, t('activate'))
              : null,
            m.activated ? h('span', { class: 'pill ok' }, v.acting === m.id ? t('acting') : '✓') : null,
            v.activationOrder && !v.readOnly && !m.destroyed
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
  const names = EVENT_NAMES[currentLang()];
  const box = h(
    'div',
    { class: 'history', 'data-testid': 'history' },
    ...v.history
      .filter((x) => x.type !== 'positions' || x.summary.startsWith('manual'))
      .slice(-40)
      .map((x) => h('div', { class: x.undone ? 'undone' : '' }, `#${x.seq} ${names[x.type] ?? x.type} ${x.summary}`)),
  );
  queueMicrotask(() => (box.scrollTop = box.scrollHeight));
  return h('div', {}, h('h3', {}, t('history')), box);
}

export function sidePanel(v: GameView, send: Send): HTMLElement {
  return h(
    'aside',
    { class: 'panel' },
    turnSection(v, send),
    ...v.warnings.map((w) => h('div', { class: 'warn' }, w)),
    shotSection(v, send),
    lastResult(v),
    selectionSection(v, send),
    modelsSection(v, send),
    historySection(v),
  );
}
