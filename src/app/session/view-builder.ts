import { executionOrder, mayActNext } from '../../core/game/index.js';
import { allowanceFor } from '../../core/mechanics/unit-state.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import type { GameEvent } from '../api/game-events.js';
import type { ActionDraftView, GameView, LinkState, ModelView } from '../api/view.js';
import { turnRefusal } from './action-rolls.js';
import { attackOdds } from './attack-odds.js';
import { orderCardsView, sitsOut } from './orders.js';
import { attackView } from './attack-event.js';
import { tableActionView } from './action-event.js';
import { priceDraft } from './action-odds.js';
import { actionOffers } from './action-table.js';
import type { ActionDraft } from '../api/intents.js';
import { terrainClasses } from './terrain.js';
import { gameSummary } from './game-summary.js';
import { attributionOf, proposedAttribution, type GameState } from './game-state.js';
import { scoreRealShot } from './real-shot-rules.js';
import { movesThisTurn, pairsFrom, tableRanges } from './table-geometry.js';

export interface Selection {
  shooterId: string | null;
  targetId: string | null;
  weaponId: string | null;
}

export interface LinkStatus {
  status: 'none' | 'connected' | 'waiting' | 'demo';
  /** The app's words for it (English), for the terminal and logs. */
  detail: string;
  /** The same as data, which the UI says in its language. */
  state?: LinkState;
}

/** One line per journal record for the history panel; the UI translates the event type. */
function summary(e: GameEvent): string {
  switch (e.type) {
    case 'game-created':
      return `${e.ruleset} ${e.title}`;
    case 'model-added':
      return `${e.model.id} ${e.model.name} (${e.model.player})`;
    case 'sensor':
      return `${e.reading.kind} ${e.reading.node}${e.reading.state ? ` ${e.reading.state}` : ''}${e.reading.strength !== undefined ? ` ${e.reading.strength}` : ''}`;
    case 'shot-committed':
      return `${e.attribution.targetId ?? '—'} hit=${e.attribution.hit} fell=${e.attribution.fell}${e.critical ? ` d6=${e.critical.value}` : ''}${e.result ? ` → ${e.result.damage}${e.result.destroyed ? ' ✕' : ''} ${e.result.nextTurn}` : ''}`;
    case 'shot-corrected':
      return `${e.attribution.targetId ?? '—'} hit=${e.attribution.hit} fell=${e.attribution.fell}`;
    case 'positions':
      return `${e.source} ×${e.models.length}${e.override ? ' override' : ''}`;
    case 'sensor-conflict':
      return `${e.kind} ${e.key}`;
    case 'undo':
      return `#${e.seq}`;
    case 'binding-set':
      return `${e.modelId} tag=${e.tag ?? '—'} hit=${e.hitNode ?? '—'} tilt=${e.tiltNode ?? '—'} launcher=${e.launcherNode ?? '—'}`;
    case 'setup-finished':
      return e.firstPlayer;
    case 'model-removed':
    case 'model-stood-up':
    case 'unit-activated':
      return e.modelId;
    case 'phase-started':
      return `${e.modelId} ${e.phase}`;
    case 'shot-opened':
      return e.shooterId ?? '';
    case 'terrain-set':
      return `${e.source} ×${e.pieces.length}`;
    case 'attack-resolved':
      return `${e.shooterId} → ${e.targetId} · ${e.diceUsed.join(' ')}`;
    case 'table-action-resolved':
      return `${e.actorId} → ${[...new Set(Object.values(e.targets))].join(' ')} · ${e.diceUsed.join(' ')}${e.override ? ' override' : ''}`;
    default:
      return '';
  }
}

/** The execution order of this turn, where the system orders units by initiative (the engine's). */
function activationOrder(state: GameState): string[] | null {
  const system = state.created ? gameSystem(state.created.ruleset) : undefined;
  if (!system || state.phase !== 'play') return null;
  return executionOrder(state.rules, system.turn);
}

function modelView(state: GameState, id: string): ModelView | null {
  const m = state.models.get(id);
  if (!m) return null;
  // What its state lets it do in its own next turn: the players alternate, every second turn is the owner's.
  const since = state.rules.models[id]?.next_turn_since ?? null;
  const allowance = allowanceFor(m.destroyed ? 'destroyed' : m.nextTurn, since === null ? 0 : Math.floor((state.turn - since) / 2));
  return {
    id: m.spec.id,
    player: m.spec.player,
    name: m.spec.name,
    kind: m.spec.kind,
    unitType: m.spec.unitType ?? null,
    armour: m.spec.armour,
    stamina: m.spec.stamina,
    speedSteps: m.spec.speedSteps,
    baseMm: m.spec.baseMm,
    heightMm: m.spec.heightMm,
    weapons: m.spec.weapons,
    tag: m.spec.tag,
    hitNode: m.spec.hitNode,
    tiltNode: m.spec.tiltNode,
    launcherNode: m.spec.launcherNode,
    damage: m.damage,
    fallen: m.fallen,
    seenFallen: m.seenFallen,
    destroyed: m.destroyed,
    nextTurn: m.destroyed ? 'destroyed' : m.nextTurn,
    mayMove: allowance.move && !m.fallen,
    mayShoot: allowance.shoot,
    sitsOut: sitsOut(state, id),
    activated: state.phase === 'play' && state.rules.turn.activated.includes(m.spec.id),
    initiative: m.initiative,
    figures: m.spec.figures ?? 1,
    figuresLeft: state.rules.models[id]?.figures_left ?? (m.spec.figures ?? 1),
    markers: state.rules.models[id]?.markers ?? 0,
    suppression: state.rules.models[id]?.suppression ?? 0,
    pos: m.pos,
  };
}

