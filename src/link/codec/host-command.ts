import { isBootHex, MAX_SEQ, parseUnsigned } from './parse-fields.js';
import type { ParseResult } from './parse-device-message.js';

/** Host → device commands of wire protocol v1 (and VER of v2). */
export type HostCommand =
  | { type: 'ACK'; boot: string; seq: number }
  | { type: 'WHO' }
  /** v2: the host offers protocol VERSION; a v2 hub switches its framing (PROTOCOL.md §10). */
  | { type: 'VER'; version: number }
  | { type: 'SYNC'; hostMs: number }
  | { type: 'CFG'; key: string; value: string };

const CFG_KEY = /^[A-Z][A-Z0-9_]{0,23}$/;
const CFG_VALUE = /^[^,]{0,32}$/;
const MAX_HOST_MS = 9_999_999_999_999;

export function formatHostBody(c: HostCommand): string {
  switch (c.type) {
    case 'ACK':
      return `ACK,${c.boot.toLowerCase()},${c.seq}`;
    case 'WHO':
      return 'WHO';
    case 'VER':
      return `VER,${c.version}`;
    case 'SYNC':
      return `SYNC,${c.hostMs}`;
    case 'CFG':
      return `CFG,${c.key},${c.value}`;
  }
}

/** Device side: BODY of a good-CRC host frame → command. */
export function parseHostBody(body: string): ParseResult<HostCommand> {
  const f = body.split(',');
  switch (f[0]) {
    case 'ACK': {
      if (f.length !== 3 || !isBootHex(f[1] as string)) return { ok: false, problem: 'ACK: expected ACK,BOOT,SEQ' };
      const seq = parseUnsigned(f[2] as string, 5, MAX_SEQ);
      if (seq === undefined) return { ok: false, problem: 'ACK: SEQ 0-65535' };
      return { ok: true, value: { type: 'ACK', boot: (f[1] as string).toLowerCase(), seq } };
    }
    case 'WHO':
      return f.length === 1 ? { ok: true, value: { type: 'WHO' } } : { ok: false, problem: 'WHO: no fields' };
    case 'VER': {
      const version = f.length === 2 ? parseUnsigned(f[1] as string, 5, 65535) : undefined;
      return version === undefined || version === 0 ? { ok: false, problem: 'VER: expected VER,1-65535' } : { ok: true, value: { type: 'VER', version } };
    }
    case 'SYNC': {
      const hostMs = f.length === 2 ? parseUnsigned(f[1] as string, 13, MAX_HOST_MS) : undefined;
      return hostMs === undefined ? { ok: false, problem: 'SYNC: expected SYNC,HOST_MS' } : { ok: true, value: { type: 'SYNC', hostMs } };
    }
    case 'CFG': {
      if (f.length !== 3 || !CFG_KEY.test(f[1] as string) || !CFG_VALUE.test(f[2] as string)) return { ok: false, problem: 'CFG: expected CFG,KEY,VALUE' };
      return { ok: true, value: { type: 'CFG', key: f[1] as string, value: f[2] as string } };
    }
    default:
      return { ok: false, problem: `unknown host command ${f[0] ?? ''}` };
  }
}
