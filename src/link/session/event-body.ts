import type { DeviceMessage } from '../codec/device-message.js';
import { formatDeviceBody } from '../codec/format-device-message.js';
import type { LinkEvent } from '../events.js';

/** The canonical BODY a stored event came from: what a repeat of it must say again. */
export function eventBody(e: LinkEvent): string {
  const base = { seq: e.seq, tMs: e.tMs };
  let m: DeviceMessage;
  switch (e.type) {
    case 'HELLO':
      m = { ...base, type: 'HELLO', proto: e.proto, boot: e.boot, fw: e.fw, nodes: e.nodes };
      break;
    case 'SHOT':
      m = e.speedMmS === undefined ? { ...base, type: 'SHOT', launcher: e.launcher } : { ...base, type: 'SHOT', launcher: e.launcher, speedMmS: e.speedMmS };
      break;
    case 'HIT':
      m = { ...base, type: 'HIT', node: e.node, strength: e.strength };
      break;
    case 'TILT':
      m = { ...base, type: 'TILT', node: e.node, state: e.state, angleDeg: e.angleDeg };
      break;
    case 'ERR':
      m = { ...base, type: 'ERR', code: e.code, text: e.text };
      break;
  }
  return formatDeviceBody(m);
}