/**
 * The draft priced, with the turn structure's word on the actor acting now. Exact odds of a big
 * blast walk many paths, so the price is kept until the game or the draft changes (every view
 * is built again on every change, a camera frame included).
 */
const priced = new WeakMap<GameState, { seq: number; key: string; view: ActionDraftView }>();

function draftView(state: GameState, draft: ActionDraft): ActionDraftView {
  const key = JSON.stringify(draft);
  const kept = priced.get(state);
  if (kept && kept.seq === state.lastSeq && kept.key === key) return kept.view;
  const p = priceDraft(state, draft);
  const view = { ...p.view, outOfTurn: p.roll ? turnRefusal(state, draft.actorId, p.roll) : null };
  priced.set(state, { seq: state.lastSeq, key, view });
  return view;
}

export function buildView(args: {
  gameId: string | null;
  state: GameState;
  selection: Selection;
  /** The table action being prepared, if any. */
  draft?: ActionDraft | null;
  link: LinkStatus;
  demoAvailable: boolean;
  canUndo: boolean;
  readOnly: boolean;
}): GameView {
  const { state, selection } = args;
  const created = state.created;
  const system = created ? gameSystem(created.ruleset) : undefined;
  // The engine's table geometry when the scene builds; plain centre distances (sight unknown) if not.
  const table = state.phase === 'play' || selection.shooterId ? tableRanges(state) : null;
  const ranges = table?.ok ? table.ranges : undefined;
  const pairs = selection.shooterId ? pairsFrom(state, selection.shooterId, ranges) : [];
  const shooter = selection.shooterId ? state.models.get(selection.shooterId) : undefined;
  const weapon = shooter?.spec.weapons.find((w) => w.id === selection.weaponId) ?? shooter?.spec.weapons[0];
  const pair = pairs.find((p) => p.targetId === selection.targetId);
  const odds = shooter && weapon && pair ? attackOdds(state, shooter.spec.id, pair, weapon) : null;
  const shot = state.openShot;
  return {
    revision: state.lastSeq,
    gameId: args.gameId,
    ruleset: created?.ruleset ?? null,
    rulesetName: system ? system.labels.name : null,
    labels: system ? { states: system.labels.states, phases: system.labels.phases, actions: system.labels.actions } : null,
    ricochet: system?.realShots?.ricochet ?? false,
    realShots: (system?.realShots ?? null) !== null,
    usesInitiative: system?.turn.order === 'initiative',
    mayActNext: system && state.phase === 'play' ? mayActNext(state.rules, system.turn) : [],
    orderCards: orderCardsView(state),
    title: created?.title ?? '',
    players: created?.players ?? [],
    table: created?.table ?? { widthMm: 1800, depthMm: 1200 },
    stepMm: system ? system.data.distance.unit_cm.value * 10 : 50,
    phase: state.phase,
    turn: state.turn,
    active: state.active,
    activationOrder: activationOrder(state),
    acting: state.phase === 'play' ? (state.rules.turn.activated[state.rules.turn.activated.length - 1] ?? null) : null,
    models: [...state.models.keys()].map((id) => modelView(state, id)).filter((m): m is ModelView => m !== null),
    selection: { ...selection, weaponId: weapon?.id ?? null },
    pairs,
    odds,
    moves: state.phase === 'play' ? movesThisTurn(state, ranges) : [],
    shot: shot
      ? {
          shooterId: shot.shooterId,
          launcherNode: shot.launcherNode,
          readings: shot.readings.map((r) => ({ kind: r.kind, node: r.node, strength: r.strength ?? null, state: r.state ?? null, hostMs: r.hostMs })),
          proposed: proposedAttribution(state, shot),
          attribution: attributionOf(state, shot),
          corrected: shot.correction !== null,
          score: scoreRealShot(state, attributionOf(state, shot), null),
        }
      : null,
    shots: state.shots.slice(-12),
    history: state.history.slice(-60).map((h) => ({ seq: h.seq, tMs: h.tMs, type: h.type, undone: h.undone, summary: summary(h.event) })),
    canUndo: args.canUndo,
    link: args.link,
    demoAvailable: args.demoAvailable,
    sensorConflicts: state.sensorConflicts.slice(-10).map((c) => ({ kind: c.kind, key: c.key, stored: c.stored, received: c.received })),
    heard: state.heard,
    warnings: [...state.warnings.slice(-5), ...(table && !table.ok ? [table.problem] : [])],
    readOnly: args.readOnly,
    attacks: state.attacks.slice(-12).map((a) => attackView(a.seq, a.turn, a.event, false)),
    terrain: state.terrain,
    summary: gameSummary(state),
    ended: state.ended,
    terrainClasses: created ? terrainClasses(created.ruleset) : undefined,
    actions: actionOffers(state, selection.shooterId),
    draft: args.draft && state.phase === 'play' ? draftView(state, args.draft) : null,
    actionResults: state.tableActions.slice(-12).map((a) => tableActionView(a.seq, a.turn, a.event)),
  };
}
