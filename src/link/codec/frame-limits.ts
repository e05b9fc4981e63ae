/** Everything from `$` to `\n` inclusive, an optional `\r` counted too (both framings). */
export const MAX_FRAME_BYTES = 128;
/** v1: `$` + `*` + four CRC-16 digits + `\n`: the rest of a frame is BODY. */
export const FRAME_OVERHEAD_BYTES = 7;
export const MAX_BODY_BYTES = MAX_FRAME_BYTES - FRAME_OVERHEAD_BYTES;
/** v2: `$` + `*` + two length digits + eight CRC-32C digits + `\n`. */
export const FRAME_OVERHEAD_BYTES_V2 = 13;
export const MAX_BODY_BYTES_V2 = MAX_FRAME_BYTES - FRAME_OVERHEAD_BYTES_V2;

/** Which framing a frame used: 1 `*CRC16`, 2 `*LL` + CRC-32C (PROTOCOL.md §2, §10). */
export type Framing = 1 | 2;

export const DOLLAR = 0x24;
export const STAR = 0x2a;
export const LF = 0x0a;
export const CR = 0x0d;
