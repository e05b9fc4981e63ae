import type { Intent } from '../../app/api/intents.js';
import type { Catalog, GameSummary, GameView } from '../../app/api/view.js';
import type { ApiClient } from '../api-client.js';
import { h, option } from '../dom.js';
import { count, currentLang, problem, t, term } from '../i18n.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import { RosterEditor } from './roster-editor.js';
import { weaponName } from './words.js';

type Send = (intent: Intent) => void;

const nodeOrNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/** Choosing the system and players, past games, the demo offer. */
export function newGameSection(catalog: Catalog, games: GameSummary[], view: GameView, api: ApiClient, send: Send, refresh: () => void): HTMLElement {
  const lang = currentLang();
  const system = h('select', { 'data-testid': 'system' }, ...catalog.map((c) => option(c.ruleset, c.name[lang])));
  const title = h('input', { placeholder: t('title'), 'data-testid': 'title' });
  const nameA = h('input', { value: lang === 'ru' ? 'Синие' : 'Blue', 'data-testid': 'name-a' });
  const nameB = h('input', { value: lang === 'ru' ? 'Красные' : 'Red', 'data-testid': 'name-b' });
  const colourA = h('input', { type: 'color', value: '#2563eb' });
  const colourB = h('input', { type: 'color', value: '#dc2626' });
  // A club that wants to play a game again with the same virtual dice gives its seed; blank is a fresh one.
  const seed = h('input', { placeholder: t('seedHint'), title: t('seedHint'), maxlength: '64', 'data-testid': 'seed' });
  const create = h(
    'button',
    {
      class: 'primary',
      'data-testid': 'create-game',
      onclick: () =>
        send({
          type: 'new-game',
          ruleset: system.value as Catalog[number]['ruleset'],
          // A game needs a name players can read: without one it is named for its day.
          title: title.value.trim() || t('gameOf', { date: new Date().toLocaleDateString(lang === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long' }) }),
          players: [
            { id: 'A', name: nameA.value || 'A', colour: colourA.value },
            { id: 'B', name: nameB.value || 'B', colour: colourB.value },
          ],
          ...(seed.value.trim() ? { seed: seed.value.trim().slice(0, 64) } : {}),
        }),
    },
    t('create'),
  );
  const fileInput = h('input', { type: 'file', accept: '.jsonl', 'data-testid': 'import-file', hidden: true });
  // The browser's own file button speaks the browser's language: ours speaks the player's.
  const chooseFile = h('button', { 'data-testid': 'import', onclick: () => fileInput.click() }, t('chooseFile'));
  const importNote = h('span', { 'data-testid': 'import-note' });
  fileInput.addEventListener('change', () => {
    const f = fileInput.files?.[0];
    if (f)
      void f
        .text()
        .then((text) => api.importGame(text))
        .then((r) => {
          importNote.textContent = r.ok ? t('imported') : `${t('importFailed')}: ${problem(r.problem)}`;
          importNote.className = r.ok ? 'pill ok' : 'warn';
          importNote.title = r.ok ? '' : r.problem;
          if (r.ok) refresh();
        });
  });
  return h(
    'div',
    { class: 'setup' },
    view.demoAvailable && view.link.status === 'none'
      ? h('section', {}, h('div', { class: 'row' }, h('span', {}, t('demoOffer')), h('button', { class: 'primary', 'data-testid': 'play-demo', onclick: () => send({ type: 'play-demo' }) }, t('demo'))))
      : null,
    h(
      'section',
      {},
      h('h2', {}, t('newGame')),
      h('div', { class: 'row' }, h('label', {}, t('system')), system, title),
      h('div', { class: 'row' }, h('label', {}, t('playerA')), nameA, colourA, h('label', {}, t('playerB')), nameB, colourB),
      h('div', { class: 'row' }, h('label', {}, t('seed')), seed),
      h('div', { class: 'row' }, create),
    ),
    h(
      'section',
      {},
      h('h2', {}, t('pastGames')),
      h(
        'table',
        {},
        ...games
          .sort((a, b) => b.lastTMs - a.lastTMs)
          .map((g) => {
            return h(
              'tr',
              { 'data-testid': `game-${g.id}` },
              h('td', {}, g.title || t('dash')),
              h('td', { class: 'muted' }, new Date(g.lastTMs).toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })),
              h('td', { class: 'muted' }, catalog.find((c) => c.ruleset === g.ruleset)?.name[lang] ?? t('dash')),
              h('td', { class: 'muted' }, `${t('turn')} ${g.turn} · ${count(g.records, 'record')}${g.damaged ? ` · ${count(g.damaged, 'damaged')}` : ''}`),
              h('td', {}, h('button', { onclick: () => send({ type: 'open-game', gameId: g.id }) }, t('open'))),
              h('td', {}, h('button', { 'data-testid': `replay-${g.id}`, onclick: () => void api.send({ type: 'open-game', gameId: g.id }).then((r) => (r.ok ? api.send({ type: 'replay', step: 0 }) : r)) }, t('replay'))),
              h('td', {}, api.canExport ? h('button', { 'data-testid': `export-${g.id}`, onclick: () => void api.exportGame(g.id) }, t('export')) : null),
            );
          }),
      ),
      h('div', { class: 'row' }, h('label', {}, t('import')), chooseFile, fileInput, importNote),
    ),
  );
}

/** One roster editor per game and system, kept across the setup's re-renders. */
const rosterEditors = new Map<string, RosterEditor>();
let rosterOpen = false;

function rosterEditor(view: GameView, send: Send): HTMLElement | null {
  const system = view.ruleset ? gameSystem(view.ruleset) : undefined;
  if (!rosterOpen || !system) return null;
  const key = `${view.gameId ?? ''}:${system.id}`;
  let editor = rosterEditors.get(key);
  if (!editor) rosterEditors.set(key, (editor = new RosterEditor(system, send)));
  return editor.attach(send);
}

/** Armies and sensor bindings while the game is in its setup phase. */
export function armySection(catalog: Catalog, view: GameView, send: Send): HTMLElement {
  const lang = currentLang();
  const presets = catalog.find((c) => c.ruleset === view.ruleset)?.presets ?? [];
  const player = h('select', { 'data-testid': 'add-player' }, ...view.players.map((p) => option(p.id, `${p.id} ${p.name}`)));
  const preset = h('select', { 'data-testid': 'add-preset' }, ...presets.map((p) => option(p.presetId, p.label[lang])));
  const name = h('input', { placeholder: t('name'), 'data-testid': 'add-name' });
  const add = h(
    'button',
    {
      'data-testid': 'add-model',
      onclick: () => {
        const p = presets.find((x) => x.presetId === preset.value);
        if (!p) return;
        send({
          type: 'add-model',
          model: { ...p.model, player: player.value as 'A' | 'B', name: name.value || p.label[lang], tag: null, hitNode: null, tiltNode: null, launcherNode: null },
        });
        name.value = '';
      },
    },
    t('addModel'),
  );
  const rows = view.models.map((m) => {
    const tag = h('input', { type: 'number', min: 0, max: 999, value: m.tag ?? '', 'data-testid': `tag-${m.id}` });
    const hit = h('input', { class: 'node', value: m.hitNode ?? '', placeholder: 'V1', 'data-testid': `hit-${m.id}` });
    const tilt = h('input', { class: 'node', value: m.tiltNode ?? '', placeholder: 'V1T', 'data-testid': `tilt-${m.id}` });
    const launcher = h('input', { class: 'node', value: m.launcherNode ?? '', placeholder: 'L1', 'data-testid': `launcher-${m.id}` });
    return h(
      'tr',
      {},
      h('td', {}, m.id),
      h('td', {}, m.name),
      h('td', { class: 'muted' }, `${term('kind', m.kind)} · ${m.armour}/${m.stamina} · ${m.weapons.map((w) => weaponName(view, w)).join(', ')}`),
      h('td', {}, tag),
      // Sensor nodes only where the system scores launcher shots; the camera's tag everywhere.
      view.realShots ? [h('td', {}, hit), h('td', {}, tilt), h('td', {}, launcher)] : null,
      h(
        'td',
        {},
        h(
          'button',
          {
            'data-testid': `bind-${m.id}`,
            onclick: () =>
              send({ type: 'bind', modelId: m.id, tag: tag.value === '' ? null : Number(tag.value), ...(view.realShots ? { hitNode: nodeOrNull(hit.value), tiltNode: nodeOrNull(tilt.value), launcherNode: nodeOrNull(launcher.value) } : { hitNode: m.hitNode, tiltNode: m.tiltNode, launcherNode: m.launcherNode }) }),
          },
          t('bind'),
        ),
        h('button', { onclick: () => send({ type: 'remove-model', modelId: m.id }) }, '✕'),
      ),
    );
  });
  const first = h('select', { 'data-testid': 'first-player' }, ...view.players.map((p) => option(p.id, p.name)));
  const placeAll = (): void => {
    // Models without a camera position go along their player's table edge, to be dragged later.
    const byPlayer = { A: view.models.filter((m) => m.player === 'A'), B: view.models.filter((m) => m.player === 'B') };
    const models = (['A', 'B'] as const).flatMap((pl) =>
      byPlayer[pl].map((m, i) => ({
        id: m.id,
        xMm: ((i + 1) * view.table.widthMm) / (byPlayer[pl].length + 1),
        yMm: pl === 'A' ? view.table.depthMm * 0.12 : view.table.depthMm * 0.88,
        fallen: false,
      })),
    );
    if (models.length > 0) send({ type: 'place-models', models });
  };
  return h(
    'section',
    {},
    h('h2', {}, `${t('armies')} — ${view.rulesetName?.[lang] ?? ''}`),
    h('div', { class: 'row' }, player, preset, name, add, h('button', { 'data-testid': 'roster-open', onclick: (e: Event) => ((rosterOpen = !rosterOpen), (e.target as HTMLElement).closest('section')?.replaceWith(armySection(catalog, view, send))) }, t('rosterOpen'))),
    rosterEditor(view, send),
    h('table', { 'data-testid': 'army' }, h('tr', {}, ...['', t('name'), '', t('tag'), ...(view.realShots ? [t('hitNode'), t('tiltNode'), t('launcherNode')] : []), ''].map((x) => h('th', {}, x))), ...rows),
    h(
      'div',
      { class: 'row' },
      h('button', { 'data-testid': 'place', onclick: placeAll }, t('place')),
      h('label', {}, t('firstPlayer')),
      first,
      h('button', { class: 'primary', 'data-testid': 'start-game', onclick: () => send({ type: 'finish-setup', firstPlayer: first.value as 'A' | 'B' }) }, t('startGame')),
    ),
  );
}
