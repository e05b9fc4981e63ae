import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import type { LinkEvent } from '../../src/link/events.js';
import type { EventStore } from '../../src/link/session/event-store.js';
import { LinkSession } from '../../src/link/session/link-session.js';

/** A store whose appends resolve only when the test says so (or at once with `auto`). */
export class ManualStore implements EventStore {
  readonly events: LinkEvent[] = [];
  private readonly waiting: { event: LinkEvent; resolve(): void; reject(e: unknown): void }[] = [];
  constructor(private readonly auto = false) {}
  append(event: LinkEvent): Promise<void> {
    if (this.auto) {
      this.events.push(event);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.waiting.push({ event, resolve, reject }));
  }
  get pendingCount(): number {
    return this.waiting.length;
  }
  commitAll(): void {
    for (const w of this.waiting.splice(0)) {
      this.events.push(w.event);
      w.resolve();
    }
  }
  failAll(): void {
    for (const w of this.waiting.splice(0)) w.reject(new Error('disk full'));
  }
}

export function makeSession(store: EventStore): { session: LinkSession; sent: string[]; feed(body: string): void } {
  const sent: string[] = [];
  const session = new LinkSession({ store, send: (f) => sent.push(f), nowMs: () => 1_796_000_000_000 });
  return { session, sent, feed: (body) => session.receive(Buffer.from(encodeFrame(body), 'latin1')) };
}

export const flush = (): Promise<void> => new Promise((r) => setImmediate(r));
export const hello = (seq: number, boot = '1A2B3C4D'): string => `HELLO,${seq},0,1,${boot},t-1,L1:L;H1:H`;
export const ack = (seq: number, boot = '1a2b3c4d'): string => encodeFrame(`ACK,${boot},${seq}`);
