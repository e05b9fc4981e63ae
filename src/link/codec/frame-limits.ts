/** Everything from `$` to `\n` inclusive, an optional `\r` counted too. */
export const MAX_FRAME_BYTES = 128;
/** `$` + `*` + four CRC digits + `\n`: the rest of a frame is BODY. */
export const FRAME_OVERHEAD_BYTES = 7;
export const MAX_BODY_BYTES = MAX_FRAME_BYTES - FRAME_OVERHEAD_BYTES;

export const DOLLAR = 0x24;
export const STAR = 0x2a;
export const LF = 0x0a;
export const CR = 0x0d;
