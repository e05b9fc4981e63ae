import { applyEvent as applyRulesEvent, emptyGame, type GameEventInput as RulesEvent, type GameState as RulesState } from '../../core/game/index.js';
import type { NextTurnState } from '../../core/mechanics/unit-state.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import type { TableModel } from '../../core/rulesets/table-play.js';
import type { JournalRecord } from '../journal/journal.js';
import type { Attribution, CriticalDie, GameEvent, ModelSpec, PlayerId, SensorReading, ShotResult } from '../api/game-events.js';
import { attackRulesEvent, type AttackEvent } from './attack-event.js';
import { tableActionRulesEvent, type TableActionEvent } from './action-event.js';
import type { TerrainPiece } from '../api/terrain.js';

type Created = Extract<GameEvent, { type: 'game-created' }>;

export interface PointMm {
  xMm: number;
  yMm: number;
}

export interface ModelState {
  spec: ModelSpec;
  /** Damage, lying down, destroyed and next-turn state are the engine's (core/game), copied here. */
  damage: number;
  fallen: boolean;
  destroyed: boolean;
  nextTurn: NextTurnState;
  pos: PointMm | null;
  /** What the camera (or the referee) last saw: lying or standing. */
  seenFallen: boolean;
  /** Where the model stood when the current turn began: moves are measured from here. */
  turnStart: PointMm | null;
  /** Звездный Десант: initiative on the unit's order card this round. */
  initiative: number;
}

export interface OpenShot {
  openedSeq: number;
  shooterId: string | null;
  launcherNode: string | null;
  readings: SensorReading[];
  /** Models the camera saw fall while the shot was open. */
  cameraFalls: string[];
  correction: Attribution | null;
}

export interface CommittedShot {
  seq: number;
  turn: number;
  shooterId: string | null;
  attribution: Attribution;
  critical: CriticalDie | null;
  result: ShotResult | null;
}

export interface HistoryEntry {
  seq: number;
  tMs: number;
  type: GameEvent['type'];
  undone: boolean;
  event: GameEvent;
}

export interface GameState {
  created: Created | null;
  phase: 'empty' | 'setup' | 'play';
  models: Map<string, ModelState>;
  turn: number;
  firstPlayer: PlayerId;
  active: PlayerId;
  openShot: OpenShot | null;
  shots: CommittedShot[];
  /** Virtual attacks rolled in the app, with the record seq and turn they were rolled in. */
  attacks: { seq: number; turn: number; event: AttackEvent }[];
  /** Table actions rolled in the app (melee, blasts, volleys, tests), as journalled. */
  tableActions: { seq: number; turn: number; event: TableActionEvent }[];
  /** Terrain on the table: sight, cover and move costs use it. */
  terrain: TerrainPiece[];
  /** The players ended the game (the summary is shown). */
  ended: boolean;
  /** `boot:seq` of every sensor reading already recorded: resends are dropped. */
  sensorKeys: Set<string>;
  /** Sensor nodes heard during setup, newest last: the wizard offers them for binding. */
  heard: { kind: SensorReading['kind']; node: string; hostMs: number }[];
  /**
   * The engine's game (core/game), fed the rules-relevant decisions from setup-finished on:
   * models, resolved real shots, stand-ups, turn ends. Damage, states and turns come from it.
   */
  rules: RulesState;
  /** Every event handed to the engine's game, with the journal record it came from (`shagomer replay`). */
  rulesLog: { seq: number; event: RulesEvent }[];
  history: HistoryEntry[];
  lastSeq: number;
  /** Problems met while folding (a record that no longer fits): shown, never thrown. */
  warnings: string[];
  /** Hub messages the link flagged (conflict, suspect): for the referee, never applied. */
  sensorConflicts: { seq: number; kind: 'conflict' | 'suspect'; key: string; stored: string | null; received: string }[];
}

export function emptyState(): GameState {
  return {
    created: null,
    phase: 'empty',
    models: new Map(),
    turn: 0,
    firstPlayer: 'A',
    active: 'A',
    openShot: null,
    shots: [],
    attacks: [],
    tableActions: [],
    terrain: [],
    ended: false,
    sensorKeys: new Set(),
    heard: [],
    rules: emptyGame(),
    rulesLog: [],
    history: [],
    lastSeq: 0,
    warnings: [],
    sensorConflicts: [],
  };
}

