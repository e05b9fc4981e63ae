import { crc16Ascii, crcHex } from './crc16.js';
import { MAX_BODY_BYTES } from './frame-limits.js';

/** Wraps a BODY as `$BODY*CRC\n`. Throws on a body no receiver would accept: that is a bug. */
export function encodeFrame(body: string): string {
  if (body.length > MAX_BODY_BYTES) throw new RangeError(`frame body of ${body.length} bytes exceeds ${MAX_BODY_BYTES}`);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x24 || c === 0x2a) throw new RangeError(`frame body holds a forbidden byte 0x${c.toString(16)}`);
  }
  return `$${body}*${crcHex(crc16Ascii(body))}\n`;
}
