/**
 * CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, init and final xor 0xFFFFFFFF), the
 * frame check of wire protocol v2. `123456789` → E3069283. One table lookup per byte.
 */
export const CRC32C_TABLE = new Int32Array(256);
for (let i = 0; i < 256; i++) {
  let c = i;
  for (let b = 0; b < 8; b++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
  CRC32C_TABLE[i] = c;
}

/** CRC-32C of bytes[start, end), as an unsigned 32-bit number. */
export function crc32cBytes(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = -1;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (CRC32C_TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number);
  return (crc ^ -1) >>> 0;
}

/** CRC-32C of an ASCII string (callers guarantee char codes < 128). */
export function crc32cAscii(text: string): number {
  let crc = -1;
  for (let i = 0; i < text.length; i++) crc = (crc >>> 8) ^ (CRC32C_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] as number);
  return (crc ^ -1) >>> 0;
}
