import { encodeFrame } from '../codec/encode-frame.js';
import { LOST_ERR_CODE, type DeviceMessage } from '../codec/device-message.js';
import { formatHostBody } from '../codec/host-command.js';
import type { Framing } from '../codec/frame-limits.js';
import { FrameReader, type FrameRejection } from '../codec/frame-reader.js';
import { parseDeviceBody, PROTOCOL_VERSION } from '../codec/parse-device-message.js';
import { emptyStats, type LinkEvent, type LinkStats, type LinkStatus } from '../events.js';
import { formatDeviceBody } from '../codec/format-device-message.js';
import type { LinkNote } from '../record-line.js';
import { eventBody } from './event-body.js';
import type { EventStore } from './event-store.js';
import { DeliveredSet } from './seq-window.js';

/** While good frames arrive without a HELLO, WHO is repeated at most this often. */
export const WHO_REPEAT_MS = 200;
/** On a v2 connection, this many v1 HELLOs in a row (each answered with VER,2) mean a v1 hub now. */
export const V1_HELLOS_BEFORE_FALLBACK = 8;

export interface LinkSessionOptions {
  store: EventStore;
  /** Writes a host frame to the port now open; a no-op while none is. */
  send(frame: string): void;
  onEvent?(event: LinkEvent): void;
  onStatus?(status: LinkStatus): void;
  /** A store failure: the session stops acknowledging that message. */
  onStoreError?(error: unknown): void;
  /** A CONFLICT or SUSPECT message, once recorded (before its ACK goes out). */
  onNote?(note: LinkNote): void;
  nowMs?: () => number;
}

function toEvent(m: DeviceMessage, boot: string, hostMs: number): LinkEvent | undefined {
  const base = { boot, seq: m.seq, tMs: m.tMs, hostMs };
  switch (m.type) {
    case 'HELLO':
      return { ...base, type: 'HELLO', proto: m.proto, fw: m.fw, nodes: m.nodes };
    case 'SHOT':
      return m.speedMmS === undefined ? { ...base, type: 'SHOT', launcher: m.launcher } : { ...base, type: 'SHOT', launcher: m.launcher, speedMmS: m.speedMmS };
    case 'HIT':
      return { ...base, type: 'HIT', node: m.node, strength: m.strength };
    case 'TILT':
      return { ...base, type: 'TILT', node: m.node, state: m.state, angleDeg: m.angleDeg };
    case 'ERR':
      return { ...base, type: 'ERR', code: m.code, text: m.text };
    case 'HB':
    case 'UNKNOWN':
      return undefined;
  }
}

/**
 * The host side of protocol v1 for one device port, independent of how bytes move:
 * feed it bytes and connect/disconnect calls; it acknowledges, deduplicates and stores.
 */
export class LinkSession {
  readonly stats: LinkStats = emptyStats();
  private readonly delivered = new DeliveredSet();
  /** Messages being stored; a duplicate that arrives meanwhile is acked after it. */
  private readonly pending = new Map<string, Promise<boolean>>();
  private readonly reader: FrameReader;
  /** BOOT of the last HELLO on this connection; null until one arrives. */
  private boot: string | null = null;
  private connections = 0;
  private synced = false;
  /** Framing of this connection: 1 until a PROTO 2 HELLO; then v1 frames are refused and the host answers in v2. */
  private framing: Framing = 1;
  /** v1 HELLOs refused since the last v2 frame (see onFrame). */
  private v1HellosInV2 = 0;
  /** Boots offered VER on this connection (once each: a v1 hub ignores it). */
  private readonly offered = new Set<string>();
  private lastWhoMs = -Infinity;
  private readonly now: () => number;

  constructor(private readonly opts: LinkSessionOptions) {
    this.now = opts.nowMs ?? Date.now;
    this.reader = new FrameReader({ frame: (body, framing) => this.onFrame(body, framing), reject: (why) => this.onReject(why) });
  }

