import { z } from 'zod';
import type { LinkEvent } from './events.js';

/**
 * The JSONL record format of `shagomer link --record`: snake_case names, Unix-ms
 * `host_ms`, lower-case `boot`, strings exactly as on the wire.
 */
export function toRecordLine(e: LinkEvent): string {
  const head = { boot: e.boot, seq: e.seq, type: e.type, t_ms: e.tMs, host_ms: e.hostMs };
  switch (e.type) {
    case 'HELLO':
      return JSON.stringify({ ...head, proto: e.proto, fw: e.fw, nodes: e.nodes.map((n) => ({ id: n.id, kind: n.kind })) });
    case 'SHOT':
      return JSON.stringify(e.speedMmS === undefined ? { ...head, launcher: e.launcher } : { ...head, launcher: e.launcher, speed_mm_s: e.speedMmS });
    case 'HIT':
      return JSON.stringify({ ...head, node: e.node, strength: e.strength });
    case 'TILT':
      return JSON.stringify({ ...head, node: e.node, state: e.state, angle_deg: e.angleDeg });
    case 'ERR':
      return JSON.stringify({ ...head, code: e.code, text: e.text });
  }
}

const head = {
  boot: z.string().regex(/^[0-9a-f]{8}$/),
  seq: z.number().int().min(0).max(65535),
  t_ms: z.number().int().min(0),
  host_ms: z.number().int().min(0),
};
const recordLineSchema = z.discriminatedUnion('type', [
  z.object({ ...head, type: z.literal('HELLO'), proto: z.number().int(), fw: z.string(), nodes: z.array(z.object({ id: z.string(), kind: z.enum(['L', 'H', 'T']) })) }),
  z.object({ ...head, type: z.literal('SHOT'), launcher: z.string(), speed_mm_s: z.number().optional() }),
  z.object({ ...head, type: z.literal('HIT'), node: z.string(), strength: z.number().int() }),
  z.object({ ...head, type: z.literal('TILT'), node: z.string(), state: z.enum(['UP', 'DOWN']), angle_deg: z.number() }),
  z.object({ ...head, type: z.literal('ERR'), code: z.string(), text: z.string() }),
]);

/** One record line → event, or undefined for a line that is not one (e.g. torn by a crash). */
export function parseRecordLine(line: string): LinkEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const r = recordLineSchema.safeParse(json);
  if (!r.success) return undefined;
  const d = r.data;
  const base = { boot: d.boot, seq: d.seq, tMs: d.t_ms, hostMs: d.host_ms };
  switch (d.type) {
    case 'HELLO':
      return { ...base, type: d.type, proto: d.proto, fw: d.fw, nodes: d.nodes };
    case 'SHOT':
      return d.speed_mm_s === undefined ? { ...base, type: d.type, launcher: d.launcher } : { ...base, type: d.type, launcher: d.launcher, speedMmS: d.speed_mm_s };
    case 'HIT':
      return { ...base, type: d.type, node: d.node, strength: d.strength };
    case 'TILT':
      return { ...base, type: d.type, node: d.node, state: d.state, angleDeg: d.angle_deg };
    case 'ERR':
      return { ...base, type: d.type, code: d.code, text: d.text };
  }
}

/**
 * Two record-file lines that are not device events (PROTOCOL.md §10): a CONFLICT holds a
 * message whose (BOOT, SEQ) was already stored with other content, both versions as canonical
 * BODY text; a SUSPECT holds a message whose SEQ lay far outside its boot's window. Neither
 * is a delivered event: readers that do not know them skip them.
 */
export interface LinkNote {
  type: 'CONFLICT' | 'SUSPECT';
  boot: string;
  seq: number;
  tMs: number;
  hostMs: number;
  /** CONFLICT: the BODY stored first. SUSPECT: the newest SEQ of that boot when it came. */
  stored?: string;
  newestSeq?: number;
  /** The BODY that arrived (canonical form). */
  received: string;
}

export function toNoteLine(n: LinkNote): string {
  const head = { boot: n.boot, seq: n.seq, type: n.type, t_ms: n.tMs, host_ms: n.hostMs };
  return n.type === 'CONFLICT'
    ? JSON.stringify({ ...head, stored: n.stored ?? '', received: n.received })
    : JSON.stringify({ ...head, newest_seq: n.newestSeq ?? 0, received: n.received });
}

const noteSchema = z.discriminatedUnion('type', [
  z.object({ ...head, type: z.literal('CONFLICT'), stored: z.string().max(256), received: z.string().max(256) }),
  z.object({ ...head, type: z.literal('SUSPECT'), newest_seq: z.number().int().min(0).max(65535), received: z.string().max(256) }),
]);
const anyHead = z.object({ ...head, type: z.string().regex(/^[A-Z][A-Z0-9_]{0,15}$/) });

/** A record-file line: an event, a note, a well-formed line of a type this build does not know, or nothing. */
export type RecordEntry = { kind: 'event'; event: LinkEvent } | { kind: 'note'; note: LinkNote } | { kind: 'foreign'; type: string } | { kind: 'bad' };

export function parseRecordEntry(line: string): RecordEntry {
  const event = parseRecordLine(line);
  if (event) return { kind: 'event', event };
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { kind: 'bad' };
  }
  const n = noteSchema.safeParse(json);
  if (n.success) {
    const d = n.data;
    const base = { boot: d.boot, seq: d.seq, tMs: d.t_ms, hostMs: d.host_ms, received: d.received };
    return { kind: 'note', note: d.type === 'CONFLICT' ? { ...base, type: 'CONFLICT', stored: d.stored } : { ...base, type: 'SUSPECT', newestSeq: d.newest_seq } };
  }
  const h = anyHead.safeParse(json);
  const known = ['HELLO', 'SHOT', 'HIT', 'TILT', 'ERR', 'CONFLICT', 'SUSPECT'];
  if (h.success && !known.includes(h.data.type)) return { kind: 'foreign', type: h.data.type };
  return { kind: 'bad' };
}
