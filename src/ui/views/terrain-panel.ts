import type { Intent } from '../../app/api/intents.js';
import type { TerrainPiece } from '../../app/api/terrain.js';
import type { GameView } from '../../app/api/view.js';
import { h, option } from '../dom.js';
import { t, term } from '../i18n.js';
import { terrainDraft } from './terrain-layer.js';
import { heightText } from './words.js';

type Send = (intent: Intent) => void;

function nextId(pieces: readonly TerrainPiece[]): string {
  let n = 1;
  while (pieces.some((p) => p.id === `T${n}`)) n++;
  return `T${n}`;
}

/**
 * Terrain on the table: the pieces with their classes in words, drawing a new outline (corners
 * clicked on the table, closed with the button), removing one. Classes come from the system's
 * table rules (the view's `terrainClasses`).
 */
export function terrainSection(v: GameView, send: Send, redraw: () => void): HTMLElement | null {
  if (v.readOnly || v.replay || v.phase === 'empty') return null;
  const pieces = v.terrain ?? [];
  const classes = v.terrainClasses ?? { cover: ['none'], movement: ['open'] };
  const d = terrainDraft;
  if (!classes.cover.includes(d.cover)) d.cover = classes.cover[classes.cover.length - 1] ?? 'none';
  if (!classes.movement.includes(d.movement)) d.movement = classes.movement.includes('impassable') ? 'impassable' : (classes.movement[0] ?? 'open');
  const height = h('input', { type: 'number', min: 0, max: 1000, step: 10, value: d.heightMm, 'data-testid': 'terrain-height', onchange: () => (d.heightMm = Math.max(0, Math.min(1000, Number(height.value) || 0))) });
  const size = h('select', { 'data-testid': 'terrain-size', onchange: () => (d.size = size.value as TerrainPiece['size']) }, ...(['small', 'medium', 'large'] as const).map((x) => option(x, term('size', x), x === d.size)));
  const cover = h('select', { 'data-testid': 'terrain-cover', onchange: () => (d.cover = cover.value) }, ...classes.cover.map((x) => option(x, term('cover', x), x === d.cover)));
  const movement = h('select', { 'data-testid': 'terrain-movement', onchange: () => (d.movement = movement.value) }, ...classes.movement.map((x) => option(x, term('movement', x), x === d.movement)));
  const close = (): void => {
    if (d.corners.length >= 3) {
      const piece: TerrainPiece = { id: nextId(pieces), polygonMm: d.corners, heightMm: d.heightMm, size: d.size, cover: d.cover, movement: d.movement, greyZone: false, tag: null };
      send({ type: 'set-terrain', source: 'manual', pieces: [...pieces, piece] });
    }
    d.drawing = false;
    d.corners = [];
    redraw();
  };
  return h(
    'div',
    { 'data-testid': 'terrain' },
    h('h3', {}, t('terrain')),
    h(
      'table',
      {},
      ...pieces.map((p) =>
        h(
          'tr',
          { 'data-testid': `terrain-${p.id}` },
          h('td', {}, p.tag === null ? p.id : `${t('tag')} ${p.tag}`),
          h('td', { class: 'muted' }, `${heightText(p.heightMm, v.stepMm)} · ${term('size', p.size)} · ${t('cover')}: ${term('cover', p.cover)} · ${t('movement')}: ${term('movement', p.movement)}`),
          h('td', {}, p.tag === null ? h('button', { onclick: () => send({ type: 'set-terrain', source: 'manual', pieces: pieces.filter((x) => x !== p) }) }, t('removeTerrain')) : null),
        ),
      ),
    ),
    h('div', { class: 'row' }, h('label', {}, t('height')), height, h('span', { class: 'muted' }, t('mmShort')), size),
    h('div', { class: 'row' }, h('label', {}, t('cover')), cover, h('label', {}, t('movement')), movement),
    d.drawing
      ? h(
          'div',
          { class: 'row' },
          h('span', { class: 'muted' }, t('terrainHint')),
          h('button', { class: 'primary', 'data-testid': 'terrain-close', disabled: d.corners.length < 3, onclick: close }, t('finishTerrain')),
          h('button', { onclick: () => ((d.drawing = false), (d.corners = []), redraw()) }, t('cancelTerrain')),
        )
      : h('div', { class: 'row' }, h('button', { 'data-testid': 'terrain-draw', onclick: () => ((d.drawing = true), (d.corners = []), redraw()) }, t('drawTerrain'))),
  );
}
