import { z } from 'zod';
import { Attribution, ModelSpec, PlayerId, Position, RulesetIdSchema } from './game-events.js';

/** What a client (Electron renderer or browser) may ask of the app. Every body is checked with these. */

export const ModelDraft = ModelSpec.omit({ id: true });
export type ModelDraft = z.infer<typeof ModelDraft>;

export const Intent = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('new-game'),
      ruleset: RulesetIdSchema,
      title: z.string().max(80),
      players: z.array(z.object({ id: PlayerId, name: z.string().min(1).max(40), colour: z.string().regex(/^#[0-9a-f]{6}$/) }).strict()).length(2),
      seed: z.string().min(1).max(64).optional(),
      table: z.object({ widthMm: z.number().positive().max(5000), depthMm: z.number().positive().max(5000) }).strict().optional(),
    })
    .strict(),
  z.object({ type: z.literal('open-game'), gameId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/) }).strict(),
  z.object({ type: z.literal('add-model'), model: ModelDraft }).strict(),
  z.object({ type: z.literal('remove-model'), modelId: z.string() }).strict(),
  z
    .object({
      type: z.literal('bind'),
      modelId: z.string(),
      tag: z.int().nonnegative().max(999).nullable(),
      hitNode: ModelSpec.shape.hitNode,
      tiltNode: ModelSpec.shape.tiltNode,
      launcherNode: ModelSpec.shape.launcherNode,
    })
    .strict(),
  z.object({ type: z.literal('finish-setup'), firstPlayer: PlayerId }).strict(),
  z.object({ type: z.literal('place-models'), models: z.array(Position).min(1).max(200) }).strict(),
  /** Positions the renderer's vision worker located (tags in table mm). */
  z.object({ type: z.literal('camera-positions'), models: z.array(Position).min(1).max(200) }).strict(),
  z
    .object({ type: z.literal('select'), shooterId: z.string().nullable(), targetId: z.string().nullable(), weaponId: z.string().nullable() })
    .strict(),
  z.object({ type: z.literal('open-shot'), shooterId: z.string().nullable() }).strict(),
  z.object({ type: z.literal('correct-shot'), attribution: Attribution }).strict(),
  z
    .object({
      type: z.literal('commit-shot'),
      /** The critical die when one is due: a physical die's face, or a roll of the seeded virtual die. */
      die: z.union([z.object({ source: z.literal('physical'), value: z.int().min(1).max(6) }).strict(), z.object({ source: z.literal('virtual') }).strict()]).nullable(),
      /** The referee lets the shot stand although it breaks the turn structure (journalled). */
      override: z.literal(true).optional(),
    })
    .strict(),
  z.object({ type: z.literal('cancel-shot') }).strict(),
  z.object({ type: z.literal('stand-up'), modelId: z.string() }).strict(),
  z.object({ type: z.literal('activate'), modelId: z.string(), override: z.literal(true).optional() }).strict(),
  /** A unit starts one phase of its activation (the system's phase ids: `maneuver`, `attack`…). */
  z.object({ type: z.literal('start-phase'), modelId: z.string(), phase: z.string().min(1).max(40), override: z.literal(true).optional() }).strict(),
  z.object({ type: z.literal('set-initiative'), modelId: z.string(), initiative: z.int().min(0).max(20) }).strict(),
  z.object({ type: z.literal('end-turn') }).strict(),
  z.object({ type: z.literal('undo') }).strict(),
  z.object({ type: z.literal('play-demo') }).strict(),
]);
export type Intent = z.infer<typeof Intent>;

export const IntentReply = z.union([
  z.object({ ok: z.literal(true) }).strict(),
  /** `reason`: the refusal in the players' words, both languages (the turn structure's). */
  z.object({ ok: z.literal(false), problem: z.string(), reason: z.object({ ru: z.string(), en: z.string() }).strict().optional() }).strict(),
]);
export type IntentReply = z.infer<typeof IntentReply>;
