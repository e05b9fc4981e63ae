import { Rng } from '../../core/random/rng.js';
import { LOST_ERR_CODE, type DeviceMessage, type NodeInfo } from '../codec/device-message.js';
import { encodeFrame } from '../codec/encode-frame.js';
import type { Framing } from '../codec/frame-limits.js';
import { FrameReader } from '../codec/frame-reader.js';
import { formatDeviceBody } from '../codec/format-device-message.js';
import { parseHostBody } from '../codec/host-command.js';

export const RETRANSMIT_MS = 200;
export const HEARTBEAT_MS = 1000;
export const DEFAULT_QUEUE_SIZE = 32;

/** A sensor reading before the device gives it a SEQ and a time. */
export type SimReading =
  | { type: 'SHOT'; launcher: string; speedMmS?: number }
  | { type: 'HIT'; node: string; strength: number }
  | { type: 'TILT'; node: string; state: 'UP' | 'DOWN'; angleDeg: number };

/** Line trouble the simulator adds on purpose, each a probability in [0, 1]. */
export interface SimNoise {
  /** Per byte sent: replaced by a random byte. */
  byteCorrupt: number;
  /** Per frame sent: random bytes written before it. */
  garbage: number;
  /** Per frame sent: only a prefix is written (the rest never arrives). */
  truncate: number;
  /** Per ACK received: ignored, as if lost on the wire. */
  ackLoss: number;
}
export const NO_NOISE: SimNoise = { byteCorrupt: 0, garbage: 0, truncate: 0, ackLoss: 0 };

export interface SimDeviceOptions {
  /** Writes bytes to the wire (a no-op while the port is closed). */
  write(bytes: Buffer): void;
  nowMs?: () => number;
  seed?: string;
  /** BOOT of the first power-up; later ones are random. */
  boot?: string;
  fw?: string;
  nodes?: NodeInfo[];
  queueSize?: number;
  noise?: Partial<SimNoise>;
  /** Highest protocol version (default 2): 1 simulates a hub that ignores VER and sends v1 frames only. */
  maxProto?: 1 | 2;
  /** Called once per message the host acknowledged (first ACK only). */
  onAcked?(boot: string, message: DeviceMessage): void;
}

interface Queued {
  message: DeviceMessage;
  /** Encoded in the framing of its last transmission (rebuilt when the framing changes). */
  frame: string;
  framing: Framing;
  lastSentMs: number;
}

export interface SimStats {
  boots: number;
  framesSent: number;
  retransmits: number;
  acked: number;
  /** Readings that found the queue full (reported to the host in LOST errors). */
  lostQueueFull: number;
  /** Messages still unacknowledged when the device was reset. */
  lostInReset: number;
}

export const DEFAULT_NODES: NodeInfo[] = [
  { id: 'L1', kind: 'L' },
  { id: 'L2', kind: 'L' },
  { id: 'H1', kind: 'H' },
  { id: 'H2', kind: 'H' },
  { id: 'H3', kind: 'H' },
  { id: 'T1', kind: 'T' },
  { id: 'T2', kind: 'T' },
];

/**
 * A hub as the firmware behaves: HELLO first and alone until acknowledged, a bounded queue
 * of unacknowledged messages resent every 200 ms, a LOST error when readings did not fit,
 * a heartbeat after 1 s of silence, and a new BOOT and SEQ space on reset.
 */
export class SimDevice {
  readonly stats: SimStats = { boots: 0, framesSent: 0, retransmits: 0, acked: 0, lostQueueFull: 0, lostInReset: 0 };
  boot = '';
  private seq = 0;
  private bootAtMs = 0;
  private queue: Queued[] = [];
  private helloAcked = false;
  private lostUnreported = 0;
  private lastTxMs = 0;
  /** Framing of what it sends: 1 from power-up, 2 after the host's VER,2 (if maxProto allows). */
  private framing: Framing = 1;
  private readonly rng: Rng;
  private readonly now: () => number;
  private readonly noise: SimNoise;
  private readonly queueSize: number;
  private readonly nodes: NodeInfo[];
  private readonly reader: FrameReader;

