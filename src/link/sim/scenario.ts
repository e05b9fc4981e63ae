import { z } from 'zod';
import type { NodeInfo } from '../codec/device-message.js';
import type { SimReading } from './sim-device.js';

const nodeId = z.string().regex(/^[A-Za-z0-9]{1,8}$/);
const at = { at_ms: z.number().int().min(0) };
const stepSchema = z.discriminatedUnion('type', [
  z.object({ ...at, type: z.literal('SHOT'), launcher: nodeId, speed_mm_s: z.number().int().min(0).max(999999).optional() }).strict(),
  z.object({ ...at, type: z.literal('HIT'), node: nodeId, strength: z.number().int().min(0).max(1023) }).strict(),
  z.object({ ...at, type: z.literal('TILT'), node: nodeId, state: z.enum(['UP', 'DOWN']), angle_deg: z.number().min(-180).max(180) }).strict(),
  z.object({ ...at, type: z.literal('RESET'), boot: z.string().regex(/^[0-9A-Fa-f]{8}$/).optional() }).strict(),
]);
const scenarioSchema = z
  .object({
    fw: z.string().regex(/^[\x20-\x7e]{1,16}$/).refine((s) => !/[$*,]/.test(s), 'no $ * , in fw').optional(),
    nodes: z.array(z.object({ id: nodeId, kind: z.enum(['L', 'H', 'T']) }).strict()).max(12).optional(),
    events: z.array(stepSchema),
  })
  .strict();

export type ScenarioStep = { atMs: number } & ({ kind: 'reading'; reading: SimReading } | { kind: 'reset'; boot?: string });
export interface Scenario {
  fw?: string;
  nodes?: NodeInfo[];
  steps: ScenarioStep[];
}

/**
 * A scripted session for `sim-device --scenario`: readings and resets at times (ms after
 * the first HELLO is acknowledged). Field names follow the record format.
 */
export function parseScenario(json: unknown): { ok: true; scenario: Scenario } | { ok: false; problem: string } {
  const r = scenarioSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || '(top)'}: ${issue?.message ?? 'invalid'}` };
  }
  const steps: ScenarioStep[] = r.data.events.map((e): ScenarioStep => {
    switch (e.type) {
      case 'SHOT':
        return { atMs: e.at_ms, kind: 'reading', reading: e.speed_mm_s === undefined ? { type: 'SHOT', launcher: e.launcher } : { type: 'SHOT', launcher: e.launcher, speedMmS: e.speed_mm_s } };
      case 'HIT':
        return { atMs: e.at_ms, kind: 'reading', reading: { type: 'HIT', node: e.node, strength: e.strength } };
      case 'TILT':
        return { atMs: e.at_ms, kind: 'reading', reading: { type: 'TILT', node: e.node, state: e.state, angleDeg: e.angle_deg } };
      case 'RESET':
        return e.boot === undefined ? { atMs: e.at_ms, kind: 'reset' } : { atMs: e.at_ms, kind: 'reset', boot: e.boot };
    }
  });
  steps.sort((a, b) => a.atMs - b.atMs);
  const scenario: Scenario = { steps };
  if (r.data.fw !== undefined) scenario.fw = r.data.fw;
  if (r.data.nodes !== undefined) scenario.nodes = r.data.nodes;
  return { ok: true, scenario };
}
