import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { GameEvent } from './api/game-events.js';
import { GameSummary } from './api/view.js';
import type { GameStore, StoredGame } from './journal/game-store.js';

const IndexEntry = z.object({ summary: GameSummary, size: z.number(), mtimeMs: z.number() }).strict();
const IndexFile = z.object({ version: z.literal(1), games: z.record(z.string(), IndexEntry) }).strict();
type IndexEntry = z.infer<typeof IndexEntry>;

/** What the games list shows of one stored game. */
export function summarize(g: StoredGame<GameEvent>): GameSummary {
  const created = g.records.find((r) => r.event.type === 'game-created')?.event;
  return {
    id: g.id,
    title: created?.type === 'game-created' ? created.title : g.id,
    ruleset: created?.type === 'game-created' ? created.ruleset : '?',
    records: g.records.length,
    turn: g.records.filter((r) => r.event.type === 'turn-ended').length + 1,
    damaged: g.damagedRecords,
    lastTMs: g.records[g.records.length - 1]?.tMs ?? 0,
  };
}

/**
 * The games list without reading every journal on each request: one summary per game, kept in
 * memory and in `<data>/games-index.json` (a cache: an entry counts only while its journal's
 * size and mtime are what they were, so a file changed behind the app's back is read again).
 * The app marks the games it writes as stale; only those are read again.
 */
export class GameIndex {
  private readonly entries = new Map<string, IndexEntry>();
  private readonly stale = new Set<string>();
  private readonly file: string;

  constructor(
    private readonly store: GameStore<GameEvent>,
    dataDir: string,
  ) {
    this.file = join(dataDir, 'games-index.json');
    const cached = this.readCache();
    let changed = false;
    for (const id of store.ids()) {
      const c = cached[id];
      const st = this.stat(id);
      if (c && st && c.size === st.size && c.mtimeMs === st.mtimeMs) this.entries.set(id, c);
      else changed = this.refresh(id) || changed;
    }
    if (changed || Object.keys(cached).length !== this.entries.size) this.save();
  }

  private readCache(): Record<string, IndexEntry> {
    try {
      const r = IndexFile.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      return r.success ? r.data.games : {};
    } catch {
      return {};
    }
  }

  private stat(id: string): { size: number; mtimeMs: number } | null {
    try {
      const s = statSync(this.store.pathOf(id));
      return { size: s.size, mtimeMs: s.mtimeMs };
    } catch {
      return null;
    }
  }

  private refresh(id: string): boolean {
    const st = this.stat(id);
    const g = st ? this.store.read(id) : undefined;
    if (!st || !g) return this.entries.delete(id);
    this.entries.set(id, { summary: summarize(g), size: st.size, mtimeMs: st.mtimeMs });
    return true;
  }

  private save(): void {
    const body: z.infer<typeof IndexFile> = { version: 1, games: Object.fromEntries(this.entries) };
    const tmp = `${this.file}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify(body));
      renameSync(tmp, this.file);
    } catch {
      // Only a cache: the next start reads the journals instead.
    }
  }

  /** A game the app has written to (appended, created, imported): read it again when next listed. */
  touch(id: string): void {
    this.stale.add(id);
  }

  list(): GameSummary[] {
    if (this.stale.size > 0) {
      for (const id of this.stale) this.refresh(id);
      this.stale.clear();
      this.save();
    }
    return [...this.entries.values()].map((e) => e.summary).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
