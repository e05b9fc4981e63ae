import { crc16Ascii, crcHex } from './crc16.js';
import { crc32cAscii } from './crc32c.js';
import { MAX_BODY_BYTES, MAX_BODY_BYTES_V2, type Framing } from './frame-limits.js';

/**
 * Wraps a BODY as `$BODY*CRC\n` (v1) or `$BODY*LLCCCCCCCC\n` (v2: length and CRC-32C).
 * Throws on a body no receiver would accept: that is a bug.
 */
export function encodeFrame(body: string, framing: Framing = 1): string {
  const max = framing === 2 ? MAX_BODY_BYTES_V2 : MAX_BODY_BYTES;
  if (body.length > max) throw new RangeError(`frame body of ${body.length} bytes exceeds ${max}`);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x24 || c === 0x2a) throw new RangeError(`frame body holds a forbidden byte 0x${c.toString(16)}`);
  }
  if (framing === 2) return `$${body}*${body.length.toString(16).toUpperCase().padStart(2, '0')}${crc32cAscii(body).toString(16).toUpperCase().padStart(8, '0')}\n`;
  return `$${body}*${crcHex(crc16Ascii(body))}\n`;
}
