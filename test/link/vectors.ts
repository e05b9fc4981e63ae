import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { DeviceMessage } from '../../src/link/codec/device-message.js';
import type { HostCommand } from '../../src/link/codec/host-command.js';

const result = z.enum(['ok', 'bad-crc', 'malformed']);
const frameVector = z.object({
  name: z.string(),
  frame: z.string(),
  result,
  message: z.record(z.string(), z.unknown()).optional(),
  command: z.record(z.string(), z.unknown()).optional(),
  canonical: z.boolean().optional(),
  /** 2: a v2 frame (length + CRC-32C); absent: v1. */
  framing: z.literal(2).optional(),
});
const vectorsSchema = z.object({
  protocol: z.literal(2),
  crc: z.array(z.object({ input: z.string(), crc: z.string().regex(/^[0-9A-F]{4}$/) })),
  crc32c: z.array(z.object({ input: z.string(), crc: z.string().regex(/^[0-9A-F]{8}$/) })),
  device_frames: z.array(frameVector),
  host_frames: z.array(frameVector),
  streams: z.array(z.object({ name: z.string(), bytes: z.string(), results: z.array(z.object({ result, message: z.record(z.string(), z.unknown()).optional() })) })),
});
export type Vectors = z.infer<typeof vectorsSchema>;
export type FrameVector = z.infer<typeof frameVector>;

export const vectorsPath = new URL('../../firmware-protocol/vectors.json', import.meta.url);
export function loadVectors(): Vectors {
  return vectorsSchema.parse(JSON.parse(readFileSync(vectorsPath, 'utf8')));
}

/** A decoded device message in the vectors' (record-file) naming. */
export function messageAsVector(m: DeviceMessage): Record<string, unknown> {
  const head = { seq: m.seq, t_ms: m.tMs };
  switch (m.type) {
    case 'HELLO':
      return { type: m.type, ...head, proto: m.proto, boot: m.boot, fw: m.fw, nodes: m.nodes };
    case 'HB':
      return { type: m.type, ...head };
    case 'SHOT':
      return m.speedMmS === undefined ? { type: m.type, ...head, launcher: m.launcher } : { type: m.type, ...head, launcher: m.launcher, speed_mm_s: m.speedMmS };
    case 'HIT':
      return { type: m.type, ...head, node: m.node, strength: m.strength };
    case 'TILT':
      return { type: m.type, ...head, node: m.node, state: m.state, angle_deg: m.angleDeg };
    case 'ERR':
      return { type: m.type, ...head, code: m.code, text: m.text };
    case 'UNKNOWN':
      return { type: m.wireType, ...head, unknown: true };
  }
}

export function commandAsVector(c: HostCommand): Record<string, unknown> {
  return c.type === 'SYNC' ? { type: c.type, host_ms: c.hostMs } : { ...c };
}
