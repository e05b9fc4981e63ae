import { crc32 } from 'node:zlib';

/**
 * One journal line: `{"crc":"xxxxxxxx","len":N,"rec":<record JSON>}\n`. The line is itself JSON
 * (any tool can read it), while `len` and `crc` cover the record's exact text, so a torn or
 * bit-flipped line is found without trusting the parser: a JSON parser would accept a record
 * cut after a complete value, the length check does not.
 */
const PREFIX = /^\{"crc":"([0-9a-f]{8})","len":(\d{1,9}),"rec":/;

export function encodeRecordLine(recordJson: string): string {
  const crc = crc32(Buffer.from(recordJson, 'utf8')).toString(16).padStart(8, '0');
  return `{"crc":"${crc}","len":${recordJson.length},"rec":${recordJson}}\n`;
}

export type LineCheck = { ok: true; value: unknown } | { ok: false; problem: string };

/** Checks one line (without its newline) and parses the record it carries. */
export function decodeRecordLine(line: string): LineCheck {
  const m = PREFIX.exec(line);
  if (!m) return { ok: false, problem: 'not a journal record line' };
  const start = m[0].length;
  const len = Number(m[2]);
  if (line.length !== start + len + 1 || line[start + len] !== '}') return { ok: false, problem: 'length does not match (torn or edited record)' };
  const text = line.slice(start, start + len);
  const crc = crc32(Buffer.from(text, 'utf8')).toString(16).padStart(8, '0');
  if (crc !== m[1]) return { ok: false, problem: 'checksum does not match (damaged record)' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: 'record is not JSON' };
  }
}
