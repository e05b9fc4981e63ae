import { GameEvent, type SensorReading } from './api/game-events.js';
import type { Intent, IntentReply } from './api/intents.js';
import type { GameSummary, GameView } from './api/view.js';
import { GameIndex } from './game-index.js';
import { GameStore } from './journal/game-store.js';
import { parseJournalText } from './journal/journal.js';
import { GameSession } from './session/game-session.js';
import { emptyState } from './session/game-state.js';
import { buildView, type LinkStatus } from './session/view-builder.js';

/** Clocks of two machines differ a little; a record later than this is from the future. */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;

export interface AppOptions {
  dataDir: string;
  /** Starts the bundled demo game when asked (play-demo); null when there is none. */
  demo?: ((app: AppController) => Promise<IntentReply>) | null;
  clock?: () => number;
}

/**
 * The app as every front end sees it (HTTP server, Electron IPC, the headless demo): intents
 * in, views out. Owns the game store and the open game; resumes the newest game on start.
 */
export class AppController {
  readonly store: GameStore<GameEvent>;
  private readonly index: GameIndex;
  private session: GameSession | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();
  link: LinkStatus = { status: 'none', detail: '' };
  private readonly clock: () => number;
  /** Problems found when a game was opened (damaged records), shown once in the view. */
  private openNotes: string[] = [];

  constructor(private readonly opts: AppOptions) {
    this.store = new GameStore(opts.dataDir, GameEvent);
    this.clock = opts.clock ?? Date.now;
    this.index = new GameIndex(this.store, opts.dataDir);
    // A game dated in the future (another machine's clock, an edited file) is never "the newest".
    const now = this.clock();
    const newest = this.games()
      .filter((g) => g.lastTMs <= now + FUTURE_TOLERANCE_MS)
      .sort((a, b) => b.lastTMs - a.lastTMs)[0];
    if (newest) this.openGame(newest.id);
  }

