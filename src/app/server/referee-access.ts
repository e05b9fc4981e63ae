import { randomBytes as nodeRandomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** How long a pairing code shown on the referee's screen stays valid, and how many wrong tries void it. */
export const PAIRING_CODE_TTL_MS = 120_000;
export const PAIRING_TRIES = 5;
/** More paired devices than a club table needs means something is wrong: refuse the rest. */
export const MAX_PAIRED_DEVICES = 16;

export interface AccessOptions {
  /** Token bytes (tests may pass their own source; the app uses the OS generator). */
  randomBytes?: (n: number) => Buffer;
  /** A six-digit code's digits. */
  randomDigit?: () => number;
  clock?: () => number;
}

export type PairResult = { ok: true; token: string } | { ok: false; problem: string };

/** The exact length and bytes, compared in constant time. */
function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who is the referee tonight. The app's own window holds the game-night token (created at start,
 * never written to disk, handed to the local browser in the address the app prints); another
 * device becomes a referee only by entering the short code shown on the referee's screen, and
 * then holds a token of its own. Everybody else is a spectator.
 */
export class RefereeAccess {
  readonly nightToken: string;
  private readonly devices = new Set<string>();
  private code: { code: string; expiresMs: number; triesLeft: number } | null = null;
  private readonly random: (n: number) => Buffer;
  private readonly digit: () => number;
  private readonly clock: () => number;

  constructor(opts: AccessOptions = {}) {
    this.random = opts.randomBytes ?? nodeRandomBytes;
    this.digit = opts.randomDigit ?? (() => randomInt(10));
    this.clock = opts.clock ?? Date.now;
    this.nightToken = this.newToken();
  }

  private newToken(): string {
    return this.random(24).toString('base64url');
  }

  /** True for the night token and for every paired device's token. */
  isReferee(token: string | null): boolean {
    if (token === null || token.length === 0 || token.length > 100) return false;
    if (sameToken(token, this.nightToken)) return true;
    for (const t of this.devices) if (sameToken(token, t)) return true;
    return false;
  }

  /** A fresh code for the referee's screen; it replaces the one shown before. */
  newPairingCode(): { code: string; expiresInS: number } {
    const code = Array.from({ length: 6 }, () => String(this.digit())).join('');
    this.code = { code, expiresMs: this.clock() + PAIRING_CODE_TTL_MS, triesLeft: PAIRING_TRIES };
    return { code, expiresInS: PAIRING_CODE_TTL_MS / 1000 };
  }

  /** A device entering the code: one use, a few tries, a short life. */
  pair(entered: string): PairResult {
    const c = this.code;
    if (!c) return { ok: false, problem: 'no pairing code is shown: press «pair a device» on the referee screen first' };
    if (this.clock() > c.expiresMs) {
      this.code = null;
      return { ok: false, problem: 'the pairing code has expired: ask the referee for a new one' };
    }
    if (!sameToken(entered, c.code)) {
      c.triesLeft--;
      if (c.triesLeft <= 0) this.code = null;
      return { ok: false, problem: c.triesLeft > 0 ? `wrong pairing code (${c.triesLeft} tries left)` : 'wrong pairing code: too many tries, ask the referee for a new one' };
    }
    this.code = null;
    if (this.devices.size >= MAX_PAIRED_DEVICES) return { ok: false, problem: `already ${MAX_PAIRED_DEVICES} paired devices: restart the app to start over` };
    const token = this.newToken();
    this.devices.add(token);
    return { ok: true, token };
  }

  get pairedDevices(): number {
    return this.devices.size;
  }
}
