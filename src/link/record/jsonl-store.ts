import { open, type FileHandle } from 'node:fs/promises';
import type { LinkEvent } from '../events.js';
import type { EventStore } from '../session/event-store.js';
import { parseRecordLine, toRecordLine } from '../record-line.js';

interface Waiter {
  resolve(): void;
  reject(e: unknown): void;
}

/** What a record file already held when it was opened. */
export interface RecordHistory {
  events: LinkEvent[];
  /** Lines that were not records (a line torn by a crash, foreign text): skipped. */
  badLines: number;
}

/**
 * Appends record lines to a JSONL file. Lines that arrive while a write+fsync is running
 * are committed together by the next one (group commit), so each event waits for at most
 * two fsyncs and a burst costs one.
 */
export class JsonlStore implements EventStore {
  private queue: string[] = [];
  private waiters: Waiter[] = [];
  private flushing = false;
  private closed = false;

  private constructor(private readonly fh: FileHandle) {}

  /** Opens (creating) FILE for appending and reads back what it holds. Errors are fs errors. */
  static async open(path: string): Promise<{ store: JsonlStore; history: RecordHistory }> {
    const fh = await open(path, 'a+');
    try {
      const text = await fh.readFile('utf8');
      const history: RecordHistory = { events: [], badLines: 0 };
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        const e = parseRecordLine(line);
        if (e) history.events.push(e);
        else history.badLines++;
      }
      // A crash may have left half a line: end it so the next record starts clean.
      if (text.length > 0 && !text.endsWith('\n')) {
        await fh.write('\n');
        await fh.sync();
      }
      return { store: new JsonlStore(fh), history };
    } catch (e) {
      await fh.close();
      throw e;
    }
  }

  append(event: LinkEvent): Promise<void> {
    if (this.closed) return Promise.reject(new Error('record file closed'));
    return new Promise<void>((resolve, reject) => {
      this.queue.push(toRecordLine(event));
      this.waiters.push({ resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const lines = this.queue;
      const waiters = this.waiters;
      this.queue = [];
      this.waiters = [];
      try {
        await this.fh.write(`${lines.join('\n')}\n`);
        await this.fh.sync();
        for (const w of waiters) w.resolve();
      } catch (e) {
        for (const w of waiters) w.reject(e);
      }
    }
    this.flushing = false;
  }

  async close(): Promise<void> {
    while (this.flushing) await new Promise((r) => setTimeout(r, 5));
    this.closed = true;
    await this.fh.close();
  }
}
