import { z } from 'zod';
import { DurableLog, LogOpenError, scanLog, type LineFormat, type Recovery } from '../../store/durable-log.js';
import { decodeRecordLine, encodeRecordLine } from './record-line.js';
import { JOURNAL_WRITER } from './writer.js';

/** A record as stored: its place in the journal, when the host wrote it, and the event. */
export interface JournalRecord<E> {
  seq: number;
  tMs: number;
  event: E;
}

/** What reading a journal found besides the good records. */
export interface ReadReport {
  /** Bytes of a torn last record (never acknowledged): copied to the quarantine file, then cut. */
  tornBytes: number;
  /** Damaged records (length, checksum, order): copied to the quarantine file, kept on disk, skipped. */
  damaged: { line: number; problem: string }[];
  /** Intact records this build cannot read (a newer version wrote them): kept untouched. */
  foreign: { line: number; problem: string }[];
  /** Why the journal was opened read-only (foreign records, nothing readable), or null. */
  readOnly: string | null;
  /** One line each for the user: what was set aside and where. */
  messages: string[];
}

export type JournalOpen<E> = { ok: true; journal: Journal<E>; report: ReadReport } | { ok: false; problem: string };

function envelope<E>(event: z.ZodType<E>) {
  return z.object({ seq: z.int().positive(), tMs: z.number(), by: z.string().max(64).optional(), event }).strict();
}

const anyRecord = z.object({ by: z.string().max(64).optional(), event: z.object({ type: z.string().max(64).optional() }).loose().optional() }).loose();

/** The journal's line format for the durable log: checksum and length, then order, then schema. */
function journalFormat<E>(eventSchema: z.ZodType<E>): LineFormat<JournalRecord<E>> {
  const schema = envelope(eventSchema);
  let lastSeq = 0;
  return {
    decode(line) {
      const decoded = decodeRecordLine(line.toString('utf8'));
      if (!decoded.ok) return { kind: 'damaged', problem: decoded.problem };
      const r = schema.safeParse(decoded.value);
      if (!r.success) {
        // Intact bytes (length and checksum hold): another version's record, not damage.
        const a = anyRecord.safeParse(decoded.value);
        const by = a.success && a.data.by ? a.data.by : 'an unknown version';
        const type = a.success ? a.data.event?.type : undefined;
        const what = type === undefined ? 'a record' : `event type "${type}"`;
        return { kind: 'foreign', problem: `written by ${by}: ${what} this build (${JOURNAL_WRITER}) cannot read` };
      }
      if (r.data.seq <= lastSeq) return { kind: 'damaged', problem: `sequence ${r.data.seq} after ${lastSeq}` };
      lastSeq = r.data.seq;
      return { kind: 'record', value: { seq: r.data.seq, tMs: r.data.tMs, event: r.data.event } as JournalRecord<E> };
    },
    isTornRecord(tail) {
      // A record cut short starts like one and is no longer than the longest record we write.
      const t = tail.toString('latin1');
      const start = '{"crc":"';
      return tail.length <= MAX_RECORD_BYTES && (t.startsWith(start) || start.startsWith(t));
    },
  };
}

/** Records longer than this are refused on write (every input bounded). */
export const MAX_RECORD_BYTES = 1 << 20;

function summarise<E>(lines: Recovery<JournalRecord<E>>['lines']): { records: JournalRecord<E>[]; damaged: ReadReport['damaged']; foreign: ReadReport['foreign'] } {
  const records: JournalRecord<E>[] = [];
  const damaged: ReadReport['damaged'] = [];
  const foreign: ReadReport['foreign'] = [];
  for (const l of lines) {
    if (l.verdict.kind === 'record') records.push(l.verdict.value);
    else if (l.verdict.kind === 'damaged') damaged.push({ line: l.line, problem: l.verdict.problem });
    else foreign.push({ line: l.line, problem: l.verdict.problem });
  }
  return { records, damaged, foreign };
}

