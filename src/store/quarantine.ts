import { closeSync, constants as fsc, fstatSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';

/** Bytes of a log that its reader could not use, and where they were. */
export interface QuarantineEntry {
  offset: number;
  line: number;
  problem: string;
  bytes: Buffer;
}

/** The side file beside a log: `<file>.quarantine`, one JSON line per set-aside record. */
export function quarantinePathOf(logPath: string): string {
  return `${logPath}.quarantine`;
}

const entryLine = z.object({ file: z.string(), offset: z.number().int().min(0), line: z.number().int(), problem: z.string(), bytes_base64: z.string() });

function keyOf(offset: number, b64: string): string {
  return `${offset}:${b64}`;
}

/**
 * Appends copies of ENTRIES to the quarantine file QPATH (created if absent), skipping those
 * already there (same offset, same bytes: a log opened twice is quarantined once). Each copy is
 * exact (base64) so nothing is lost even when the bytes are not text. Returns how many were
 * added; throws if they could not be made durable, so the caller cuts nothing it could not copy.
 */
export function quarantine(qPath: string, logPath: string, entries: readonly QuarantineEntry[]): number {
  const known = new Set<string>();
  let existing = '';
  try {
    existing = readFileSync(qPath, 'utf8');
  } catch {
    // none yet
  }
  for (const l of existing.split('\n')) {
    if (l === '') continue;
    try {
      const e = entryLine.safeParse(JSON.parse(l));
      if (e.success) known.add(keyOf(e.data.offset, e.data.bytes_base64));
    } catch {
      // a line of the side file itself torn: ignore, the new copy follows
    }
  }
  const file = basename(logPath);
  const fresh = entries
    .map((e) => ({ file, offset: e.offset, line: e.line, problem: e.problem, bytes_base64: e.bytes.toString('base64') }))
    .filter((e) => !known.has(keyOf(e.offset, e.bytes_base64)));
  if (fresh.length === 0) return 0;
  const text = Buffer.from(fresh.map((e) => `${JSON.stringify(e)}\n`).join(''), 'utf8');
  const fd = openSync(qPath, fsc.O_RDWR | fsc.O_CREAT, 0o644);
  try {
    let end = fstatSync(fd).size;
    // A torn line at the end of the side file: start ours on a new line.
    if (end > 0 && !existing.endsWith('\n')) end += writeSync(fd, '\n', end);
    let done = 0;
    while (done < text.length) {
      const n = writeSync(fd, text, done, text.length - done, end + done);
      if (n <= 0) throw new Error('write made no progress');
      done += n;
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return fresh.length;
}
