/** Field checks shared by the device- and host-side parsers. Each returns undefined when bad. */

/** Unsigned decimal of 1..maxDigits digits, value ≤ max. */
export function parseUnsigned(field: string, maxDigits: number, max: number): number | undefined {
  const n = field.length;
  if (n === 0 || n > maxDigits) return undefined;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const d = field.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return undefined;
    v = v * 10 + d;
  }
  return v <= max ? v : undefined;
}

const ANGLE = /^-?\d{1,3}(?:\.\d{1,3})?$/;
/** Degrees in [-180, 180], at most three decimals. */
export function parseAngleDeg(field: string): number | undefined {
  if (!ANGLE.test(field)) return undefined;
  const v = Number(field);
  return v >= -180 && v <= 180 ? v : undefined;
}

/** 1–8 ASCII letters or digits (a loop: this runs for every HIT, SHOT and TILT). */
export function isNodeId(field: string): boolean {
  const n = field.length;
  if (n === 0 || n > 8) return false;
  for (let i = 0; i < n; i++) {
    const c = field.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a))) return false;
  }
  return true;
}

const BOOT = /^[0-9A-Fa-f]{8}$/;
export function isBootHex(field: string): boolean {
  return BOOT.test(field);
}

const TYPE = /^[A-Z][A-Z0-9_]{0,15}$/;
export function isMessageType(field: string): boolean {
  return TYPE.test(field);
}

export const MAX_SEQ = 65535;
export const MAX_T_MS = 4294967295;