/** Which record seqs are taken back: an undo names its target; undos themselves are final. */
export function undoneSeqs(records: readonly JournalRecord<GameEvent>[]): Set<number> {
  const undone = new Set<number>();
  for (const r of records) if (r.event.type === 'undo') undone.add(r.event.seq);
  return undone;
}

/** The attribution the sensors and the camera suggest for an open shot, before any correction. */
export function proposedAttribution(state: GameState, shot: OpenShot): Attribution {
  const byNode = (node: string, field: 'hitNode' | 'tiltNode'): ModelState | undefined =>
    [...state.models.values()].find((m) => m.spec[field] === node && !m.destroyed);
  let target: string | null = null;
  let bestStrength = -1;
  for (const r of shot.readings) {
    if (r.kind !== 'HIT') continue;
    const m = byNode(r.node, 'hitNode');
    if (m && (r.strength ?? 0) > bestStrength) {
      bestStrength = r.strength ?? 0;
      target = m.spec.id;
    }
  }
  const tilted = shot.readings.filter((r) => r.kind === 'TILT' && r.state === 'DOWN').map((r) => byNode(r.node, 'tiltNode')?.spec.id);
  const fallers = [...tilted.filter((id): id is string => id !== undefined), ...shot.cameraFalls];
  // A model knocked over was hit even where it carries no hit sensor (infantry).
  if (target === null && fallers.length > 0) target = fallers[0] ?? null;
  const fell = target !== null && fallers.includes(target);
  return { targetId: target, hit: target !== null, fell, ricochet: false };
}

export function attributionOf(state: GameState, shot: OpenShot): Attribution {
  return shot.correction ?? proposedAttribution(state, shot);
}

function openShot(state: GameState, seq: number, shooterId: string | null, launcherNode: string | null): OpenShot {
  const shot: OpenShot = { openedSeq: seq, shooterId, launcherNode, readings: [], cameraFalls: [], correction: null };
  state.openShot = shot;
  return shot;
}

function applySensor(state: GameState, seq: number, reading: SensorReading): void {
  state.sensorKeys.add(reading.key);
  if (state.phase === 'setup') state.heard = [...state.heard.filter((x) => x.node !== reading.node).slice(-7), { kind: reading.kind, node: reading.node, hostMs: reading.hostMs }];
  if (state.phase !== 'play') return;
  if (reading.kind === 'SHOT') {
    if (state.openShot) return; // one shot at a time: a second trigger joins the open window
    const shooter = [...state.models.values()].find((m) => m.spec.launcherNode === reading.node);
    openShot(state, seq, shooter?.spec.id ?? null, reading.node);
    return;
  }
  if (reading.kind === 'TILT' && reading.state === 'UP') {
    const m = [...state.models.values()].find((x) => x.spec.tiltNode === reading.node);
    if (m) m.seenFallen = false;
    return;
  }
  const shot = state.openShot ?? openShot(state, seq, null, null);
  shot.readings.push(reading);
  if (reading.kind === 'TILT') {
    const m = [...state.models.values()].find((x) => x.spec.tiltNode === reading.node);
    if (m) m.seenFallen = true;
  }
}

/** Hands one event to the engine's game and copies back what it decided. */
export function applyRules(state: GameState, seq: number, event: RulesEvent): void {
  const before = state.rules.rejected.length;
  state.rules = applyRulesEvent(state.rules, event);
  state.rulesLog.push({ seq, event });
  const refused = state.rules.rejected[before];
  if (refused) state.warnings.push(`record ${seq}: the engine refused ${refused.type}: ${refused.reason.en}`);
  for (const [id, r] of Object.entries(state.rules.models)) {
    const m = state.models.get(id);
    if (!m) continue;
    m.damage = r.damage;
    m.fallen = r.fallen;
    m.destroyed = r.destroyed;
    m.nextTurn = r.next_turn;
  }
  if (state.phase === 'play') {
    state.turn = state.rules.turn.number;
    state.active = state.rules.turn.active_player;
  }
}

/** A model as the engine's game holds it: its stamina is the damage that destroys it. */
export function rulesModel(m: ModelSpec): RulesEvent {
  return { type: 'model-added', model: { id: m.id, player: m.player, name: m.name, figures: m.figures ?? 1, max_damage: m.stamina, stats: { ...m.stats, kind: m.kind, armour: m.armour, unit_type: m.unitType ?? null } } };
}

