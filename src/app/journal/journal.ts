import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { decodeRecordLine, encodeRecordLine } from './record-line.js';

/** A record as stored: its place in the journal, when the host wrote it, and the event. */
export interface JournalRecord<E> {
  seq: number;
  tMs: number;
  event: E;
}

/** What reading a journal found besides the good records. */
export interface ReadReport {
  /** Bytes dropped from the end: a record torn by a crash or power cut. */
  tornBytes: number;
  /** Damaged records with good ones after them: skipped, kept on disk, named here. */
  damaged: { line: number; problem: string }[];
}

export type JournalOpen<E> = { ok: true; journal: Journal<E>; report: ReadReport } | { ok: false; problem: string };

function envelope<E>(event: z.ZodType<E>) {
  return z.object({ seq: z.int().positive(), tMs: z.number(), event }).strict();
}

/**
 * Parses a journal's bytes: good records in order, damaged ones reported, the torn tail measured.
 * Works on bytes, not text: a record torn inside a multi-byte letter must not shift the offsets.
 */
export function parseJournalText<E>(input: Buffer | string, eventSchema: z.ZodType<E>): { records: JournalRecord<E>[]; report: ReadReport; goodBytes: number } {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const schema = envelope(eventSchema);
  const records: JournalRecord<E>[] = [];
  const damaged: { line: number; problem: string }[] = [];
  let offset = 0;
  let goodBytes = 0;
  let lineNo = 0;
  let pendingDamage: { line: number; problem: string }[] = [];
  while (offset < bytes.length) {
    const nl = bytes.indexOf(0x0a, offset);
    lineNo++;
    if (nl < 0) break; // no newline: the last write did not finish
    const line = bytes.toString('utf8', offset, nl);
    offset = nl + 1;
    const decoded = decodeRecordLine(line);
    let problem: string;
    if (decoded.ok) {
      const r = schema.safeParse(decoded.value);
      const prev = records[records.length - 1];
      if (!r.success) problem = `record does not match the journal schema (${r.error.issues[0]?.path.join('.') ?? ''}: ${r.error.issues[0]?.message ?? ''})`;
      else if (prev && r.data.seq <= prev.seq) problem = `sequence ${r.data.seq} after ${prev.seq}`;
      else {
        records.push(r.data as JournalRecord<E>);
        damaged.push(...pendingDamage);
        pendingDamage = [];
        goodBytes = offset;
        continue;
      }
    } else problem = decoded.problem;
    pendingDamage.push({ line: lineNo, problem });
  }
  // Damage with nothing good after it is the torn tail of an interrupted write: it goes.
  return { records, report: { tornBytes: bytes.length - goodBytes, damaged }, goodBytes };
}

/**
 * An append-only journal file. `append` returns only after the record is on disk (fsync), so
 * whatever the caller shows or acknowledges afterwards survives a crash or power cut.
 * Writes are synchronous on purpose: records keep their order without a queue, and an fsync
 * costs milliseconds, far below anything a player can notice.
 */
export class Journal<E> {
  private fd: number;
  private readonly all: JournalRecord<E>[];

  private constructor(
    readonly path: string,
    fd: number,
    records: JournalRecord<E>[],
    private readonly schema: z.ZodType<E>,
    private readonly clock: () => number,
  ) {
    this.fd = fd;
    this.all = records;
  }

  /** Opens (creating if absent) a journal; a torn tail is cut off so the next record starts clean. */
  static open<E>(path: string, eventSchema: z.ZodType<E>, clock: () => number = Date.now): JournalOpen<E> {
    let fd: number;
    try {
      const existed = existsSync(path);
      fd = openSync(path, existed ? 'r+' : 'a+');
    } catch (e) {
      return { ok: false, problem: `${path}: cannot open the journal (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
    }
    try {
      const parsed = parseJournalText(readFileSync(path), eventSchema);
      if (parsed.report.tornBytes > 0) {
        ftruncateSync(fd, parsed.goodBytes);
        fsyncSync(fd);
      }
      return { ok: true, journal: new Journal(path, fd, parsed.records, eventSchema, clock), report: parsed.report };
    } catch (e) {
      closeSync(fd);
      return { ok: false, problem: `${path}: cannot read the journal (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
    }
  }

  records(): readonly JournalRecord<E>[] {
    return this.all;
  }

  lastSeq(): number {
    return this.all[this.all.length - 1]?.seq ?? 0;
  }

  /** Validates, writes and fsyncs one record; returns it once it is durable. */
  append(event: E): JournalRecord<E> {
    const checked = this.schema.parse(event);
    const record: JournalRecord<E> = { seq: this.lastSeq() + 1, tMs: this.clock(), event: checked };
    const line = Buffer.from(encodeRecordLine(JSON.stringify(record)), 'utf8');
    const size = fstatSync(this.fd).size;
    let written = 0;
    while (written < line.length) written += writeSync(this.fd, line, written, line.length - written, size + written);
    fsyncSync(this.fd);
    this.all.push(record);
    return record;
  }

  close(): void {
    if (this.fd >= 0) {
      closeSync(this.fd);
      this.fd = -1;
    }
  }
}
