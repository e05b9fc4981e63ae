import type { SensorReading } from '../api/game-events.js';

/** The link's typed events, reduced to what the game journal keeps (structural: no link import). */
export type LinkReadingEvent =
  | { type: 'SHOT'; boot: string; seq: number; tMs: number; hostMs: number; launcher: string; speedMmS?: number }
  | { type: 'HIT'; boot: string; seq: number; tMs: number; hostMs: number; node: string; strength: number }
  | { type: 'TILT'; boot: string; seq: number; tMs: number; hostMs: number; node: string; state: 'UP' | 'DOWN'; angleDeg: number };

/** Back from the journal: the event the link stored, so a repeat with other content is seen as a conflict after a restart. */
export function fromSensorReading(r: SensorReading): LinkReadingEvent | undefined {
  const [boot, seqText] = r.key.split(':');
  const head = { boot: boot ?? '', seq: Number(seqText), tMs: r.deviceTMs, hostMs: r.hostMs };
  switch (r.kind) {
    case 'SHOT':
      return { ...head, type: 'SHOT', launcher: r.node, ...(r.speedMmS !== undefined ? { speedMmS: r.speedMmS } : {}) };
    case 'HIT':
      return r.strength === undefined ? undefined : { ...head, type: 'HIT', node: r.node, strength: r.strength };
    case 'TILT':
      return r.state === undefined || r.angleDeg === undefined ? undefined : { ...head, type: 'TILT', node: r.node, state: r.state, angleDeg: r.angleDeg };
  }
}

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
