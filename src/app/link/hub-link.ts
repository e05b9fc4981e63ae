import { formatNote, PortOpenError, startSerialLink, type LinkEvent, type LinkStatus as PortStatus, type SerialLinkHandle } from '../../link/index.js';
import type { LinkState } from '../api/view.js';
import type { AppController } from '../app-controller.js';
import { fromSensorReading, toSensorReading } from './sensor-reading.js';

/**
 * Joins the sensor hub to the open game: the link acknowledges a message to the hub only after
 * the game journal has it on disk (append resolves after the fsync). HELLO and ERR stay out of
 * the game journal; they show up in the status line.
 */
export async function connectHub(app: AppController, port: string): Promise<{ ok: true; handle: SerialLinkHandle } | { ok: false; problem: string }> {
  /** The OS's or the link's words, as long as the view allows. */
  const clip = (text: string): string => (text.length > 300 ? `${text.slice(0, 299)}…` : text);
  const stateOf = (s: PortStatus): LinkState => {
    switch (s.kind) {
      case 'open':
        return { kind: 'open', port };
      case 'lost':
        return { kind: 'lost', port, reason: clip(s.reason) };
      case 'waiting':
        return { kind: 'waiting', port, reason: clip(s.reason) };
      case 'hello':
        return { kind: 'hello', port, boot: s.boot.slice(0, 64), fw: s.fw.slice(0, 64) };
      case 'device-lost':
        return { kind: 'device-lost', port, boot: s.boot.slice(0, 64), count: s.count };
    }
  };
  const describe = (s: PortStatus): string => {
    switch (s.kind) {
      case 'open':
        return `${s.port}: open`;
      case 'lost':
        return `${s.port}: lost (${s.reason}), retrying`;
      case 'waiting':
        return `${s.port}: waiting (${s.reason})`;
      case 'hello':
        return `hub ${s.boot} firmware ${s.fw}`;
      case 'device-lost':
        return `hub ${s.boot} lost ${s.count} events before they were sent`;
    }
  };
  app.setLinkStatus({ status: 'waiting', detail: `${port}: opening`, state: { kind: 'opening', port } });
  try {
    const handle = await startSerialLink({
      port,
      wait: true,
      // With content where the journal has it, so a repeat that differs is a conflict after a restart too.
      delivered: [...app.deliveredKeys(), ...app.deliveredReadings().flatMap((r) => fromSensorReading(r) ?? [])],
      store: {
        append: async (e: LinkEvent) => {
          if (e.type === 'HELLO' || e.type === 'ERR') return;
          app.recordSensor(toSensorReading(e));
        },
        appendNote: async (n) => {
          app.recordSensorConflict({ kind: n.type === 'CONFLICT' ? 'conflict' : 'suspect', key: `${n.boot}:${n.seq}`, stored: n.stored ?? null, received: n.received });
        },
      },
      onNote: (n) => app.setLinkStatus({ status: 'connected', detail: formatNote(n), state: { kind: n.type === 'CONFLICT' ? 'conflict' : 'suspect', port, boot: n.boot.slice(0, 64), seq: n.seq } }),
      onStatus: (s) => app.setLinkStatus({ status: s.kind === 'lost' || s.kind === 'waiting' ? 'waiting' : 'connected', detail: describe(s), state: stateOf(s) }),
      onStoreError: (err) => {
        const reason = err instanceof Error ? err.message : String(err);
        app.setLinkStatus({ status: 'waiting', detail: `not recorded, the hub will resend: ${reason}`, state: { kind: 'not-recorded', port, reason: clip(reason) } });
      },
    });
    return { ok: true, handle };
  } catch (e) {
    if (e instanceof PortOpenError) return { ok: false, problem: e.message };
    throw e;
  }
}
