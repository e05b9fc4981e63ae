/** How far behind the newest SEQ a message still counts as possibly seen: half the space. */
export const SEQ_WINDOW = 32768;
/**
 * A SEQ not yet seen that lies further than this from its boot's newest is suspect (a frame
 * whose SEQ lost digits on the line). Measured, not assumed: through a host crash, unplugs and
 * lost ACKs (test/link/pty-integration) real messages arrived over 4,000 SEQs behind the
 * newest, and 4096 recorded one as suspect and acknowledged it away; a quarter of the 16-bit
 * space keeps every real one and still catches a SEQ that lost its leading digits.
 */
export const SUSPECT_DISTANCE = 16384;

/**
 * The SEQs one boot has delivered, across 16-bit wrap-around. SEQs are placed on an
 * unwrapped line relative to the newest one seen; a bit per 16-bit value marks "seen within
 * the last SEQ_WINDOW", and bits are cleared as the window slides so a value that comes
 * round again after a wrap reads as new.
 */
export class SeqWindow {
  private readonly seen = new Uint8Array(65536 / 8);
  /** Canonical BODY of each marked SEQ still in the window (for comparing a repeat's content). */
  private readonly bodies = new Map<number, string>();
  /** Newest SEQ, unwrapped; -1 before the first. */
  private newest = -1;

  /** True if seq was already marked. */
  has(seq: number): boolean {
    if (this.newest < 0) return false;
    if (this.offset(seq) > 0) return false;
    return this.bit(seq);
  }

  /** What was stored under seq, if it is marked and its content is known. */
  body(seq: number): string | undefined {
    return this.has(seq) ? this.bodies.get(seq) : undefined;
  }

  /** True if seq (not yet seen) lies further from the newest than a real device can be. */
  isFar(seq: number): boolean {
    if (this.newest < 0) return false;
    return Math.abs(this.offset(seq)) > SUSPECT_DISTANCE;
  }

  get newestSeq(): number {
    return this.newest < 0 ? -1 : this.newest & 0xffff;
  }

  mark(seq: number, body?: string): void {
    if (this.newest < 0) {
      this.newest = seq;
    } else {
      const d = this.offset(seq);
      if (d > 0) {
        // Values leaving the window come round again ahead of us: forget them.
        for (let u = this.newest - SEQ_WINDOW + 1; u <= this.newest - SEQ_WINDOW + d; u++) this.clear(u & 0xffff);
        this.newest += d;
      }
    }
    this.seen[seq >> 3] = (this.seen[seq >> 3] as number) | (1 << (seq & 7));
    if (body !== undefined) this.bodies.set(seq, body);
    else this.bodies.delete(seq);
  }

  /** Takes another window's SEQ bits and position, without contents. */
  copyBitsFrom(other: SeqWindow): void {
    this.seen.set(other.seen);
    this.newest = other.newest;
  }

  /** Undoes mark() for a message whose recording failed, so its resend is taken. */
  unmark(seq: number): void {
    this.clear(seq);
  }

  /** Signed distance from the newest SEQ, in [-SEQ_WINDOW, SEQ_WINDOW). */
  private offset(seq: number): number {
    const d = (seq - (this.newest & 0xffff)) & 0xffff;
    return d >= SEQ_WINDOW ? d - 65536 : d;
  }

  private bit(seq: number): boolean {
    return ((this.seen[seq >> 3] as number) & (1 << (seq & 7))) !== 0;
  }

  private clear(seq: number): void {
    this.seen[seq >> 3] = (this.seen[seq >> 3] as number) & ~(1 << (seq & 7));
    this.bodies.delete(seq);
  }
}

/** Boots whose message contents are kept for comparison; older boots keep only their SEQ bits. */
const BOOTS_WITH_BODIES = 4;

/** One SeqWindow per BOOT: each power-up has its own SEQ space. */
export class DeliveredSet {
  private readonly boots = new Map<string, SeqWindow>();
  /** Most recently marked boots last. */
  private readonly recent: string[] = [];

  has(boot: string, seq: number): boolean {
    return this.boots.get(boot)?.has(seq) ?? false;
  }

  body(boot: string, seq: number): string | undefined {
    return this.boots.get(boot)?.body(seq);
  }

  /** Suspect: the boot is known and seq lies far outside its window. */
  isFar(boot: string, seq: number): boolean {
    return this.boots.get(boot)?.isFar(seq) ?? false;
  }

  newestSeq(boot: string): number {
    return this.boots.get(boot)?.newestSeq ?? -1;
  }

  mark(boot: string, seq: number, body?: string): void {
    let w = this.boots.get(boot);
    if (!w) this.boots.set(boot, (w = new SeqWindow()));
    if (this.recent[this.recent.length - 1] !== boot) {
      const at = this.recent.indexOf(boot);
      if (at >= 0) this.recent.splice(at, 1);
      this.recent.push(boot);
      // Bound memory: a long record file holds many boots, only recent ones can repeat.
      while (this.recent.length > BOOTS_WITH_BODIES) {
        const old = this.recent.shift() as string;
        const ow = this.boots.get(old);
        if (ow) {
          const fresh = new SeqWindow();
          fresh.copyBitsFrom(ow);
          this.boots.set(old, fresh);
        }
      }
    }
    w = this.boots.get(boot) as SeqWindow;
    w.mark(seq, this.recent.includes(boot) ? body : undefined);
  }

  unmark(boot: string, seq: number): void {
    this.boots.get(boot)?.unmark(seq);
  }
}