  /** CONFLICT/SUSPECT notes already recorded (type:boot:body), so a resend is not a second one. Bounded. */
  private readonly notesSeen = new Set<string>();

  /** Marks a message as already delivered (rebuilding from a record file); with the event, its content too. */
  markDelivered(boot: string, seq: number, event?: LinkEvent): void {
    this.delivered.mark(boot, seq, event ? eventBody(event) : undefined);
  }

  /** A note an earlier run recorded: its repeat is acknowledged, not recorded again. */
  markNote(note: LinkNote): void {
    this.rememberNote(`${note.type}:${note.boot}:${note.received}`);
  }

  private rememberNote(key: string): void {
    if (this.notesSeen.size >= 10_000) this.notesSeen.clear();
    this.notesSeen.add(key);
  }

  connected(): void {
    if (this.connections++ > 0) this.stats.reconnects++;
    this.boot = null;
    this.synced = false;
    this.framing = 1;
    this.v1HellosInV2 = 0;
    this.offered.clear();
    this.reader.reset();
    // Offer v2 first: a v2 hub switches and answers the WHO in v2 frames; a v1 hub ignores VER.
    this.send({ type: 'VER', version: PROTOCOL_VERSION });
    this.sendWho();
  }

  private send(c: Parameters<typeof formatHostBody>[0]): void {
    this.opts.send(encodeFrame(formatHostBody(c), this.framing));
  }

  private sendWho(): void {
    this.lastWhoMs = this.now();
    this.send({ type: 'WHO' });
  }

  disconnected(): void {
    this.reader.reset();
    this.boot = null;
    this.framing = 1;
  }

  receive(chunk: Uint8Array): void {
    this.reader.push(chunk);
  }

