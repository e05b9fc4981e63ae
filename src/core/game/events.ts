import { z } from 'zod';
import { gameSystem, systemIds } from '../rulesets/registry.js';

/**
 * The events a game is folded from. They come from disk (a journal) or from the app, so every
 * one is plain JSON checked by zod; the fold never trusts them further than this schema.
 */

export const PlayerSchema = z.enum(['A', 'B']);
export type Player = z.infer<typeof PlayerSchema>;

/** A registered system's id; checked against the registry when the event is read. */
export const RulesetIdSchema = z
  .string()
  .max(40)
  .refine((id) => gameSystem(id) !== undefined, { error: (iss) => `unknown system ${JSON.stringify(iss.input)} (known: ${systemIds().join(', ')})` });

/** Ids of models and units as the app names them (they become keys of plain objects). */
export const ModelIdSchema = z.string().regex(/^[\p{L}\p{N}_.-]{1,40}$/u, 'letters, digits, _ . - (1 to 40)');

/**
 * A referee's override: the event breaks the turn structure on purpose (a house rule, a
 * mistake put right). It is applied and journalled as an override in `state.overrides`.
 */
export const OverrideSchema = z.union([z.literal(true), z.object({ note: z.string().max(200) }).strict()]);
export type Override = z.infer<typeof OverrideSchema>;

const count = z.int().nonnegative();

/**
 * The bounds the engine's game puts on a model. Front ends check what they accept against these
 * (the app's intents), so nothing they take now is refused when the engine sees it later.
 */
export const MODEL_LIMITS = { nameLength: 80, figures: 1000, maxDamage: 1000 } as const;

/**
 * One model, or one unit of several figures (Звездный Десант, Стальная война remove figures
 * from a unit). `max_damage` is what destroys one figure: stamina, max damage or СТК.
 */
export const ModelSpecSchema = z
  .object({
    id: ModelIdSchema,
    player: PlayerSchema,
    name: z.string().max(MODEL_LIMITS.nameLength).optional(),
    /** Figures in the unit; 1 for a single model. */
    figures: z.int().positive().max(MODEL_LIMITS.figures).default(1),
    max_damage: z.int().positive().max(MODEL_LIMITS.maxDamage).default(1),
    /** The system's own stats (armour, КБР, quality die…): kept as given, read by the app. */
    stats: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
  })
  .strict();
export type ModelSpec = z.infer<typeof ModelSpecSchema>;

/**
 * Which model each part of an action's output lands on: `""` is the whole output (a shot's
 * target), `"A"` / `"B"` the per-player parts of a melee, `"victims.b3"` a part inside a part
 * (one dot-separated key per level: a blast's victim, a melee's fighter). Parts not named
 * change nothing.
 */
export const EffectTargetsSchema = z.record(z.string().max(100), ModelIdSchema);

export const GameEventSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('game-created'),
      ruleset: RulesetIdSchema,
      seed: z.string().min(1).max(200),
      first_player: PlayerSchema.default('A'),
      /** A club's ruleset file, stored inside the game so the game replays without it. */
      ruleset_data: z.unknown().optional(),
    })
    .strict(),
  z.object({ type: z.literal('model-added'), model: ModelSpecSchema }).strict(),
  z
    .object({
      type: z.literal('action-resolved'),
      /** Optional; when given it must be the game's ruleset. */
      ruleset: RulesetIdSchema.optional(),
      action: z.string().min(1).max(60),
      /** The action's own fields, exactly as `shagomer resolve` takes them. */
      input: z.record(z.string(), z.unknown()),
      /** Physical dice typed in; without them the game's seeded generator rolls. */
      dice: z.array(z.int()).max(1000).optional(),
      targets: EffectTargetsSchema.default({}),
      /** The model (unit) doing it: the turn structure checks it may, in this action's phase. */
      actor: ModelIdSchema.optional(),
      override: OverrideSchema.optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('damage-corrected'),
      model_id: ModelIdSchema,
      damage: count.optional(),
      markers: count.optional(),
      figures_left: count.optional(),
      fallen: z.boolean().optional(),
      destroyed: z.boolean().optional(),
    })
    .strict(),
  z.object({ type: z.literal('unit-activated'), model_id: ModelIdSchema, override: OverrideSchema.optional() }).strict(),
  /** A unit starts one phase of its activation (a move, say), activating it if it was not. */
  z.object({ type: z.literal('phase-started'), model_id: ModelIdSchema, phase: z.string().min(1).max(40), override: OverrideSchema.optional() }).strict(),
  /** Initiative systems: the command points put on a unit's order card this turn. */
  z
    .object({
      type: z.literal('initiative-set'),
      model_id: ModelIdSchema,
      initiative: z.int().min(0).max(100),
      /** Order-card systems: the order on the card (one of the system's `turn.orders`). */
      order: z.string().min(1).max(40).optional(),
      override: OverrideSchema.optional(),
    })
    .strict(),
  /** `first_player`: who goes first next turn, where the system rolls for it every turn. */
  z.object({ type: z.literal('turn-ended'), first_player: PlayerSchema.optional() }).strict(),
  /** Cancels the latest event that is not yet cancelled (undos themselves stay). */
  z.object({ type: z.literal('undo') }).strict(),
]);

/** An event as stored (defaults not yet filled in). */
export type GameEventInput = z.input<typeof GameEventSchema>;
/** An event after validation. */
export type GameEvent = z.output<typeof GameEventSchema>;
export type GameEventType = GameEvent['type'];
