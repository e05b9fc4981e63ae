import { applyEvent, emptyGame, tryApplyEvent, type GameEventInput as RulesEvent } from '../../core/game/index.js';
import type { Text } from '../../core/rulesets/labels.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import { validateRoster, type Roster } from '../../core/rulesets/roster.js';
import type { CriticalDie, GameEvent, ModelSpec, SensorReading } from '../api/game-events.js';
import { UNDOABLE } from '../api/game-events.js';
import type { Intent } from '../api/intents.js';
import type { Journal, JournalRecord } from '../journal/journal.js';
import { applyRecord, attributionOf, foldGame, rulesModel, shotRulesEvent, undoneSeqs, type GameState } from './game-state.js';
import { rosterModels } from '../setup/roster-models.js';
import { rollAttack } from './attack-rolls.js';
import { rollAction } from './action-rolls.js';
import type { ActionDraft } from '../api/intents.js';
import { terrainProblem } from './terrain.js';
import { moveRefusal } from './move-check.js';
import { ordersEvents } from './orders.js';
import { replaySteps, stateAt } from './replay.js';
import { hasRealShots, scoreRealShot } from './real-shot-rules.js';
import type { Selection } from './view-builder.js';

export type Outcome = { ok: true } | { ok: false; problem: string; reason?: Text };

const fail = (problem: string): Outcome => ({ ok: false, problem });
/** A refusal of the engine's turn structure: its reason in both languages. */
const refuse = (reason: Text): Outcome => ({ ok: false, problem: reason.en, reason });
const OK: Outcome = { ok: true };
const PLAY_INTENTS: ReadonlySet<GameIntent['type']> = new Set(['open-shot', 'correct-shot', 'commit-shot', 'roll-attack', 'roll-action', 'activate', 'start-phase', 'set-initiative', 'end-turn', 'stand-up', 'place-models']);

/** The engine's names for the fields of a model the app names otherwise (see rulesModel). */
const ENGINE_FIELD: Record<string, string> = { 'model.max_damage': 'stamina', max_damage: 'stamina' };

/** Intents that belong to one open game (new-game, open-game and play-demo are the app's). */
export type GameIntent = Exclude<Intent, { type: 'new-game' | 'open-game' | 'play-demo' }>;

/**
 * One game in play: its journal and the state folded from it. Every decision becomes a journal
 * record first and state second, so what a player sees has always been written to disk.
 */
export class GameSession {
  private state: GameState;
  selection: Selection = { shooterId: null, targetId: null, weaponId: null };
  /** The table action being prepared (not journalled: only its roll is). */
  draft: ActionDraft | null = null;
  private readonly listeners = new Set<() => void>();
  /** The replay's step while the players step through the game; null in play. */
  private replayStep: number | null = null;
  private replayed: { seq: number; state: GameState } | null = null;

  constructor(
    readonly gameId: string,
    private readonly journal: Journal<GameEvent>,
  ) {
    this.state = foldGame(journal.records());
  }

  /** Why this game cannot be written (its journal holds records of a newer version), or null. */
  get readOnlyReason(): string | null {
    return this.journal.readOnly;
  }

  get current(): GameState {
    return this.state;
  }

