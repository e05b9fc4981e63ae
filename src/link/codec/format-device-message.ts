import type { DeviceMessage } from './device-message.js';

/** Canonical BODY of a device message: what the simulator and the firmware send. */
export function formatDeviceBody(m: DeviceMessage): string {
  const head = `${m.type === 'UNKNOWN' ? m.wireType : m.type},${m.seq},${m.tMs}`;
  switch (m.type) {
    case 'HELLO':
      return `${head},${m.proto},${m.boot.toUpperCase()},${m.fw},${m.nodes.map((n) => `${n.id}:${n.kind}`).join(';')}`;
    case 'HB':
    case 'UNKNOWN':
      return head;
    case 'SHOT':
      return m.speedMmS === undefined ? `${head},${m.launcher}` : `${head},${m.launcher},${m.speedMmS}`;
    case 'HIT':
      return `${head},${m.node},${m.strength}`;
    case 'TILT':
      return `${head},${m.node},${m.state},${m.angleDeg}`;
    case 'ERR':
      return `${head},${m.code},${m.text}`;
  }
}