/** A model as its system's plugin sees it: the setup's numbers and the engine's state. */
export function tableModel(state: GameState, m: ModelState): TableModel {
  const r = state.rules.models[m.spec.id];
  return {
    id: m.spec.id,
    player: m.spec.player,
    kind: m.spec.kind,
    unitType: m.spec.unitType ?? null,
    armour: m.spec.armour,
    stamina: m.spec.stamina,
    damage: m.damage,
    fallen: m.fallen,
    destroyed: m.destroyed,
    figuresLeft: r?.figures_left ?? 1,
    markers: r?.markers ?? 0,
    suppression: r?.suppression ?? 0,
    stats: r?.spec.stats ?? {},
  };
}

/**
 * The real-shot action's input for one target as it stands now, from the system's plugin.
 * Shared by the live preview and the engine's game, so both score the same input.
 */
export function realShotFields(state: GameState, target: ModelState, a: Attribution): { action: string; input: Record<string, unknown> } | null {
  const rules = state.created ? gameSystem(state.created.ruleset)?.realShots : undefined;
  if (!rules) return null;
  const input = rules.input(tableModel(state, target), a);
  return input ? { action: rules.action, input } : null;
}

/** The engine event that scores a committed shot; virtual dice come from the game's generator. */
export function shotRulesEvent(state: GameState, a: Attribution, critical: CriticalDie | null, shooterId: string | null = null, override = false): RulesEvent | null {
  const target = a.targetId ? state.models.get(a.targetId) : undefined;
  if (!target || !a.hit) return null;
  const fields = realShotFields(state, target, a);
  if (!fields) return null;
  return {
    type: 'action-resolved',
    action: fields.action,
    input: fields.input,
    ...(critical?.source === 'virtual' ? {} : { dice: critical ? [critical.value] : [] }),
    targets: { '': target.spec.id },
    ...(shooterId !== null && state.rules.models[shooterId] ? { actor: shooterId } : {}),
    ...(override ? { override: true as const } : {}),
  };
}

