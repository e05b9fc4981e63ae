import { CRC_TABLE } from './crc16.js';
import { CRC32C_TABLE } from './crc32c.js';
import { CR, DOLLAR, LF, MAX_FRAME_BYTES, STAR, type Framing } from './frame-limits.js';

/** Why a frame was refused. `bad-crc` is a well-shaped frame whose checksum disagrees. */
export type FrameRejection = 'bad-crc' | 'malformed' | 'too-long' | 'truncated';

export interface FrameSink {
  /** BODY of a frame whose shape, charset and check are good (ASCII text), and its framing. */
  frame(body: string, framing: Framing): void;
  reject(reason: FrameRejection): void;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * Streaming deframer: bytes in any chunking, frames out. Frame boundaries are found with
 * the native indexOf; a frame that lies inside one chunk is checked in place, and only one
 * split across chunks is copied into the reader's 128-byte buffer. A good frame costs one
 * string (its BODY). Bytes outside a frame are line noise; a `$` always starts over.
 */
export class FrameReader {
  private readonly buf = Buffer.alloc(MAX_FRAME_BYTES);
  /** Bytes of an unfinished frame held in buf (0: not inside a frame). */
  private len = 0;
  /** Bytes skipped outside frames (noise between frames). */
  noiseBytes = 0;

  constructor(private readonly sink: FrameSink) {}

  push(chunk: Uint8Array): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const n = bytes.length;
    let i = 0;
    while (i < n) {
      if (this.len === 0) {
        const start = bytes.indexOf(DOLLAR, i);
        if (start < 0) {
          this.noiseBytes += n - i;
          return;
        }
        this.noiseBytes += start - i;
        i = this.frameFrom(bytes, start, n);
      } else {
        i = this.continueFrame(bytes, i, n);
      }
    }
  }

  /** Drops a half-received frame, e.g. when the port closes. */
  reset(): void {
    if (this.len > 1) this.sink.reject('truncated');
    this.len = 0;
  }

  /** A frame starts at `start` ('$'). Returns where scanning resumes. */
  private frameFrom(bytes: Buffer, start: number, n: number): number {
    const limit = Math.min(n, start + MAX_FRAME_BYTES);
    let j = start + 1;
    for (; j < limit; j++) {
      const c = bytes[j] as number;
      if (c === LF) {
        this.finish(bytes, start, j + 1);
        return j + 1;
      }
      if (c === DOLLAR) {
        this.sink.reject('truncated');
        return j;
      }
    }
    if (j - start >= MAX_FRAME_BYTES) {
      this.sink.reject('too-long');
      return j;
    }
    // The chunk ended inside the frame: keep what we have.
    bytes.copy(this.buf, 0, start, n);
    this.len = n - start;
    return n;
  }

  private continueFrame(bytes: Buffer, i: number, n: number): number {
    const buf = this.buf;
    for (let j = i; j < n; j++) {
      const c = bytes[j] as number;
      if (c === DOLLAR) {
        this.len = 0;
        this.sink.reject('truncated');
        return j;
      }
      if (this.len >= MAX_FRAME_BYTES) {
        this.len = 0;
        this.sink.reject('too-long');
        return j;
      }
      buf[this.len++] = c;
      if (c === LF) {
        const len = this.len;
        this.len = 0;
        this.finish(buf, 0, len);
        return j + 1;
      }
    }
    return n;
  }

  /** src[start, end): '$' BODY '*' H H H H ['\r'] '\n' (v1) or '$' BODY '*' L L H×8 ['\r'] '\n' (v2). */
  private finish(src: Buffer, start: number, end: number): void {
    let stop = end - 1;
    if (stop > start && src[stop - 1] === CR) stop--;
    if (stop - 5 >= start + 1 && src[stop - 5] === STAR) this.finishV1(src, start, stop);
    else if (stop - 11 >= start + 1 && src[stop - 11] === STAR) this.finishV2(src, start, stop);
    else this.sink.reject('malformed');
  }

  private finishV1(src: Buffer, start: number, stop: number): void {
    const star = stop - 5;
    let wireCrc = 0;
    for (let k = star + 1; k < stop; k++) {
      const h = hexValue(src[k] as number);
      if (h < 0) {
        this.sink.reject('malformed');
        return;
      }
      wireCrc = (wireCrc << 4) | h;
    }
    // One pass for CRC and charset; a checksum mismatch still ranks first (bad-crc).
    let crc = 0xffff;
    let badChar = false;
    for (let k = start + 1; k < star; k++) {
      const c = src[k] as number;
      if (c < 0x20 || c > 0x7e || c === STAR) badChar = true;
      crc = ((crc << 8) & 0xffff) ^ (CRC_TABLE[((crc >> 8) ^ c) & 0xff] as number);
    }
    if (crc !== wireCrc) {
      this.sink.reject('bad-crc');
      return;
    }
    if (badChar) {
      this.sink.reject('malformed');
      return;
    }
    // latin1 over ASCII is a byte-for-byte copy: the cheapest decode Node offers.
    this.sink.frame(src.toString('latin1', start + 1, star), 1);
  }

  /** v2: the length field is checked first (a frame that lost or gained bytes is malformed), then CRC-32C. */
  private finishV2(src: Buffer, start: number, stop: number): void {
    const star = stop - 11;
    let len = 0;
    let wire = 0;
    for (let k = star + 1; k < stop; k++) {
      const h = hexValue(src[k] as number);
      if (h < 0) {
        this.sink.reject('malformed');
        return;
      }
      if (k < star + 3) len = (len << 4) | h;
      else wire = ((wire << 4) | h) >>> 0;
    }
    if (len !== star - start - 1) {
      this.sink.reject('malformed');
      return;
    }
    let crc = -1;
    let badChar = false;
    for (let k = start + 1; k < star; k++) {
      const c = src[k] as number;
      if (c < 0x20 || c > 0x7e || c === STAR) badChar = true;
      crc = (crc >>> 8) ^ (CRC32C_TABLE[(crc ^ c) & 0xff] as number);
    }
    if ((crc ^ -1) >>> 0 !== wire) {
      this.sink.reject('bad-crc');
      return;
    }
    if (badChar) {
      this.sink.reject('malformed');
      return;
    }
    this.sink.frame(src.toString('latin1', start + 1, star), 2);
  }
}
