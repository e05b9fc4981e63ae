import { crc16Bytes } from './crc16.js';
import { CR, DOLLAR, LF, MAX_FRAME_BYTES, STAR } from './frame-limits.js';

/** Why a frame was refused. `bad-crc` is a well-shaped frame whose checksum disagrees. */
export type FrameRejection = 'bad-crc' | 'malformed' | 'too-long' | 'truncated';

export interface FrameSink {
  /** BODY of a frame whose shape, charset and CRC are good (ASCII text). */
  frame(body: string): void;
  reject(reason: FrameRejection): void;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * Streaming deframer: bytes in any chunking, frames out. It owns one 128-byte buffer and
 * allocates only the BODY string of a good frame. Bytes outside a frame are line noise and
 * are skipped; a `$` always starts over.
 */
export class FrameReader {
  private readonly buf = Buffer.alloc(MAX_FRAME_BYTES);
  private len = 0;
  private inFrame = false;
  /** Bytes skipped outside frames (noise between frames). */
  noiseBytes = 0;

  constructor(private readonly sink: FrameSink) {}

  push(chunk: Uint8Array): void {
    const buf = this.buf;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i] as number;
      if (c === DOLLAR) {
        if (this.inFrame && this.len > 1) this.sink.reject('truncated');
        buf[0] = c;
        this.len = 1;
        this.inFrame = true;
        continue;
      }
      if (!this.inFrame) {
        this.noiseBytes++;
        continue;
      }
      if (this.len >= MAX_FRAME_BYTES) {
        // The newline itself would make it 129 bytes or more.
        this.inFrame = false;
        this.len = 0;
        this.sink.reject('too-long');
        continue;
      }
      buf[this.len++] = c;
      if (c === LF) {
        this.inFrame = false;
        this.finish();
        this.len = 0;
      }
    }
  }

  /** Drops a half-received frame, e.g. when the port closes. */
  reset(): void {
    if (this.inFrame && this.len > 1) this.sink.reject('truncated');
    this.inFrame = false;
    this.len = 0;
  }

  private finish(): void {
    const buf = this.buf;
    // buf: '$' BODY '*' H H H H ['\r'] '\n'
    let end = this.len - 1;
    if (end > 0 && buf[end - 1] === CR) end--;
    const star = end - 5;
    if (star < 1 || buf[star] !== STAR) {
      this.sink.reject('malformed');
      return;
    }
    let wireCrc = 0;
    for (let i = star + 1; i < end; i++) {
      const h = hexValue(buf[i] as number);
      if (h < 0) {
        this.sink.reject('malformed');
        return;
      }
      wireCrc = (wireCrc << 4) | h;
    }
    if (crc16Bytes(buf, 1, star) !== wireCrc) {
      this.sink.reject('bad-crc');
      return;
    }
    for (let i = 1; i < star; i++) {
      const c = buf[i] as number;
      if (c < 0x20 || c > 0x7e || c === STAR) {
        this.sink.reject('malformed');
        return;
      }
    }
    // latin1 over ASCII is a byte-for-byte copy: the cheapest decode Node offers.
    this.sink.frame(buf.toString('latin1', 1, star));
  }
}