  /** Resolves once every message in flight is stored and acknowledged. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending.values()]);
  }

  private onReject(why: FrameRejection): void {
    if (why === 'bad-crc') this.stats.badCrc++;
    else this.stats.malformed++;
  }

  private ack(boot: string, seq: number): void {
    this.send({ type: 'ACK', boot, seq });
  }

  private onFrame(body: string, framing: Framing): void {
    // After a v2 HELLO only v2 frames count: a v1 frame then is line damage that its CRC-16 let by,
    // or a hub that was reset (it starts in v1): a v1 HELLO gets a new VER,2 and WHO, never an ACK.
    // A hub that keeps answering in v1 was replaced by a v1 hub: the connection falls back to v1.
    if (framing < this.framing) {
      this.stats.malformed++;
      if (!body.startsWith('HELLO,')) return;
      if (++this.v1HellosInV2 < V1_HELLOS_BEFORE_FALLBACK) {
        if (this.now() - this.lastWhoMs >= WHO_REPEAT_MS) {
          this.send({ type: 'VER', version: PROTOCOL_VERSION });
          this.sendWho();
        }
        return;
      }
      this.stats.malformed--;
      this.framing = 1;
    } else if (framing === 2) this.v1HellosInV2 = 0;
    const parsed = parseDeviceBody(body, framing);
    if (!parsed.ok) {
      this.stats.malformed++;
      return;
    }
    const m = parsed.value;
    if (m.type === 'HELLO') {
      this.boot = m.boot;
      if (m.proto === 2) this.framing = 2;
      else if (!this.offered.has(m.boot)) {
        // A hub that powered up while connected starts in v1: offer v2 once (a v1 hub ignores it).
        this.offered.add(m.boot);
        this.send({ type: 'VER', version: PROTOCOL_VERSION });
      }
    }
    this.stats.framesGood++;
    const boot = this.boot;
    if (boot === null) {
      this.stats.beforeHello++;
      // The WHO of the connect can be lost (noise, the far end not yet open): ask again.
      if (this.now() - this.lastWhoMs >= WHO_REPEAT_MS) this.sendWho();
      return;
    }
    const key = `${boot}:${m.seq}`;
    const canonical = formatDeviceBody(m);
    if (this.delivered.has(boot, m.seq)) {
      const stored = this.delivered.body(boot, m.seq);
      // Same (BOOT, SEQ), other content: a CRC-16 collision or a device bug, never a duplicate.
      if (stored !== undefined && stored !== canonical) {
        this.note({ type: 'CONFLICT', boot, seq: m.seq, tMs: m.tMs, hostMs: this.now(), stored, received: canonical }, key);
        return;
      }
      this.stats.duplicates++;
      const inFlight = this.pending.get(key);
      if (inFlight) void inFlight.then((stored) => stored && this.ack(boot, m.seq));
      else this.ack(boot, m.seq);
      return;
    }
    if (m.type !== 'HELLO' && this.delivered.isFar(boot, m.seq)) {
      this.note({ type: 'SUSPECT', boot, seq: m.seq, tMs: m.tMs, hostMs: this.now(), newestSeq: this.delivered.newestSeq(boot), received: canonical }, key);
      return;
    }
    const event = toEvent(m, boot, this.now());
    this.delivered.mark(boot, m.seq, canonical);
    if (!event) {
      if (m.type === 'UNKNOWN') this.stats.unknownTypes++;
      this.ack(boot, m.seq);
      return;
    }
    // Identity check on delete: after a wrap the same key may belong to a newer message.
    const stored: Promise<boolean> = this.opts.store.append(event).then(
      () => {
        if (this.pending.get(key) === stored) this.pending.delete(key);
        this.stats.recorded++;
        this.ack(boot, m.seq);
        this.afterStored(event);
        return true;
      },
      (e: unknown) => {
        if (this.pending.get(key) === stored) this.pending.delete(key);
        this.delivered.unmark(boot, m.seq);
        this.opts.onStoreError?.(e);
        return false;
      },
    );
    this.pending.set(key, stored);
  }

  /**
   * Records a CONFLICT or SUSPECT (not an event: it never reaches onEvent), then acks it so the
   * device moves on. Its resend is acked without a second record.
   */
  private note(note: LinkNote, key: string): void {
    const noteKey = `${note.type}:${note.boot}:${note.received}`;
    const { boot, seq } = note;
    if (this.notesSeen.has(noteKey)) {
      this.stats.duplicates++;
      const inFlight = this.pending.get(`${key}!`);
      if (inFlight) void inFlight.then((stored) => stored && this.ack(boot, seq));
      else this.ack(boot, seq);
      return;
    }
    this.rememberNote(noteKey);
    if (note.type === 'CONFLICT') this.stats.conflicts++;
    else this.stats.suspects++;
    const append = this.opts.store.appendNote ? this.opts.store.appendNote(note) : Promise.resolve();
    const stored: Promise<boolean> = append.then(
      () => {
        if (this.pending.get(`${key}!`) === stored) this.pending.delete(`${key}!`);
        this.opts.onNote?.(note);
        this.ack(boot, seq);
        return true;
      },
      (e: unknown) => {
        if (this.pending.get(`${key}!`) === stored) this.pending.delete(`${key}!`);
        this.notesSeen.delete(noteKey);
        if (note.type === 'CONFLICT') this.stats.conflicts--;
        else this.stats.suspects--;
        this.opts.onStoreError?.(e);
        return false;
      },
    );
    this.pending.set(`${key}!`, stored);
  }

  private afterStored(event: LinkEvent): void {
    if (event.type === 'HELLO') {
      this.opts.onStatus?.({ kind: 'hello', boot: event.boot, fw: event.fw });
      if (!this.synced) {
        this.synced = true;
        this.send({ type: 'SYNC', hostMs: this.now() });
      }
    } else if (event.type === 'ERR' && event.code === LOST_ERR_CODE) {
      const count = /^\d{1,9}$/.test(event.text) ? Number(event.text) : 0;
      this.stats.deviceLost += count;
      this.opts.onStatus?.({ kind: 'device-lost', boot: event.boot, count });
    }
    this.opts.onEvent?.(event);
  }
}
