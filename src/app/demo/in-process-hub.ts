import { LinkSession } from '../../link/session/link-session.js';
import { SimDevice, type SimReading } from '../../link/sim/sim-device.js';
import type { AppController } from '../app-controller.js';
import { toSensorReading } from '../link/sensor-reading.js';
import type { HubStep } from './demo-script.js';

/**
 * The simulated hub wired straight to the link's host session in this process: every reading
 * is framed, checksummed, acknowledged and deduplicated by the same code a serial hub meets,
 * and recorded in the open game before its ACK. What the demo uses when no hub is plugged in.
 */
export class InProcessHub {
  private readonly device: SimDevice;
  private readonly session: LinkSession;
  private readonly timer: NodeJS.Timeout;

  constructor(app: AppController, nodes: { id: string; kind: 'L' | 'H' | 'T' }[]) {
    this.session = new LinkSession({
      send: (frame) => setImmediate(() => this.device.receive(Buffer.from(frame, 'latin1'))),
      store: {
        append: async (e) => {
          if (e.type === 'HELLO' || e.type === 'ERR') return;
          app.recordSensor(toSensorReading(e));
        },
      },
    });
    this.device = new SimDevice({ write: (bytes) => setImmediate(() => this.session.receive(bytes)), seed: 'demo-hub', boot: 'dec0de01', fw: 'demo-1', nodes });
    this.session.connected();
    this.timer = setInterval(() => this.device.tick(), 5);
    // The server (or the headless run) keeps the process alive, never the simulated hub.
    this.timer.unref();
  }

  get linked(): boolean {
    return this.device.linked;
  }

  get idle(): boolean {
    return this.device.idle;
  }

  fire(step: HubStep): void {
    const r: SimReading =
      step.type === 'SHOT'
        ? step.speed_mm_s === undefined
          ? { type: 'SHOT', launcher: step.launcher }
          : { type: 'SHOT', launcher: step.launcher, speedMmS: step.speed_mm_s }
        : step.type === 'HIT'
          ? { type: 'HIT', node: step.node, strength: step.strength }
          : { type: 'TILT', node: step.node, state: step.state, angleDeg: step.angle_deg };
    this.device.reading(r);
  }

  /** Resolves when every reading so far has been recorded and acknowledged. */
  async settled(timeoutMs = 5000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.device.linked && this.device.idle) return true;
      await new Promise((r) => setTimeout(r, 5));
    }
    return false;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
