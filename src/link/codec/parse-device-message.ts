import type { DeviceMessage, NodeInfo, NodeKind } from './device-message.js';
import { isBootHex, isMessageType, isNodeId, MAX_SEQ, MAX_T_MS, parseAngleDeg, parseUnsigned } from './parse-fields.js';

import type { Framing } from './frame-limits.js';

/** The highest wire protocol version this host speaks (v1 is always accepted). */
export const PROTOCOL_VERSION = 2;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: string };

const bad = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

function parseNodes(field: string): NodeInfo[] | undefined {
  if (field === '') return [];
  const nodes: NodeInfo[] = [];
  for (const item of field.split(';')) {
    const colon = item.indexOf(':');
    if (colon < 0) return undefined;
    const id = item.slice(0, colon);
    const kind = item.slice(colon + 1);
    if (!isNodeId(id) || (kind !== 'L' && kind !== 'H' && kind !== 'T')) return undefined;
    nodes.push({ id, kind: kind as NodeKind });
  }
  return nodes;
}

/**
 * BODY of a good-CRC device frame → message. Every rule of PROTOCOL.md "Device → host" is
 * checked here; a refusal names the first field at fault.
 */
export function parseDeviceBody(body: string, framing: Framing = 1): ParseResult<DeviceMessage> {
  const f = body.split(',');
  const type = f[0] as string;
  if (f.length < 3) return bad('expected TYPE,SEQ,T_MS at least');
  const seq = parseUnsigned(f[1] as string, 5, MAX_SEQ);
  if (seq === undefined) return bad('SEQ: expected 0-65535');
  const tMs = parseUnsigned(f[2] as string, 10, MAX_T_MS);
  if (tMs === undefined) return bad('T_MS: expected 0-4294967295');
  switch (type) {
    case 'HELLO': {
      if (f.length !== 7) return bad('HELLO: expected 7 fields');
      // A hub speaking another version cannot be understood field by field: refuse it whole.
      // PROTO names the framing the HELLO came in: v2 only in v2 frames, v1 only in v1 frames.
      const proto = parseUnsigned(f[3] as string, 5, 65535);
      if (proto !== 1 && proto !== 2) return bad(`PROTO: this host speaks 1 and 2`);
      if (proto !== framing) return bad(`PROTO ${proto} in a v${framing} frame`);
      const boot = f[4] as string;
      if (!isBootHex(boot)) return bad('BOOT: expected 8 hex digits');
      const fw = f[5] as string;
      if (fw === '') return bad('FW: empty');
      const nodes = parseNodes(f[6] as string);
      if (!nodes) return bad('NODES: expected id:L|H|T separated by ;');
      return { ok: true, value: { type, seq, tMs, proto, boot: boot.toLowerCase(), fw, nodes } };
    }
    case 'HB':
      if (f.length !== 3) return bad('HB: expected 3 fields');
      return { ok: true, value: { type, seq, tMs } };
    case 'SHOT': {
      if (f.length !== 4 && f.length !== 5) return bad('SHOT: expected 4 or 5 fields');
      const launcher = f[3] as string;
      if (!isNodeId(launcher)) return bad('LAUNCHER: expected 1-8 letters or digits');
      if (f.length === 4) return { ok: true, value: { type, seq, tMs, launcher } };
      const speedMmS = parseUnsigned(f[4] as string, 6, 999999);
      if (speedMmS === undefined) return bad('SPEED_MM_S: expected 0-999999');
      return { ok: true, value: { type, seq, tMs, launcher, speedMmS } };
    }
    case 'HIT': {
      if (f.length !== 5) return bad('HIT: expected 5 fields');
      const node = f[3] as string;
      if (!isNodeId(node)) return bad('NODE: expected 1-8 letters or digits');
      const strength = parseUnsigned(f[4] as string, 4, 1023);
      if (strength === undefined) return bad('STRENGTH: expected 0-1023');
      return { ok: true, value: { type, seq, tMs, node, strength } };
    }
    case 'TILT': {
      if (f.length !== 6) return bad('TILT: expected 6 fields');
      const node = f[3] as string;
      if (!isNodeId(node)) return bad('NODE: expected 1-8 letters or digits');
      const state = f[4];
      if (state !== 'UP' && state !== 'DOWN') return bad('STATE: expected UP or DOWN');
      const angleDeg = parseAngleDeg(f[5] as string);
      if (angleDeg === undefined) return bad('ANGLE_DEG: expected -180..180');
      return { ok: true, value: { type, seq, tMs, node, state, angleDeg } };
    }
    case 'ERR': {
      if (f.length < 5) return bad('ERR: expected CODE,TEXT');
      const code = f[3] as string;
      if (!isMessageType(code)) return bad('CODE: expected upper-case letters, digits, _');
      // TEXT is the rest of BODY and may hold commas.
      const text = f.slice(4).join(',');
      return { ok: true, value: { type, seq, tMs, code, text } };
    }
    default:
      // Checked here only: the known types above are valid by the switch itself.
      if (!isMessageType(type)) return bad('TYPE: expected upper-case letters, digits, _');
      return { ok: true, value: { type: 'UNKNOWN', seq, tMs, wireType: type } };
  }
}