  constructor(private readonly opts: SimDeviceOptions) {
    this.now = opts.nowMs ?? (() => performance.now());
    this.rng = Rng.fromSeed(opts.seed ?? 'shagomer-sim');
    this.noise = { ...NO_NOISE, ...opts.noise };
    this.queueSize = opts.queueSize ?? DEFAULT_QUEUE_SIZE;
    this.nodes = opts.nodes ?? DEFAULT_NODES;
    this.reader = new FrameReader({ frame: (body) => this.onHostFrame(body), reject: () => {} });
    this.powerUp(opts.boot);
  }

  /** A reset: RAM is gone, a new BOOT starts a new SEQ space with a HELLO. */
  powerUp(boot?: string): void {
    this.stats.lostInReset += this.queue.filter((q) => q.message.type !== 'HELLO').length;
    this.stats.boots++;
    this.boot = (boot ?? this.rng.nextUint32().toString(16).padStart(8, '0')).toLowerCase();
    this.seq = 0;
    this.bootAtMs = this.now();
    this.queue = [];
    this.helloAcked = false;
    this.lostUnreported = 0;
    this.framing = 1;
    this.enqueueHello();
  }

  /** Unacknowledged messages, HELLO included. */
  get queued(): number {
    return this.queue.length;
  }

  /** True once the host acknowledged this boot's HELLO. */
  get linked(): boolean {
    return this.helloAcked;
  }

  /** True when every message so far has been acknowledged. */
  get idle(): boolean {
    return this.queue.length === 0 && this.lostUnreported === 0;
  }

  /** Bytes from the host. */
  receive(chunk: Uint8Array): void {
    this.reader.push(chunk);
  }

  /** A sensor fired. Returns the message queued, or null if the queue was full (counted as lost). */
  reading(r: SimReading): DeviceMessage | null {
    if (this.queue.length >= this.queueSize) {
      this.lostQueueFull();
      return null;
    }
    const message = { ...r, seq: this.nextSeq(), tMs: this.deviceMs() } as DeviceMessage;
    this.enqueue(message);
    return message;
  }

  /** True if a reading now would be queued. */
  get hasRoom(): boolean {
    return this.queue.length < this.queueSize;
  }

  /** A random reading from the node list, drawn from the seeded generator. */
  randomReading(): SimReading {
    const pick = (kind: string): string => {
      const ids = this.nodes.filter((n) => n.kind === kind).map((n) => n.id);
      return ids[this.rng.nextUint32() % ids.length] ?? `${kind}1`;
    };
    const r = this.rng.nextUint32() % 3;
    if (r === 0) return { type: 'SHOT', launcher: pick('L'), speedMmS: 2000 + (this.rng.nextUint32() % 8000) };
    if (r === 1) return { type: 'HIT', node: pick('H'), strength: this.rng.nextUint32() % 1024 };
    return { type: 'TILT', node: pick('T'), state: this.rng.nextUint32() % 2 ? 'DOWN' : 'UP', angleDeg: (this.rng.nextUint32() % 181) - 90 };
  }

  /** Call often (every few ms): resends, LOST reports, heartbeats. */
  tick(): void {
    const t = this.now();
    if (this.lostUnreported > 0 && this.helloAcked && this.queue.length < this.queueSize) {
      const count = this.lostUnreported;
      this.lostUnreported = 0;
      this.enqueue({ type: 'ERR', seq: this.nextSeq(), tMs: this.deviceMs(), code: LOST_ERR_CODE, text: String(count) });
    }
    for (const q of this.queue) {
      if (!this.mayTransmit(q)) continue;
      if (t - q.lastSentMs >= RETRANSMIT_MS) {
        this.stats.retransmits++;
        this.transmit(q, t);
      }
    }
    if (this.helloAcked && t - this.lastTxMs >= HEARTBEAT_MS && this.queue.length < this.queueSize) {
      this.enqueue({ type: 'HB', seq: this.nextSeq(), tMs: this.deviceMs() });
    }
  }

