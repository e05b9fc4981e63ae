import { GameEvent, type SensorReading } from './api/game-events.js';
import type { Intent, IntentReply } from './api/intents.js';
import type { GameSummary, GameView } from './api/view.js';
import { GameStore } from './journal/game-store.js';
import { GameSession } from './session/game-session.js';
import { emptyState } from './session/game-state.js';
import { buildView, type LinkStatus } from './session/view-builder.js';

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
    const newest = this.games().sort((a, b) => b.lastTMs - a.lastTMs)[0];
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
    this.unsubscribe = session.onChange(() => this.changed());
    this.changed();
  }

  openGame(id: string): IntentReply {
    if (!this.store.ids().includes(id)) return { ok: false, problem: `no game "${id}"` };
    const opened = this.store.open(id);
    if (!opened.ok) return { ok: false, problem: opened.problem };
    this.openNotes = [
      ...(opened.report.tornBytes > 0 ? [`${id}: an unfinished last record (${opened.report.tornBytes} bytes) was dropped`] : []),
      ...opened.report.damaged.map((d) => `${id}: record on line ${d.line} skipped: ${d.problem}`),
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
      link: this.link,
      demoAvailable: Boolean(this.opts.demo),
      canUndo: s?.lastUndoable() !== undefined,
      readOnly,
    });
    const replay = shown.replay ? { ...shown.replay, summary: v.history.find((x) => x.seq === shown.replay?.seq)?.summary ?? '' } : null;
    return { ...v, warnings: [...this.openNotes, ...v.warnings], replay };
  }

  games(): GameSummary[] {
    return this.store.ids().flatMap((id) => {
      const g = this.store.read(id);
      if (!g) return [];
      const created = g.records.find((r) => r.event.type === 'game-created')?.event;
      const turns = g.records.filter((r) => r.event.type === 'turn-ended').length;
      return [
        {
          id,
          title: created?.type === 'game-created' ? created.title : id,
          ruleset: created?.type === 'game-created' ? created.ruleset : '?',
          records: g.records.length,
          turn: turns + 1,
          damaged: g.damagedRecords,
          lastTMs: g.records[g.records.length - 1]?.tMs ?? 0,
        },
      ];
    });
  }

  close(): void {
    this.unsubscribe?.();
    this.session?.close();
    this.session = null;
  }
}