function readOnlyReason(path: string, s: ReturnType<typeof summarise>): string | null {
  const f = s.foreign[0];
  if (f) return `${path}: record on line ${f.line} was ${f.problem}; the game opens read-only (use the version that wrote it to continue)`;
  if (s.records.length === 0 && s.damaged.length > 0) return `${path}: no record this build can read (${s.damaged.length} unreadable, kept); the game opens read-only`;
  return null;
}

/**
 * Parses a journal's bytes without touching any file: good records in order, damaged and
 * foreign ones reported, the torn tail measured.
 */
export function parseJournalText<E>(input: Buffer | string, eventSchema: z.ZodType<E>): { records: JournalRecord<E>[]; report: ReadReport } {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const scan = scanLog(bytes, journalFormat(eventSchema));
  const s = summarise(scan.lines);
  return { records: s.records, report: { tornBytes: scan.tornBytes, damaged: s.damaged, foreign: s.foreign, readOnly: readOnlyReason('journal', s), messages: [] } };
}

/**
 * An append-only journal file on a DurableLog. `append` returns only after the whole record is
 * on disk (fsync); a failed write (full disk) throws with the file cut back to its last whole
 * record, so whatever the caller shows or acknowledges has been written, and records after a
 * failure are readable after a restart. Writes are synchronous on purpose: records keep their
 * order without a queue, and an fsync costs milliseconds, far below anything a player notices.
 */
export class Journal<E> {
  private readonly all: JournalRecord<E>[];

  private constructor(
    readonly path: string,
    private readonly log: DurableLog,
    records: JournalRecord<E>[],
    private readonly schema: z.ZodType<E>,
    private readonly clock: () => number,
    /** Set when the file holds records this build must not write after. */
    readonly readOnly: string | null,
  ) {
    this.all = records;
  }

  /**
   * Opens (creating if absent) a journal. Damaged records are quarantined and kept; a torn tail
   * is copied aside and cut; foreign records make it read-only, leaving the file byte-identical.
   */
  static open<E>(path: string, eventSchema: z.ZodType<E>, clock: () => number = Date.now): JournalOpen<E> {
    try {
      // First look without writing: only a journal this build can fully read is opened for writing.
      const look = DurableLog.open(path, journalFormat(eventSchema), { readOnly: true, maxBytes: 1 << 30, create: true });
      const first = summarise(look.recovery.lines);
      const reason = readOnlyReason(path, first);
      let log = look.log;
      let recovery = look.recovery;
      if (reason === null) {
        look.log.closeSync();
        ({ log, recovery } = DurableLog.open(path, journalFormat(eventSchema)));
      }
      const s = summarise(recovery.lines);
      const messages = [...look.recovery.messages, ...recovery.messages.filter((m) => !look.recovery.messages.includes(m)), ...(reason ? [reason] : [])];
      const report: ReadReport = { tornBytes: recovery.tornBytes, damaged: s.damaged, foreign: s.foreign, readOnly: reason, messages };
      return { ok: true, journal: new Journal(path, log, s.records, eventSchema, clock, reason), report };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof LogOpenError) return { ok: false, problem: message.replace(': cannot open', ': cannot open the journal').replace(': cannot read', ': cannot read the journal') };
      return { ok: false, problem: `${path}: cannot read the journal (${message})` };
    }
  }

  records(): readonly JournalRecord<E>[] {
    return this.all;
  }

  lastSeq(): number {
    return this.all[this.all.length - 1]?.seq ?? 0;
  }

  /** Validates, writes and fsyncs one record; returns it once it is durable. Throws if not. */
  append(event: E): JournalRecord<E> {
    if (this.readOnly) throw new Error(this.readOnly);
    const checked = this.schema.parse(event);
    const record: JournalRecord<E> = { seq: this.lastSeq() + 1, tMs: this.clock(), event: checked };
    const line = Buffer.from(encodeRecordLine(JSON.stringify({ seq: record.seq, tMs: record.tMs, by: JOURNAL_WRITER, event: checked })), 'utf8');
    if (line.length > MAX_RECORD_BYTES) throw new RangeError(`${this.path}: a record of ${line.length} bytes exceeds ${MAX_RECORD_BYTES}`);
    this.log.appendSync(line);
    this.all.push(record);
    return record;
  }

  close(): void {
    this.log.closeSync();
  }
}