  private lostQueueFull(): void {
    this.stats.lostQueueFull++;
    this.lostUnreported++;
  }

  private nextSeq(): number {
    const s = this.seq;
    this.seq = (this.seq + 1) & 0xffff;
    return s;
  }

  private deviceMs(): number {
    return Math.floor(this.now() - this.bootAtMs) >>> 0;
  }

  private enqueueHello(): void {
    // The HELLO has a slot of its own so a full queue never blocks the handshake.
    const existing = this.queue.find((q) => q.message.type === 'HELLO');
    if (existing) {
      this.transmit(existing, this.now());
      return;
    }
    this.enqueue({ type: 'HELLO', seq: this.nextSeq(), tMs: this.deviceMs(), proto: this.framing, boot: this.boot, fw: this.opts.fw ?? 'sim-1.0', nodes: this.nodes });
  }

  private enqueue(message: DeviceMessage): void {
    const q: Queued = { message, frame: encodeFrame(formatDeviceBody(message), this.framing), framing: this.framing, lastSentMs: -Infinity };
    this.queue.push(q);
    if (this.mayTransmit(q)) this.transmit(q, this.now());
  }

  private mayTransmit(q: Queued): boolean {
    return this.helloAcked || q.message.type === 'HELLO';
  }

  private transmit(q: Queued, t: number): void {
    if (q.framing !== this.framing) {
      q.frame = encodeFrame(formatDeviceBody(q.message), this.framing);
      q.framing = this.framing;
    }
    q.lastSentMs = t;
    this.lastTxMs = t;
    this.stats.framesSent++;
    const n = this.noise;
    const rnd = (): number => this.rng.nextUint32() / 0x100000000;
    let bytes = Buffer.from(q.frame, 'latin1');
    if (n.byteCorrupt > 0) {
      for (let i = 0; i < bytes.length; i++) if (rnd() < n.byteCorrupt) bytes[i] = this.rng.nextUint32() & 0xff;
    }
    if (n.truncate > 0 && rnd() < n.truncate) bytes = bytes.subarray(0, 1 + (this.rng.nextUint32() % (bytes.length - 1)));
    if (n.garbage > 0 && rnd() < n.garbage) {
      const junk = Buffer.alloc(1 + (this.rng.nextUint32() % 40));
      for (let i = 0; i < junk.length; i++) junk[i] = this.rng.nextUint32() & 0xff;
      this.opts.write(junk);
    }
    this.opts.write(bytes);
  }

  private onHostFrame(body: string): void {
    const parsed = parseHostBody(body);
    if (!parsed.ok) return;
    const c = parsed.value;
    if (c.type === 'WHO') {
      this.enqueueHello();
    } else if (c.type === 'VER') {
      const framing: Framing = c.version >= 2 && (this.opts.maxProto ?? 2) >= 2 ? 2 : 1;
      if (framing !== this.framing) {
        this.framing = framing;
        // Like the firmware: an unacked HELLO said the old PROTO; a new one (new SEQ) replaces it.
        this.queue = this.queue.filter((q) => q.message.type !== 'HELLO');
        this.enqueueHello();
      }
    } else if (c.type === 'ACK') {
      if (c.boot !== this.boot) return;
      if (this.noise.ackLoss > 0 && this.rng.nextUint32() / 0x100000000 < this.noise.ackLoss) return;
      const i = this.queue.findIndex((q) => q.message.seq === c.seq);
      if (i < 0) return;
      const [q] = this.queue.splice(i, 1);
      if (!q) return;
      this.stats.acked++;
      if (q.message.type === 'HELLO' && !this.helloAcked) {
        this.helloAcked = true;
        // Readings queued during the handshake go out now.
        const t = this.now();
        for (const other of this.queue) this.transmit(other, t);
      }
      this.opts.onAcked?.(this.boot, q.message);
    }
    // SYNC and CFG change nothing a simulated sensor needs.
  }
}
