import { SeededDice } from '../../core/dice/seeded-dice.js';
import { stateAfterOwnTurn, type NextTurnState } from '../../core/mechanics/unit-state.js';
import { seedRng, type RngState } from '../../core/random/rng.js';
import type { JournalRecord } from '../journal/journal.js';
import type { Attribution, CriticalDie, GameEvent, ModelSpec, PlayerId, SensorReading, ShotResult } from '../api/game-events.js';

type Created = Extract<GameEvent, { type: 'game-created' }>;

export interface PointMm {
  xMm: number;
  yMm: number;
}

export interface ModelState {
  spec: ModelSpec;
  damage: number;
  /** Lying down by the rules (a committed fall), until stood up. */
  fallen: boolean;
  destroyed: boolean;
  nextTurn: NextTurnState;
  /** Turn number in which `nextTurn` was set: it is cleared after the owner's next own turn. */
  nextTurnSetOnTurn: number;
  /** Own turns ended since `nextTurn` was set (shoots every other turn). */
  ownTurnsSinceState: number;
  pos: PointMm | null;
  /** What the camera (or the referee) last saw: lying or standing. */
  seenFallen: boolean;
  /** Where the model stood when the current turn began: moves are measured from here. */
  turnStart: PointMm | null;
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
  /** `boot:seq` of every sensor reading already recorded: resends are dropped. */
  sensorKeys: Set<string>;
  rng: RngState;
  history: HistoryEntry[];
  lastSeq: number;
  /** Problems met while folding (a record that no longer fits): shown, never thrown. */
  warnings: string[];
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
    sensorKeys: new Set(),
    rng: seedRng('shagomer'),
    history: [],
    lastSeq: 0,
    warnings: [],
  };
}

const other = (p: PlayerId): PlayerId => (p === 'A' ? 'B' : 'A');

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

function endTurn(state: GameState): void {
  for (const m of state.models.values()) {
    if (m.spec.player !== state.active) continue;
    if (m.nextTurnSetOnTurn < state.turn) {
      m.ownTurnsSinceState++;
      const after = stateAfterOwnTurn(m.nextTurn);
      if (after !== m.nextTurn) {
        m.nextTurn = after;
        m.ownTurnsSinceState = 0;
      }
    }
  }
  state.turn++;
  state.active = other(state.active);
  for (const m of state.models.values()) m.turnStart = m.pos ? { ...m.pos } : null;
}

function apply(state: GameState, seq: number, e: GameEvent): void {
  switch (e.type) {
    case 'game-created':
      state.created = e;
      state.phase = 'setup';
      state.rng = seedRng(e.seed);
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
        nextTurnSetOnTurn: 0,
        ownTurnsSinceState: 0,
        pos: null,
        seenFallen: false,
        turnStart: null,
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
    case 'setup-finished':
      state.phase = 'play';
      state.turn = 1;
      state.firstPlayer = e.firstPlayer;
      state.active = e.firstPlayer;
      for (const m of state.models.values()) m.turnStart = m.pos ? { ...m.pos } : null;
      return;
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
      if (e.critical?.source === 'virtual') {
        const dice = new SeededDice(state.rng);
        const rolled = dice.roll(6);
        if (rolled !== e.critical.value) state.warnings.push(`record ${seq}: the virtual die replays as ${rolled}, the journal says ${e.critical.value}`);
        state.rng = dice.rngState();
      }
      state.shots.push({ seq, turn: state.turn, shooterId, attribution: e.attribution, critical: e.critical, result: e.result });
      const target = e.attribution.targetId ? state.models.get(e.attribution.targetId) : undefined;
      if (target && e.result) {
        target.damage = e.result.damage;
        target.destroyed = e.result.destroyed;
        target.fallen = e.result.fallen;
        if (e.result.nextTurn !== target.nextTurn) {
          target.nextTurn = e.result.nextTurn;
          target.nextTurnSetOnTurn = state.turn;
          target.ownTurnsSinceState = 0;
        }
      }
      return;
    }
    case 'model-stood-up': {
      const m = state.models.get(e.modelId);
      if (m) {
        m.fallen = false;
        m.seenFallen = false;
      }
      return;
    }
    case 'turn-ended':
      if (state.phase === 'play') endTurn(state);
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