  get game(): GameSession | null {
    return this.session;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** A one-line problem for the screen (the demo's, a damaged record's). */
  note(text: string): void {
    this.openNotes = [...this.openNotes.slice(-4), text];
    this.changed();
  }

  setLinkStatus(status: LinkStatus): void {
    this.link = status;
    this.changed();
  }

  private attach(session: GameSession): void {
    this.unsubscribe?.();
    this.session?.close();
    this.session = session;
    this.index.touch(session.gameId);
    this.unsubscribe = session.onChange(() => {
      this.index.touch(session.gameId);
      this.changed();
    });
    this.changed();
  }

  openGame(id: string): IntentReply {
    if (!this.store.ids().includes(id)) return { ok: false, problem: `no game "${id}"` };
    const opened = this.store.open(id);
    if (!opened.ok) return { ok: false, problem: opened.problem };
    this.openNotes = [
      ...opened.report.messages,
      ...opened.report.damaged.map((d) => `${id}: record on line ${d.line} skipped (kept on disk): ${d.problem}`),
    ];
    this.attach(new GameSession(id, opened.journal));
    return { ok: true };
  }

  newGameId(): string {
    const d = new Date(this.clock());
    const stamp = d.toISOString().slice(0, 16).replace(/[-:T]/g, '');
    const taken = new Set(this.store.ids());
    let n = 1;
    while (taken.has(`g${stamp}-${n}`)) n++;
    return `g${stamp}-${n}`;
  }

  handle(intent: Intent): IntentReply {
    switch (intent.type) {
      case 'new-game': {
        const id = this.newGameId();
        const opened = this.store.open(id);
        if (!opened.ok) return { ok: false, problem: opened.problem };
        opened.journal.append({
          type: 'game-created',
          ruleset: intent.ruleset,
          title: intent.title || id,
          seed: intent.seed ?? `${id}-${this.clock()}`,
          players: intent.players,
          table: intent.table ?? { widthMm: 1800, depthMm: 1200 },
        });
        this.openNotes = [];
        this.attach(new GameSession(id, opened.journal));
        return { ok: true };
      }
      case 'open-game':
        return this.openGame(intent.gameId);
      case 'play-demo': {
        // Opening the recorded camera takes a few seconds (OpenCV); the game appears when ready.
        const demo = this.opts.demo;
        if (!demo) return { ok: false, problem: 'no demo session is bundled with this build' };
        demo(this).then(
          (r) => (r.ok ? undefined : this.note(`demo: ${r.problem}`)),
          (e: unknown) => this.note(`demo: ${e instanceof Error ? e.message : String(e)}`),
        );
        return { ok: true };
      }
      default:
        if (!this.session) return { ok: false, problem: 'no game is open: start a new game or open one' };
        return this.session.handle(intent);
    }
  }

  /** A hub message for the open game; resolves once durable. Without a game it is refused (not acked). */
  recordSensor(reading: SensorReading): 'recorded' | 'duplicate' {
    if (!this.session) throw new Error('no game is open: the hub keeps the message until one is');
    return this.session.recordSensor(reading);
  }

  /** A hub message the link flagged, for the referee; resolves once durable. Without a game it is refused. */
  recordSensorConflict(c: { kind: 'conflict' | 'suspect'; key: string; stored: string | null; received: string }): void {
    if (!this.session) throw new Error('no game is open: the hub keeps the message until one is');
    this.session.recordSensorConflict(c);
  }

  /** The hub readings the open game holds, with their content (for the link's conflict check). */
  deliveredReadings(): SensorReading[] {
    if (!this.session) return [];
    return this.session.records().flatMap((r) => (r.event.type === 'sensor' ? [r.event.reading] : []));
  }

  deliveredKeys(): { boot: string; seq: number }[] {
    if (!this.session) return [];
    return [...this.session.current.sensorKeys].map((k) => {
      const [boot, seq] = k.split(':');
      return { boot: boot ?? '', seq: Number(seq) };
    });
  }

  view(readOnly: boolean): GameView {
    const s = this.session;
    const shown = s?.viewState() ?? { state: emptyState(), replay: null };
    const v = buildView({
      gameId: s?.gameId ?? null,
      state: shown.state,
      selection: s?.selection ?? { shooterId: null, targetId: null, weaponId: null },
      draft: s?.draft ?? null,
      link: this.link,
      demoAvailable: Boolean(this.opts.demo),
      canUndo: s?.lastUndoable() !== undefined,
      // A journal with records of a newer version opens read-only: the UI offers no actions.
      readOnly: readOnly || (s?.readOnlyReason ?? null) !== null,
    });
    const replay = shown.replay ? { ...shown.replay, summary: v.history.find((x) => x.seq === shown.replay?.seq)?.summary ?? '' } : null;
    return { ...v, warnings: [...this.openNotes, ...v.warnings], replay };
  }

  /** Every stored game, from the index (only journals written since the last listing are read). */
  games(): GameSummary[] {
    return this.index.list();
  }

  /**
   * Stores an exported game under `id` (a fresh one by default). Refused when a record is dated
   * in the future: such a game would sort as the newest and be resumed at the next start.
   */
  importGame(text: string, id: string = this.newGameId()): { ok: true; id: string; records: number } | { ok: false; problem: string } {
    const latest = this.clock() + FUTURE_TOLERANCE_MS;
    const future = parseJournalText(text, GameEvent).records.find((r) => r.tMs > latest);
    if (future) return { ok: false, problem: `record ${future.seq} is dated ${Math.abs(future.tMs) <= 8.64e15 ? new Date(future.tMs).toISOString() : `${future.tMs} ms`}, in the future: not imported` };
    const r = this.store.importText(text, id);
    if (!r.ok) return r;
    this.index.touch(id);
    return { ok: true, id, records: r.records };
  }

  close(): void {
    this.unsubscribe?.();
    this.session?.close();
    this.session = null;
  }
}
