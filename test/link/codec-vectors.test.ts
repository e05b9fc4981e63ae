import { describe, expect, it } from 'vitest';
import { crc16Ascii, crcHex } from '../../src/link/codec/crc16.js';
import { crc32cAscii } from '../../src/link/codec/crc32c.js';
import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import { formatDeviceBody } from '../../src/link/codec/format-device-message.js';
import { FrameReader } from '../../src/link/codec/frame-reader.js';
import { formatHostBody, parseHostBody } from '../../src/link/codec/host-command.js';
import { parseDeviceBody } from '../../src/link/codec/parse-device-message.js';
import { commandAsVector, loadVectors, messageAsVector } from './vectors.js';

const vectors = loadVectors();
type Outcome = { result: string; message?: Record<string, unknown> };

/** Feeds latin1 text through a fresh reader; every frame yields one outcome. */
function decodeDevice(text: string, chunk = 1 << 20): { outcomes: Outcome[]; bodies: string[] } {
  const outcomes: Outcome[] = [];
  const bodies: string[] = [];
  const reader = new FrameReader({
    frame: (body, framing) => {
      bodies.push(body);
      const p = parseDeviceBody(body, framing);
      outcomes.push(p.ok ? { result: 'ok', message: messageAsVector(p.value) } : { result: 'malformed' });
    },
    reject: (why) => outcomes.push({ result: why === 'bad-crc' ? 'bad-crc' : 'malformed' }),
  });
  const bytes = Buffer.from(text, 'latin1');
  for (let i = 0; i < bytes.length; i += chunk) reader.push(bytes.subarray(i, i + chunk));
  return { outcomes, bodies };
}

describe('CRC-16/CCITT-FALSE', () => {
  it.each(vectors.crc)('"$input" → $crc', ({ input, crc }) => {
    expect(crcHex(crc16Ascii(input))).toBe(crc);
  });
});

describe('CRC-32C (v2)', () => {
  it.each(vectors.crc32c)('"$input" → $crc', ({ input, crc }) => {
    expect(crc32cAscii(input).toString(16).toUpperCase().padStart(8, '0')).toBe(crc);
  });
});

describe('device frames (host decoder)', () => {
  it.each(vectors.device_frames)('$name', (v) => {
    for (const chunk of [1, 3, 1 << 20]) {
      const { outcomes } = decodeDevice(v.frame, chunk);
      expect(outcomes).toEqual([v.result === 'ok' ? { result: 'ok', message: v.message } : { result: v.result }]);
    }
  });

  it.each(vectors.device_frames.filter((v) => v.canonical))('encodes $name byte for byte', (v) => {
    const { bodies } = decodeDevice(v.frame);
    const parsed = parseDeviceBody(bodies[0] ?? '', v.framing ?? 1);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(encodeFrame(formatDeviceBody(parsed.value), v.framing ?? 1)).toBe(v.frame);
  });
});

describe('host frames (device decoder)', () => {
  it.each(vectors.host_frames)('$name', (v) => {
    const got: Outcome[] = [];
    const reader = new FrameReader({
      frame: (body) => {
        const p = parseHostBody(body);
        got.push(p.ok ? { result: 'ok', message: commandAsVector(p.value) } : { result: 'malformed' });
        if (p.ok && v.canonical) expect(encodeFrame(formatHostBody(p.value), v.framing ?? 1)).toBe(v.frame);
      },
      reject: (why) => got.push({ result: why === 'bad-crc' ? 'bad-crc' : 'malformed' }),
    });
    reader.push(Buffer.from(v.frame, 'latin1'));
    expect(got).toEqual([v.result === 'ok' ? { result: 'ok', message: v.command } : { result: v.result }]);
  });
});

describe('streams', () => {
  it.each(vectors.streams)('$name', (s) => {
    for (const chunk of [1, 7, 1 << 20]) {
      expect(decodeDevice(s.bytes, chunk).outcomes).toEqual(s.results);
    }
  });
});

describe('encodeFrame', () => {
  it('refuses bodies no receiver would accept', () => {
    expect(() => encodeFrame('A'.repeat(122))).toThrow(RangeError);
    expect(() => encodeFrame('HB,1,2*')).toThrow(RangeError);
    expect(encodeFrame('A'.repeat(121))).toHaveLength(128);
    expect(() => encodeFrame('A'.repeat(116), 2)).toThrow(RangeError);
    expect(encodeFrame('A'.repeat(115), 2)).toHaveLength(128);
  });
});
