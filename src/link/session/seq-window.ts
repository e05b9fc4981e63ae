/** How far behind the newest SEQ a message still counts as possibly seen: half the space. */
export const SEQ_WINDOW = 32768;

/**
 * The SEQs one boot has delivered, across 16-bit wrap-around. SEQs are placed on an
 * unwrapped line relative to the newest one seen; a bit per 16-bit value marks "seen within
 * the last SEQ_WINDOW", and bits are cleared as the window slides so a value that comes
 * round again after a wrap reads as new.
 */
export class SeqWindow {
  private readonly seen = new Uint8Array(65536 / 8);
  /** Newest SEQ, unwrapped; -1 before the first. */
  private newest = -1;

  /** True if seq was already marked. */
  has(seq: number): boolean {
    if (this.newest < 0) return false;
    if (this.offset(seq) > 0) return false;
    return this.bit(seq);
  }

  mark(seq: number): void {
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
  }
}

/** One SeqWindow per BOOT: each power-up has its own SEQ space. */
export class DeliveredSet {
  private readonly boots = new Map<string, SeqWindow>();

  has(boot: string, seq: number): boolean {
    return this.boots.get(boot)?.has(seq) ?? false;
  }

  mark(boot: string, seq: number): void {
    let w = this.boots.get(boot);
    if (!w) this.boots.set(boot, (w = new SeqWindow()));
    w.mark(seq);
  }

  unmark(boot: string, seq: number): void {
    this.boots.get(boot)?.unmark(seq);
  }
}