  records(): readonly JournalRecord<GameEvent>[] {
    return this.journal.records();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private append(event: GameEvent): void {
    const record = this.journal.append(event);
    if (event.type === 'undo') this.state = foldGame(this.journal.records());
    else applyRecord(this.state, record);
    this.changed();
  }

  /**
   * Records one hub message unless it was recorded before (a resend after a lost ACK or a
   * restart). Returns once the record is durable: the caller acknowledges to the hub after this.
   */
  recordSensor(reading: SensorReading): 'recorded' | 'duplicate' {
    if (this.state.sensorKeys.has(reading.key)) return 'duplicate';
    this.append({ type: 'sensor', reading });
    return 'recorded';
  }

  /**
   * Records a hub message the link flagged (conflict or suspect) once; returns once durable, so
   * the link acknowledges it only then.
   */
  recordSensorConflict(c: { kind: 'conflict' | 'suspect'; key: string; stored: string | null; received: string }): void {
    if (this.state.sensorConflicts.some((x) => x.key === c.key && x.received === c.received && x.kind === c.kind)) return;
    this.append({ type: 'sensor-conflict', ...c });
  }

  /** Camera positions (or a scripted demo's) as they arrive. */
  recordPositions(source: 'camera' | 'script', models: { id: string; xMm: number; yMm: number; fallen: boolean }[]): void {
    const known = models.filter((p) => this.state.models.has(p.id));
    if (known.length > 0) this.append({ type: 'positions', source, models: known });
  }

  close(): void {
    this.journal.close();
  }

  /** The newest decision not yet taken back (manual moves included, camera facts not). */
  lastUndoable(): JournalRecord<GameEvent> | undefined {
    const records = this.journal.records();
    const undone = undoneSeqs(records);
    for (let i = records.length - 1; i >= 0; i--) {
      const r = records[i] as JournalRecord<GameEvent>;
      if (undone.has(r.seq) || !UNDOABLE.has(r.event.type)) continue;
      if (r.event.type === 'positions' && r.event.source !== 'manual') continue;
      if (r.event.type === 'terrain-set' && r.event.source !== 'manual') continue;
      if (r.event.type === 'game-created') return undefined;
      return r;
    }
    return undefined;
  }

  /** A roster checked against the game's own system and its catalogue, as models to add. */
  private rosterModels(roster: Roster): ReturnType<typeof rosterModels> {
    const ruleset = this.state.created?.ruleset;
    if (roster.system !== ruleset) return { ok: false, problem: `the roster is for ${roster.system}, this game plays ${ruleset ?? 'nothing yet'}` };
    const checked = validateRoster(roster);
    if (!checked.ok) return { ok: false, problem: checked.problems.map((p) => `${p.field}: ${p.problem}`).join('; ') };
    const system = gameSystem(ruleset);
    if (!system) return { ok: false, problem: `unknown system ${ruleset}` };
    return rosterModels(checked.units, roster.player, system.catalogue);
  }

  private nextModelId(player: 'A' | 'B'): string {
    const taken = new Set(this.journal.records().flatMap((r) => (r.event.type === 'model-added' ? [r.event.model.id] : [])));
    let n = 1;
    while (taken.has(`${player}${n}`)) n++;
    return `${player}${n}`;
  }

  /**
   * The engine's game takes the models when setup ends: ask it now, so a model it would refuse
   * then is never shown as part of the game. Null when it takes it.
   */
  private engineRefuses(model: ModelSpec): string | null {
    const created = this.state.created;
    if (!created) return null;
    const game = applyEvent(emptyGame(), { type: 'game-created', ruleset: created.ruleset, seed: created.seed });
    const tried = tryApplyEvent(game, rulesModel(model));
    return tried.ok ? null : `model.${ENGINE_FIELD[tried.error.field] ?? tried.error.field}: ${tried.error.problem}`;
  }

  /** What the screen shows: the game now, or as it stood at the replay's step. */
  viewState(): { state: GameState; replay: { step: number; steps: number; seq: number; type: string; summary: string } | null } {
    if (this.replayStep === null) return { state: this.state, replay: null };
    const records = this.journal.records();
    const steps = replaySteps(records);
    const step = Math.min(this.replayStep, steps.length - 1);
    const seq = steps[step] ?? this.state.lastSeq;
    if (this.replayed?.seq !== seq) this.replayed = { seq, state: stateAt(records, seq) };
    const type = records.find((r) => r.seq === seq)?.event.type ?? '';
    return { state: this.replayed.state, replay: { step, steps: steps.length, seq, type, summary: '' } };
  }

  handle(intent: GameIntent): Outcome {
    const s = this.state;
    if (intent.type === 'replay') {
      this.replayStep = intent.step;
      this.replayed = null;
      this.changed();
      return OK;
    }
    if (this.replayStep !== null && intent.type !== 'select' && intent.type !== 'pick-weapon' && intent.type !== 'draft-action') return fail('leave the replay first');
    // A finished game is read, replayed and undone (to play on), not played.
    if (s.ended && PLAY_INTENTS.has(intent.type)) return fail('the game has already ended');
    switch (intent.type) {
      case 'add-model': {
        if (s.phase !== 'setup') return fail('models are added during setup');
        const model: ModelSpec = { ...intent.model, id: this.nextModelId(intent.model.player) };
        const refused = this.engineRefuses(model);
        if (refused) return fail(refused);
        this.append({ type: 'model-added', model });
        return OK;
      }
      case 'add-roster': {
        if (s.phase !== 'setup') return fail('models are added during setup');
        const added = this.rosterModels(intent.roster);
        if (!added.ok) return fail(added.problem);
        // Checked with the id the next model would get: only the model's own values are at stake.
        const models = added.models.map((draft) => ({ ...draft, id: this.nextModelId(draft.player) }));
        const refused = models.map((m) => this.engineRefuses(m)).find((r) => r !== null);
        if (refused) return fail(refused);
        for (const draft of added.models) this.append({ type: 'model-added', model: { ...draft, id: this.nextModelId(draft.player) } });
        return OK;
      }
      case 'remove-model':
        if (s.phase !== 'setup') return fail('models are removed during setup');
        if (!s.models.has(intent.modelId)) return fail(`no model ${intent.modelId}`);
        this.append({ type: 'model-removed', modelId: intent.modelId });
        return OK;
      case 'bind': {
        if (!s.models.has(intent.modelId)) return fail(`no model ${intent.modelId}`);
        const clash = [...s.models.values()].find(
          (m) => m.spec.id !== intent.modelId && ((intent.tag !== null && m.spec.tag === intent.tag) || (intent.hitNode !== null && m.spec.hitNode === intent.hitNode)),
        );
        if (clash) return fail(`tag or hit sensor already bound to ${clash.spec.id} ${clash.spec.name}`);
        const { type: _t, ...binding } = intent;
        this.append({ type: 'binding-set', ...binding });
        return OK;
      }
      case 'finish-setup': {
        if (s.phase !== 'setup') return fail('setup is already finished');
        const players = new Set([...s.models.values()].map((m) => m.spec.player));
        if (!players.has('A') || !players.has('B')) return fail('each player needs at least one model');
        this.append({ type: 'setup-finished', firstPlayer: intent.firstPlayer });
        return OK;
      }
      case 'place-models': {
        const unknown = intent.models.find((p) => !s.models.has(p.id));
        if (unknown) return fail(`no model ${unknown.id}`);
        const refused = moveRefusal(s, intent.models);
        if (refused && !intent.override) return fail(refused);
        this.append({ type: 'positions', source: 'manual', models: intent.models, ...(refused ? { override: true } : {}) });
        return OK;
      }
      case 'camera-positions':
        this.recordPositions('camera', intent.models);
        return OK;
      case 'select': {
        for (const id of [intent.shooterId, intent.targetId]) if (id !== null && !s.models.has(id)) return fail(`no model ${id}`);
        this.selection = { shooterId: intent.shooterId, targetId: intent.targetId, weaponId: intent.weaponId };
        // An action is prepared for its actor: selecting another model leaves it.
        if (this.draft && this.draft.actorId !== intent.shooterId) this.draft = null;
        this.changed();
        return OK;
      }
      case 'pick-weapon': {
        const shooter = this.selection.shooterId ? s.models.get(this.selection.shooterId) : undefined;
        if (!shooter) return fail('no shooter is selected');
        if (!shooter.spec.weapons.some((w) => w.id === intent.weaponId)) return fail(`${shooter.spec.name} has no weapon ${intent.weaponId}`);
        this.selection = { ...this.selection, weaponId: intent.weaponId };
        this.changed();
        return OK;
      }
      case 'open-shot':
        if (s.phase !== 'play') return fail('shots are taken once setup is finished');
        // A system without launchers rolls every shot on the table: there is nothing to open.
        if (s.created && !hasRealShots(s.created.ruleset)) return fail(`${s.created.ruleset} has no real launchers`);
        if (s.openShot) return fail('a shot is already open: commit or cancel it first');
        this.append({ type: 'shot-opened', shooterId: intent.shooterId });
        return OK;
      case 'correct-shot':
        if (!s.openShot) return fail('no shot is open');
        if (intent.attribution.targetId !== null && !s.models.has(intent.attribution.targetId)) return fail(`no model ${intent.attribution.targetId}`);
        this.append({ type: 'shot-corrected', attribution: intent.attribution });
        return OK;
      case 'commit-shot':
        return this.commitShot(intent.die, intent.override === true);
      case 'set-terrain': {
        if (!s.created) return fail('no game is open');
        const bad = terrainProblem(s.created.ruleset, intent.pieces);
        if (bad) return fail(bad);
        // Camera updates of tagged pieces only when something moved: the journal stays small.
        if (JSON.stringify(intent.pieces) === JSON.stringify(s.terrain)) return OK;
        this.append({ type: 'terrain-set', source: intent.source, pieces: intent.pieces });
        return OK;
      }
      case 'end-game':
        if (s.phase !== 'play') return fail('the game has not started');
        if (s.ended) return fail('the game has already ended');
        this.append({ type: 'game-ended' });
        return OK;
      case 'roll-attack': {
        const rolled = rollAttack(s, this.selection, intent.dice);
        if (!rolled.ok) return rolled.reason ? refuse(rolled.reason) : fail(rolled.problem);
        this.append(rolled.event);
        return OK;
      }
      case 'draft-action': {
        const d = intent.draft;
        if (d) {
          for (const id of [d.actorId, ...d.targetIds]) if (!s.models.has(id)) return fail(`no model ${id}`);
        }
        this.draft = d;
        this.changed();
        return OK;
      }
      case 'roll-action': {
        const rolled = rollAction(s, this.draft, intent.dice, intent.override === true);
        if (!rolled.ok) return rolled.reason ? { ok: false, problem: rolled.problem, reason: rolled.reason } : fail(rolled.problem);
        // Rolled: the action is done (its result line stays), the next one starts afresh.
        this.draft = null;
        this.append(rolled.event);
        return OK;
      }
      case 'cancel-shot':
        if (!s.openShot) return fail('no shot is open');
        this.append({ type: 'shot-cancelled' });
        return OK;
      case 'stand-up': {
        const m = s.models.get(intent.modelId);
        if (!m) return fail(`no model ${intent.modelId}`);
        if (!m.fallen || m.destroyed) return fail(`${m.spec.name} is not lying down`);
        if (m.spec.player !== s.active) return fail('a model is stood up by its owner, in his turn');
        this.append({ type: 'model-stood-up', modelId: intent.modelId });
        return OK;
      }
      case 'activate': {
        const m = s.models.get(intent.modelId);
        if (!m) return fail(`no model ${intent.modelId}`);
        if (s.phase !== 'play') return fail('the game has not started');
        // The engine's game knows who may act: ask it before anything is written.
        const tried = tryApplyEvent(s.rules, { type: 'unit-activated', model_id: intent.modelId, ...(intent.override ? { override: true as const } : {}) });
        if (!tried.ok) return refuse(tried.reason);
        this.append({ type: 'unit-activated', modelId: intent.modelId, ...(intent.override ? { override: true as const } : {}) });
        return OK;
      }
      case 'start-phase': {
        const m = s.models.get(intent.modelId);
        if (!m) return fail(`no model ${intent.modelId}`);
        if (s.phase !== 'play') return fail('the game has not started');
        const flag = intent.override ? { override: true as const } : {};
        const tried = tryApplyEvent(s.rules, { type: 'phase-started', model_id: intent.modelId, phase: intent.phase, ...flag });
        if (!tried.ok) return refuse(tried.reason);
        this.append({ type: 'phase-started', modelId: intent.modelId, phase: intent.phase, ...flag });
        return OK;
      }
      case 'set-initiative': {
        const m = s.models.get(intent.modelId);
        if (!m) return fail(`no model ${intent.modelId}`);
        const system = s.created ? gameSystem(s.created.ruleset) : undefined;
        if (system?.turn.order !== 'initiative') return refuse({ ru: 'в этой системе нет карточек приказов с инициативой', en: 'this system has no order cards with initiative' });
        if (s.phase === 'play') {
          const tried = tryApplyEvent(s.rules, { type: 'initiative-set', model_id: intent.modelId, initiative: intent.initiative });
          if (!tried.ok) return refuse(tried.reason);
        }
        this.append({ type: 'initiative-set', modelId: intent.modelId, initiative: intent.initiative });
        return OK;
      }
      case 'set-orders': {
        const plan = ordersEvents(s, intent);
        if (!plan.ok) return refuse(plan.reason);
        for (const e of plan.events) this.append(e);
        return OK;
      }
      case 'end-turn':
        if (s.phase !== 'play') return fail('the game has not started');
        if (s.openShot) return fail('a shot is still open: commit or cancel it first');
        this.append({ type: 'turn-ended' });
        return OK;
      case 'undo': {
        const target = this.lastUndoable();
        if (!target) return fail('nothing to undo');
        this.append({ type: 'undo', seq: target.seq });
        return OK;
      }
    }
  }

  /** Would the engine take this shot now (the shooter's turn and phase)? */
  private turnRefusal(event: RulesEvent | null): Outcome | null {
    if (!event) return null;
    const tried = tryApplyEvent(this.state.rules, event);
    return tried.ok || tried.error.field !== 'turn' ? null : refuse(tried.reason);
  }

  private commitShot(die: { source: 'physical'; value: number } | { source: 'virtual' } | null, override: boolean): Outcome {
    const s = this.state;
    const shot = s.openShot;
    if (!shot) return fail('no shot is open');
    const attribution = attributionOf(s, shot);
    const flag = override ? { override: true as const } : {};
    if (!attribution.hit || attribution.targetId === null) {
      this.append({ type: 'shot-committed', attribution, critical: null, result: null, ...flag });
      return OK;
    }
    const refused = this.turnRefusal(shotRulesEvent(s, attribution, { source: 'physical', value: 1 }, shot.shooterId, override));
    if (refused) return refused;
    const first = scoreRealShot(s, attribution, null);
    if (first.kind === 'unavailable') return fail(first.problem);
    if (first.kind === 'no-target') return fail('the shot has no target: choose one');
    if (first.kind === 'result') {
      this.append({ type: 'shot-committed', attribution, critical: null, result: first.result, ...flag });
      return OK;
    }
    if (die === null) return fail('the critical die is due: type the die you rolled, or roll the virtual die');
    let critical: CriticalDie;
    if (die.source === 'physical') critical = { source: 'physical', value: die.value };
    else {
      // The virtual die is the engine game's seeded generator: try the event to learn its face.
      const event = shotRulesEvent(s, attribution, { source: 'virtual', value: 1 }, shot.shooterId, override);
      const tried = event ? tryApplyEvent(s.rules, event) : null;
      const face = tried?.ok ? tried.state.journal[tried.state.journal.length - 1]?.dice_used[0] : undefined;
      if (face === undefined) return fail(tried && !tried.ok ? `engine: ${tried.error.field}: ${tried.error.problem}` : 'the engine did not roll the critical die');
      critical = { source: 'virtual', value: face };
    }
    const scored = scoreRealShot(s, attribution, critical.value);
    if (scored.kind !== 'result') return fail(scored.kind === 'unavailable' ? scored.problem : 'the engine did not score the shot');
    this.append({ type: 'shot-committed', attribution, critical, result: scored.result, ...flag });
    return OK;
  }
}