function apply(state: GameState, seq: number, e: GameEvent): void {
  switch (e.type) {
    case 'game-created':
      state.created = e;
      state.phase = 'setup';
      return;
    case 'model-added':
      if (state.models.has(e.model.id)) {
        state.warnings.push(`record ${seq}: model ${e.model.id} added twice; the second is ignored`);
        return;
      }
      state.models.set(e.model.id, {
        spec: e.model,
        damage: 0,
        fallen: false,
        destroyed: false,
        nextTurn: 'normal',
        pos: null,
        seenFallen: false,
        turnStart: null,
        initiative: 0,
      });
      return;
    case 'model-removed':
      state.models.delete(e.modelId);
      return;
    case 'binding-set': {
      const m = state.models.get(e.modelId);
      if (m) m.spec = { ...m.spec, tag: e.tag, hitNode: e.hitNode, tiltNode: e.tiltNode, launcherNode: e.launcherNode };
      return;
    }
    case 'setup-finished': {
      state.phase = 'play';
      state.firstPlayer = e.firstPlayer;
      const created = state.created;
      if (created) {
        applyRules(state, seq, { type: 'game-created', ruleset: created.ruleset, seed: created.seed, first_player: e.firstPlayer });
        for (const m of state.models.values()) applyRules(state, seq, rulesModel(m.spec));
      }
      for (const m of state.models.values()) m.turnStart = m.pos ? { ...m.pos } : null;
      return;
    }
    case 'positions':
      for (const p of e.models) {
        const m = state.models.get(p.id);
        if (!m) continue;
        if (state.openShot && e.source !== 'manual' && p.fallen && !m.seenFallen) state.openShot.cameraFalls.push(p.id);
        m.pos = { xMm: p.xMm, yMm: p.yMm };
        m.seenFallen = p.fallen;
        if (m.turnStart === null) m.turnStart = { ...m.pos };
      }
      return;
    case 'sensor':
      applySensor(state, seq, e.reading);
      return;
    case 'sensor-conflict':
      state.sensorConflicts.push({ seq, kind: e.kind, key: e.key, stored: e.stored, received: e.received });
      return;
    case 'shot-opened':
      if (!state.openShot) openShot(state, seq, e.shooterId, null);
      return;
    case 'shot-corrected':
      if (state.openShot) state.openShot.correction = e.attribution;
      return;
    case 'shot-cancelled':
      state.openShot = null;
      return;
    case 'shot-committed': {
      const shooterId = state.openShot?.shooterId ?? null;
      state.openShot = null;
      const rules = shotRulesEvent(state, e.attribution, e.critical, shooterId, e.override === true);
      if (rules) {
        applyRules(state, seq, rules);
        const entry = state.rules.journal[state.rules.journal.length - 1];
        const target = e.attribution.targetId ? state.models.get(e.attribution.targetId) : undefined;
        if (e.critical && entry && entry.dice_used[0] !== e.critical.value) state.warnings.push(`record ${seq}: the critical die replays as ${String(entry.dice_used[0])}, the journal says ${e.critical.value}`);
        if (e.result && target && target.damage !== e.result.damage) state.warnings.push(`record ${seq}: the engine now scores damage ${target.damage}, the players saw ${e.result.damage}`);
      }
      state.shots.push({ seq, turn: state.turn, shooterId, attribution: e.attribution, critical: e.critical, result: e.result });
      return;
    }
    case 'model-stood-up': {
      const m = state.models.get(e.modelId);
      if (m) {
        m.seenFallen = false;
        applyRules(state, seq, { type: 'damage-corrected', model_id: e.modelId, fallen: false });
      }
      return;
    }
    case 'initiative-set': {
      const m = state.models.get(e.modelId);
      if (!m) return;
      m.initiative = e.initiative;
      if (state.phase === 'play') applyRules(state, seq, { type: 'initiative-set', model_id: e.modelId, initiative: e.initiative, ...(e.order !== undefined ? { order: e.order } : {}) });
      return;
    }
    case 'unit-activated': {
      const m = state.models.get(e.modelId);
      if (!m || state.phase !== 'play') return;
      applyRules(state, seq, { type: 'unit-activated', model_id: e.modelId, ...(e.override ? { override: true as const } : {}) });
      m.turnStart = m.pos ? { ...m.pos } : null;
      return;
    }
    case 'phase-started': {
      const m = state.models.get(e.modelId);
      if (!m || state.phase !== 'play') return;
      const wasActing = state.rules.turn.acting === e.modelId;
      applyRules(state, seq, { type: 'phase-started', model_id: e.modelId, phase: e.phase, ...(e.override ? { override: true as const } : {}) });
      if (!wasActing) m.turnStart = m.pos ? { ...m.pos } : null;
      return;
    }
    case 'turn-ended':
      if (state.phase !== 'play') return;
      applyRules(state, seq, { type: 'turn-ended' });
      // Order cards are taken back at the start of the next turn.
      for (const m of state.models.values()) {
        m.turnStart = m.pos ? { ...m.pos } : null;
        m.initiative = 0;
      }
      return;
    case 'attack-resolved': {
      applyRules(state, seq, attackRulesEvent(e));
      const entry = state.rules.journal[state.rules.journal.length - 1];
      if (e.dice === 'virtual' && entry && entry.dice_used.join() !== e.diceUsed.join()) state.warnings.push(`record ${seq}: the virtual dice replay as ${entry.dice_used.join(' ')}, the journal says ${e.diceUsed.join(' ')}`);
      state.attacks.push({ seq, turn: state.turn, event: e });
      return;
    }
    case 'table-action-resolved': {
      const turn = state.turn;
      applyRules(state, seq, tableActionRulesEvent(e));
      const entry = state.rules.journal[state.rules.journal.length - 1];
      if (e.dice === 'virtual' && entry && entry.seq === seq && entry.dice_used.join() !== e.diceUsed.join()) state.warnings.push(`record ${seq}: the virtual dice replay as ${entry.dice_used.join(' ')}, the journal says ${e.diceUsed.join(' ')}`);
      state.tableActions.push({ seq, turn, event: e });
      return;
    }
    case 'terrain-set':
      state.terrain = e.pieces;
      return;
    case 'game-ended':
      state.ended = true;
      return;
    case 'undo':
      return;
  }
}

/** Adds one record to a folded state; `isUndone` when a later undo names it. */
export function applyRecord(state: GameState, r: JournalRecord<GameEvent>, isUndone = false): void {
  state.history.push({ seq: r.seq, tMs: r.tMs, type: r.event.type, undone: isUndone, event: r.event });
  state.lastSeq = r.seq;
  if (isUndone) {
    // Facts are not undoable, but keep resent readings out whatever happens.
    if (r.event.type === 'sensor') state.sensorKeys.add(r.event.reading.key);
    return;
  }
  apply(state, r.seq, r.event);
}

/** Folds a journal into the game state. Same records, same state: nothing here reads a clock. */
export function foldGame(records: readonly JournalRecord<GameEvent>[]): GameState {
  const state = emptyState();
  const undone = undoneSeqs(records);
  for (const r of records) applyRecord(state, r, undone.has(r.seq));
  return state;
}
