import type { LinkEvent, LinkStats, LinkStatus } from './events.js';
import type { LinkNote } from './record-line.js';
import type { EventStore } from './session/event-store.js';
import { LinkSession } from './session/link-session.js';
import { SerialPortLink } from './transport/serial-port-link.js';

export interface SerialLinkOptions {
  /** Device path, e.g. /dev/ttyACM0 or a pty link. */
  port: string;
  /** Durable storage; the device gets its ACK only after append() resolves. */
  store: EventStore;
  /** Keep trying when the port is absent at start instead of failing. */
  wait?: boolean;
  /** Messages already stored (from an earlier run): never stored twice. Full events also let a repeat's content be compared. */
  delivered?: Iterable<{ boot: string; seq: number } | LinkEvent>;
  /** CONFLICT/SUSPECT notes an earlier run recorded (RecordHistory.notes). */
  notes?: Iterable<LinkNote>;
  /** A CONFLICT or SUSPECT was recorded: say so in one line. */
  onNote?(note: LinkNote): void;
  onEvent?(event: LinkEvent): void;
  onStatus?(status: LinkStatus): void;
  onStoreError?(error: unknown): void;
}

export interface SerialLinkHandle {
  readonly stats: LinkStats;
  /** Finishes the messages in flight, then closes the port. */
  stop(): Promise<void>;
}

/**
 * One hub on one serial port: the session plus a self-reopening port. Throws PortOpenError
 * when the port cannot be opened at start (unless `wait`).
 */
export async function startSerialLink(opts: SerialLinkOptions): Promise<SerialLinkHandle> {
  let port: SerialPortLink | null = null;
  const session = new LinkSession({
    store: opts.store,
    send: (frame) => port?.write(frame),
    onEvent: opts.onEvent,
    onStatus: opts.onStatus,
    onStoreError: opts.onStoreError,
    onNote: opts.onNote,
  });
  for (const d of opts.delivered ?? []) session.markDelivered(d.boot, d.seq, 'type' in d ? d : undefined);
  for (const n of opts.notes ?? []) session.markNote(n);
  let waitingSaid = false;
  port = new SerialPortLink(opts.port, {
    opened: () => {
      waitingSaid = false;
      opts.onStatus?.({ kind: 'open', port: opts.port });
      session.connected();
    },
    data: (chunk) => session.receive(chunk),
    lost: (reason) => {
      session.disconnected();
      opts.onStatus?.({ kind: 'lost', port: opts.port, reason });
    },
    waiting: (reason) => {
      // Once per outage: the retry loop runs every 200 ms.
      if (waitingSaid) return;
      waitingSaid = true;
      opts.onStatus?.({ kind: 'waiting', port: opts.port, reason });
    },
  });
  await port.start(opts.wait ?? false);
  const p = port;
  return {
    stats: session.stats,
    stop: async () => {
      await session.drain();
      await p.stop();
    },
  };
}
