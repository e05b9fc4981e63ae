import { DurableLog, LogOpenError, type LineFormat } from '../../store/durable-log.js';
import type { LinkEvent } from '../events.js';
import type { EventStore } from '../session/event-store.js';
import { parseRecordEntry, toNoteLine, toRecordLine, type LinkNote, type RecordEntry } from '../record-line.js';

/** What a record file already held when it was opened. */
export interface RecordHistory {
  events: LinkEvent[];
  notes: LinkNote[];
  /** Lines that are not records (damaged, foreign text): copied to the quarantine file, kept, skipped. */
  badLines: number;
  /** Well-formed lines of a record type this build does not know (a newer host): kept, skipped. */
  foreignLines: number;
  /** One line each for the user: what was set aside and where. */
  messages: string[];
}

/** The `{"boot":…` start of a record line: a torn tail that is a prefix of one may be cut. */
const RECORD_START = '{"boot":"';

const format: LineFormat<RecordEntry> = {
  decode(line) {
    const entry = parseRecordEntry(line.toString('utf8'));
    if (entry.kind === 'bad') return { kind: 'damaged', problem: 'not a record line' };
    if (entry.kind === 'foreign') return { kind: 'foreign', problem: `record type ${entry.type} unknown to this build` };
    return { kind: 'record', value: entry };
  },
  isTornRecord(tail) {
    const t = tail.toString('latin1');
    return tail.length < 1024 && (t.startsWith(RECORD_START) || RECORD_START.startsWith(t));
  },
};

/**
 * The record file of `shagomer link --record`: record lines (record-line.ts) in a DurableLog,
 * so a line is acknowledged only once it is whole on disk, concurrent lines share one fsync
 * (group commit), and a failed write (full disk) leaves the file ending in a whole record.
 */
export class JsonlStore implements EventStore {
  private constructor(private readonly log: DurableLog) {}

  /** Opens (creating) FILE and reads back what it holds. Errors name the file. */
  static async open(path: string): Promise<{ store: JsonlStore; history: RecordHistory }> {
    await Promise.resolve();
    let opened: ReturnType<typeof DurableLog.open<RecordEntry>>;
    try {
      opened = DurableLog.open(path, format);
    } catch (e) {
      if (e instanceof LogOpenError) throw e;
      throw new LogOpenError(`${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const history: RecordHistory = { events: [], notes: [], badLines: 0, foreignLines: 0, messages: opened.recovery.messages };
    for (const l of opened.recovery.lines) {
      if (l.verdict.kind === 'damaged') history.badLines++;
      else if (l.verdict.kind === 'foreign') history.foreignLines++;
      else if (l.verdict.value.kind === 'event') history.events.push(l.verdict.value.event);
      else if (l.verdict.value.kind === 'note') history.notes.push(l.verdict.value.note);
    }
    return { store: new JsonlStore(opened.log), history };
  }

  append(event: LinkEvent): Promise<void> {
    return this.log.append(Buffer.from(`${toRecordLine(event)}\n`, 'utf8'));
  }

  appendNote(note: LinkNote): Promise<void> {
    return this.log.append(Buffer.from(`${toNoteLine(note)}\n`, 'utf8'));
  }

  async close(): Promise<void> {
    await this.log.close();
  }
}
