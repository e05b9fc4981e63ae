import { z } from 'zod';
import type { SourcedEvent } from '../../core/game/replay-report.js';
import { DEFAULT_JSON_BOUNDS, jsonDepth } from '../../core/validation/bounded-json.js';
import { GameEvent } from '../api/game-events.js';
import { foldGame } from '../session/game-state.js';
import type { JournalRecord } from './journal.js';
import { decodeRecordLine } from './record-line.js';

const Envelope = z.object({ seq: z.int().positive(), tMs: z.number(), by: z.string().max(64).optional(), event: GameEvent }).strict();

export type JournalRead = { ok: true; events: SourcedEvent[] } | { ok: false; line: number; problem: string };

/**
 * The engine's events of an exported game journal (`.jsonl`: the app's checksummed lines, or
 * plain `{seq, tMs, event}` lines), each numbered by the journal record it came from. The app's
 * own fold decides which decisions reach the engine (undos, setup, shots), so a replay sees
 * exactly what the game saw. A damaged or unreadable line is refused, never skipped.
 */
export function rulesEventsOfJournal(text: string): JournalRead {
  const records: JournalRecord<GameEvent>[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    if (line.trim() === '') continue;
    if (jsonDepth(line, DEFAULT_JSON_BOUNDS.maxDepth) > DEFAULT_JSON_BOUNDS.maxDepth) return { ok: false, line: i + 1, problem: `nested deeper than ${DEFAULT_JSON_BOUNDS.maxDepth} levels` };
    let value: unknown;
    if (line.startsWith('{"crc"')) {
      const decoded = decodeRecordLine(line);
      if (!decoded.ok) return { ok: false, line: i + 1, problem: decoded.problem };
      value = decoded.value;
    } else {
      try {
        value = JSON.parse(line) as unknown;
      } catch {
        return { ok: false, line: i + 1, problem: 'not JSON' };
      }
    }
    const r = Envelope.safeParse(value);
    if (!r.success) {
      const issue = r.error.issues[0];
      return { ok: false, line: i + 1, problem: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}` };
    }
    const prev = records[records.length - 1];
    if (prev && r.data.seq <= prev.seq) return { ok: false, line: i + 1, problem: `seq ${r.data.seq} after ${prev.seq}` };
    records.push(r.data);
  }
  if (records.length === 0) return { ok: false, line: 1, problem: 'no journal records' };
  const state = foldGame(records);
  return { ok: true, events: state.rulesLog.map((r) => ({ seq: r.seq, event: r.event })) };
}
