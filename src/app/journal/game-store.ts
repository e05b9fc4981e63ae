import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { Journal, parseJournalText, type JournalOpen, type JournalRecord } from './journal.js';

/** Game ids become file names: keep them to a safe alphabet. */
const GAME_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function isGameId(id: string): boolean {
  return GAME_ID.test(id);
}

export interface StoredGame<E> {
  id: string;
  records: readonly JournalRecord<E>[];
  damagedRecords: number;
  /** Why opening it would be read-only (records of a newer version), or null. */
  readOnly: string | null;
}

/**
 * Every game in one folder, one journal file each (`<id>.jsonl`). Listing reads each file
 * through the same checks as opening it, so a damaged game shows up as such, not as a crash.
 */
export class GameStore<E> {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly schema: z.ZodType<E>,
  ) {
    this.dir = join(dataDir, 'games');
    mkdirSync(this.dir, { recursive: true });
  }

  pathOf(id: string): string {
    if (!isGameId(id)) throw new RangeError(`bad game id "${id}"`);
    return join(this.dir, `${id}.jsonl`);
  }

  ids(): string[] {
    return readdirSync(this.dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.slice(0, -'.jsonl'.length))
      .filter(isGameId)
      .sort();
  }

  open(id: string): JournalOpen<E> {
    return Journal.open(this.pathOf(id), this.schema);
  }

  /** Reads a game without opening it for writing (listing, export). */
  read(id: string): StoredGame<E> | undefined {
    let text: Buffer;
    try {
      text = readFileSync(this.pathOf(id));
    } catch {
      return undefined;
    }
    const parsed = parseJournalText(text, this.schema);
    return { id, records: parsed.records, damagedRecords: parsed.report.damaged.length, readOnly: parsed.report.readOnly };
  }

  /** The game's journal as portable text: only verified records, re-encoded. */
  exportText(id: string): string | undefined {
    const game = this.read(id);
    if (!game) return undefined;
    return readFileSync(this.pathOf(id), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0 && parseJournalText(`${line}\n`, this.schema).records.length === 1)
      .map((line) => `${line}\n`)
      .join('');
  }

  /**
   * Stores an exported game under a fresh id. All or nothing: the text must be whole (no damaged
   * or torn record), and the file appears only after it is complete on disk (write, fsync, rename).
   */
  importText(text: string, id: string): { ok: true; records: number } | { ok: false; problem: string } {
    if (!isGameId(id)) return { ok: false, problem: `bad game id "${id}"` };
    if (this.ids().includes(id)) return { ok: false, problem: `a game "${id}" already exists` };
    const parsed = parseJournalText(text.endsWith('\n') || text.length === 0 ? text : `${text}\n`, this.schema);
    if (parsed.report.damaged.length > 0) {
      const d = parsed.report.damaged[0];
      return { ok: false, problem: `line ${d?.line ?? '?'}: ${d?.problem ?? 'damaged'}` };
    }
    const foreign = parsed.report.foreign[0];
    if (foreign) return { ok: false, problem: `line ${foreign.line}: ${foreign.problem}` };
    if (parsed.report.tornBytes > 0) return { ok: false, problem: 'the last record is incomplete or damaged' };
    if (parsed.records.length === 0) return { ok: false, problem: 'no records: not a Shagomer game export' };
    // The same game twice: its first record (created, with its seed and time) is already stored.
    const firstLine = text.split('\n', 1)[0];
    const twin = this.ids().find((other) => readFileSync(this.pathOf(other), 'utf8').split('\n', 1)[0] === firstLine);
    if (twin) return { ok: false, problem: `the same game is already here as "${twin}"` };
    const tmp = join(this.dir, `.${id}.import`);
    writeFileSync(tmp, text.endsWith('\n') ? text : `${text}\n`);
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.pathOf(id));
    const dirFd = openSync(this.dir, 'r');
    fsyncSync(dirFd);
    closeSync(dirFd);
    return { ok: true, records: parsed.records.length };
  }
}
