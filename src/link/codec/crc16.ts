/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), the frame
 * checksum of wire protocol v1. A 256-entry table keeps the per-byte cost to one lookup.
 */
/** Exported for the deframer, which folds the CRC into its charset pass. */
export const CRC_TABLE = new Uint16Array(256);
const table = CRC_TABLE;
for (let i = 0; i < 256; i++) {
  let c = i << 8;
  for (let b = 0; b < 8; b++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
  table[i] = c;
}

/** CRC of bytes[start, end). */
export function crc16Bytes(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = ((crc << 8) & 0xffff) ^ (table[((crc >> 8) ^ (bytes[i] as number)) & 0xff] as number);
  return crc;
}

/** CRC of an ASCII string (callers guarantee char codes < 128). */
export function crc16Ascii(text: string): number {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) crc = ((crc << 8) & 0xffff) ^ (table[((crc >> 8) ^ text.charCodeAt(i)) & 0xff] as number);
  return crc;
}

/** Four upper-case hex digits, as senders put them on the wire. */
export function crcHex(crc: number): string {
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
