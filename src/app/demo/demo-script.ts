import { z } from 'zod';
import { PlayerId, Position, RulesetIdSchema } from '../api/game-events.js';
import { Intent, ModelDraft } from '../api/intents.js';

/**
 * A recorded session: the game's setup, camera positions over time, the hub's readings (the
 * same steps `sim-device --scenario` plays), and the players' decisions (dice they typed,
 * turn ends). Times are ms after the hub's HELLO was acknowledged.
 */
const nodeId = z.string().regex(/^[A-Za-z0-9]{1,8}$/);
export const HubStep = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SHOT'), launcher: nodeId, speed_mm_s: z.int().min(0).optional() }).strict(),
  z.object({ type: z.literal('HIT'), node: nodeId, strength: z.int().min(0).max(1023) }).strict(),
  z.object({ type: z.literal('TILT'), node: nodeId, state: z.enum(['UP', 'DOWN']), angle_deg: z.number() }).strict(),
]);
export type HubStep = z.infer<typeof HubStep>;

export const DemoStep = z.union([
  z.object({ at_ms: z.int().nonnegative(), positions: z.array(Position).min(1) }).strict(),
  /** A recorded camera frame (a path under demo/): positions and falls come from vision. */
  z.object({ at_ms: z.int().nonnegative(), frame: z.string().regex(/^[\w./-]+\.(jpg|png)$/) }).strict(),
  z.object({ at_ms: z.int().nonnegative(), hub: HubStep }).strict(),
  z.object({ at_ms: z.int().nonnegative(), decide: Intent }).strict(),
]);
export type DemoStep = z.infer<typeof DemoStep>;

export const DemoScript = z
  .object({
    ruleset: RulesetIdSchema,
    title: z.string(),
    seed: z.string(),
    players: z.array(z.object({ id: PlayerId, name: z.string(), colour: z.string().regex(/^#[0-9a-f]{6}$/) }).strict()).length(2),
    table: z.object({ widthMm: z.number().positive(), depthMm: z.number().positive() }).strict(),
    /** Added in order: each player's models get ids A1, A2… and B1, B2… */
    models: z.array(ModelDraft).min(2),
    firstPlayer: PlayerId,
    /** The camera the frames were taken with: table profile, camera file, empty-table frame. */
    camera: z.object({ profile: z.string(), camera: z.string(), background: z.string() }).strict().optional(),
    steps: z.array(DemoStep),
  })
  .strict();
export type DemoScript = z.infer<typeof DemoScript>;

/** The hub steps in the format of `shagomer sim-device --scenario`. */
export function toSimScenario(script: DemoScript): { fw: string; nodes: { id: string; kind: 'L' | 'H' | 'T' }[]; events: Record<string, unknown>[] } {
  const nodes: { id: string; kind: 'L' | 'H' | 'T' }[] = [];
  for (const m of script.models) {
    if (m.launcherNode) nodes.push({ id: m.launcherNode, kind: 'L' });
    if (m.hitNode) nodes.push({ id: m.hitNode, kind: 'H' });
    if (m.tiltNode) nodes.push({ id: m.tiltNode, kind: 'T' });
  }
  const events = script.steps.flatMap((s) => ('hub' in s ? [{ at_ms: s.at_ms, ...s.hub }] : []));
  return { fw: 'demo-1', nodes: nodes.slice(0, 12), events };
}
