import type { SensorReading } from '../api/game-events.js';

/** The link's typed events, reduced to what the game journal keeps (structural: no link import). */
export type LinkReadingEvent =
  | { type: 'SHOT'; boot: string; seq: number; tMs: number; hostMs: number; launcher: string; speedMmS?: number }
  | { type: 'HIT'; boot: string; seq: number; tMs: number; hostMs: number; node: string; strength: number }
  | { type: 'TILT'; boot: string; seq: number; tMs: number; hostMs: number; node: string; state: 'UP' | 'DOWN'; angleDeg: number };

export function toSensorReading(e: LinkReadingEvent): SensorReading {
  const head = { key: `${e.boot}:${e.seq}`, deviceTMs: e.tMs, hostMs: e.hostMs };
  switch (e.type) {
    case 'SHOT':
      return { ...head, kind: 'SHOT', node: e.launcher, ...(e.speedMmS !== undefined ? { speedMmS: e.speedMmS } : {}) };
    case 'HIT':
      return { ...head, kind: 'HIT', node: e.node, strength: e.strength };
    case 'TILT':
      return { ...head, kind: 'TILT', node: e.node, state: e.state, angleDeg: e.angleDeg };
  }
}
