import { z } from 'zod';
import { MODEL_LIMITS } from '../../core/game/index.js';
import { RosterSchema } from '../../core/rulesets/roster.js';
import { Attribution, ModelSpec, PlayerId, Position, RulesetIdSchema } from './game-events.js';
import { TerrainSet } from './terrain.js';

/** What a client (Electron renderer or browser) may ask of the app. Every body is checked with these. */

/** A model as a client proposes it: stamina within what the engine's game accepts (checked again there). */
export const ModelDraft = ModelSpec.omit({ id: true }).extend({ stamina: z.int().positive().max(MODEL_LIMITS.maxDamage) });
export type ModelDraft = z.infer<typeof ModelDraft>;

/** A table action being prepared: who does it, to whom (≤ 60 models) or where (an aim point on the table), and the player's picks. */
export const ActionDraft = z
  .object({
    action: z.string().min(1).max(60),
    actorId: z.string().min(1).max(64),
    targetIds: z.array(z.string().min(1).max(64)).max(60),
    aim: z.object({ x_mm: z.number().min(-10_000).max(10_000), y_mm: z.number().min(-10_000).max(10_000) }).strict().nullable(),
    choices: z
      .record(z.string().min(1).max(40), z.union([z.string().max(80), z.number().min(-1e6).max(1e6), z.boolean()]))
      .refine((c) => Object.keys(c).length <= 20, { message: 'at most 20 choices' }),
  })
  .strict();
export type ActionDraft = z.infer<typeof ActionDraft>;

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
  /** A whole army list (`shagomer roster validate`'s format): checked against the catalogue, then one model per unit. */
  z.object({ type: z.literal('add-roster'), roster: RosterSchema }).strict(),
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
  /** `override`: the referee lets a move the rules refuse stand (journalled as such). */
  z.object({ type: z.literal('place-models'), models: z.array(Position).min(1).max(200), override: z.boolean().optional() }).strict(),
  /** Positions the renderer's vision worker located (tags in table mm). */
  z.object({ type: z.literal('camera-positions'), models: z.array(Position).min(1).max(200) }).strict(),
  z
    .object({ type: z.literal('select'), shooterId: z.string().nullable(), targetId: z.string().nullable(), weaponId: z.string().nullable() })
    .strict(),
  /** Another weapon for the selected shooter: the shooter and target stay as the session holds them. */
  z.object({ type: z.literal('pick-weapon'), weaponId: z.string().min(1).max(64) }).strict(),
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
  /**
   * Order-card systems: one player's cards for this turn (each unit's order and the command points
   * on it); `lowered`: the opponent's cut when the revealed total exceeds the player's points.
   */
  z
    .object({
      type: z.literal('set-orders'),
      player: PlayerId,
      cards: z.array(z.object({ modelId: z.string().max(40), order: z.string().min(1).max(40), initiative: z.int().min(0).max(20) }).strict()).min(1).max(200),
      lowered: z.array(z.object({ modelId: z.string().max(40), by: z.int().positive().max(20) }).strict()).max(200).optional(),
    })
    .strict(),
  z.object({ type: z.literal('end-turn') }).strict(),
  z.object({ type: z.literal('undo') }).strict(),
  z.object({ type: z.literal('play-demo') }).strict(),
  /** Rolls the selected attack: `dice` are the faces typed from the table, null rolls the game's seeded dice. */
  /** The table's terrain: drawn by hand, or tagged pieces where the camera sees them. */
  z.object({ type: z.literal('set-terrain'), source: z.enum(['manual', 'camera']), pieces: TerrainSet }).strict(),
  z.object({ type: z.literal('end-game') }).strict(),
  /** Step through the open game: `step` indexes its events, null leaves the replay. */
  z.object({ type: z.literal('replay'), step: z.int().nonnegative().max(1_000_000).nullable() }).strict(),
  z.object({ type: z.literal('roll-attack'), dice: z.array(z.int().min(1).max(20)).min(1).max(60).nullable() }).strict(),
  /** Sets (or clears) the table action being prepared: melee, blast, grenade, volley, test (the system's `tableActions`). */
  z.object({ type: z.literal('draft-action'), draft: ActionDraft.nullable() }).strict(),
  /** Rolls the draft: null rolls the game's seeded dice, else the faces typed from the table; `override` lets the referee break the turn structure (journalled). */
  z.object({ type: z.literal('roll-action'), dice: z.array(z.int().min(1).max(20)).min(1).max(60).nullable(), override: z.literal(true).optional() }).strict(),
]);
export type Intent = z.infer<typeof Intent>;

export const IntentReply = z.union([
  z.object({ ok: z.literal(true) }).strict(),
  /** `reason`: the refusal in the players' words, both languages (the turn structure's). */
  z.object({ ok: z.literal(false), problem: z.string(), reason: z.object({ ru: z.string(), en: z.string() }).strict().optional() }).strict(),
]);
export type IntentReply = z.infer<typeof IntentReply>;
