import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import type { Framing } from '../../src/link/codec/frame-limits.js';
import { FrameReader } from '../../src/link/codec/frame-reader.js';
import { parseDeviceBody } from '../../src/link/codec/parse-device-message.js';
import { SimDevice } from '../../src/link/sim/sim-device.js';

const FRAMES = 1_000_000;

/** xorshift32: the test needs millions of cheap, repeatable numbers. */
function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

describe('fuzz: the deframer and parser on 1 M mutated frames', () => {
  it(`takes ${FRAMES} frames (v1 and v2, mutated and cut) without a crash; v2 lets no altered frame through`, () => {
    const next = xorshift(0x5eed1);
    const sim = new SimDevice({ write: () => {}, seed: 'fuzz-codec', nowMs: () => 0 });
    const bodies: string[] = ['HELLO,0,0,1,1A2B3C4D,f,L1:L', 'HELLO,1,9,2,1A2B3C4D,f,L1:L', 'ERR,9,9,X,a,b,c', 'HB,1,1', 'TILT,8,86240,T1,DOWN,141'];
    for (let i = 0; i < 300; i++) {
      const r = sim.randomReading();
      bodies.push(`${r.type},${(i * 2731) & 0xffff},${i * 7919},${Object.values(r).slice(1).join(',')}`);
    }
    const originals = new Set(bodies);
    const frames = bodies.flatMap((b) => [Buffer.from(encodeFrame(b, 1), 'latin1'), Buffer.from(encodeFrame(b, 2), 'latin1')]);
    const special = [0x24, 0x2a, 0x2c, 0x0a, 0x0d, 0x00, 0xff, 0x3a, 0x3b, 0x30, 0x39, 0x41];
    const forged: Record<Framing, number> = { 1: 0, 2: 0 };
    const good: Record<Framing, number> = { 1: 0, 2: 0 };
    let rejected = 0;
    let parsedOk = 0;
    const reader = new FrameReader({
      frame: (body, framing) => {
        good[framing]++;
        // A frame the deframer accepts carries only the allowed bytes.
        for (let i = 0; i < body.length; i++) {
          const c = body.charCodeAt(i);
          if (c < 0x20 || c > 0x7e || c === 0x24 || c === 0x2a) throw new Error(`forbidden byte in an accepted body: ${JSON.stringify(body)}`);
        }
        if (!originals.has(body)) forged[framing]++;
        if (parseDeviceBody(body, framing).ok) parsedOk++;
      },
      reject: () => rejected++,
    });
    const chunk = Buffer.alloc(64 * 1024);
    const scratch = Buffer.alloc(256);
    let used = 0;
    let mutatedFrames = 0;
    const t0 = performance.now();
    for (let n = 0; n < FRAMES; n++) {
      const src = frames[next() % frames.length] as Buffer;
      if (used + src.length + 8 > chunk.length) {
        const cut = next() % (used + 1);
        reader.push(chunk.subarray(0, cut));
        reader.push(chunk.subarray(cut, used));
        used = 0;
      }
      // Three in four frames are damaged: bytes replaced, set to framing bytes, flipped, dropped, repeated.
      let len = src.length;
      src.copy(scratch, 0);
      if (next() % 4 !== 0) {
        mutatedFrames++;
        const edits = 1 + (next() % 3);
        for (let e = 0; e < edits; e++) {
          const at = next() % len;
          const op = next() % 5;
          if (op === 0) scratch[at] = next() & 0xff;
          else if (op === 1) scratch[at] = special[next() % special.length] as number;
          else if (op === 2) scratch[at] = (scratch[at] as number) ^ (1 << (next() % 8));
          else if (op === 3 && len > 1) {
            scratch.copy(scratch, at, at + 1, len); // drop one byte
            len--;
          } else if (len < scratch.length - 1) {
            scratch.copy(scratch, at + 1, at, len); // repeat one byte
            len++;
          }
        }
      }
      scratch.copy(chunk, used, 0, len);
      used += len;
    }
    reader.push(chunk.subarray(0, used));
    const ms = performance.now() - t0;
    console.log(
      `fuzz-codec: ${FRAMES} frames (${mutatedFrames} mutated) in ${ms.toFixed(0)} ms; accepted v1 ${good[1]} (altered ${forged[1]}), v2 ${good[2]} (altered ${forged[2]}); refused ${rejected}; parsed ${parsedOk}`,
    );
    expect(good[1] + good[2] + rejected).toBeGreaterThan(FRAMES * 0.9);
    expect(good[1] + good[2]).toBeGreaterThan(FRAMES / 5);
    // Altered frames that still pass their check: CRC-16 lets a few through, CRC-32C + length none.
    expect(forged[2]).toBe(0);
  }, 60_000);
});
