import { z } from 'zod';
import { Attribution, CriticalDie, ModelKind, ModelSpec, PlayerId, ShotResult, WeaponSpec } from './game-events.js';
import { TerrainPiece } from './terrain.js';

/** What the app sends every client after each change: everything the screen shows, nothing more. */

const NextTurn = ShotResult.shape.nextTurn;

export const ModelView = z.object({
  id: z.string(),
  player: PlayerId,
  name: z.string(),
  kind: ModelKind,
  unitType: z.string().nullable(),
  armour: z.number(),
  stamina: z.number(),
  speedSteps: z.number(),
  baseMm: z.number(),
  heightMm: z.number(),
  weapons: z.array(WeaponSpec),
  tag: z.number().nullable(),
  hitNode: z.string().nullable(),
  tiltNode: z.string().nullable(),
  launcherNode: z.string().nullable(),
  damage: z.number(),
  fallen: z.boolean(),
  seenFallen: z.boolean(),
  destroyed: z.boolean(),
  nextTurn: NextTurn,
  /** Its state keeps it out of this turn altogether (panic, a critical hit): no order card, no activation. */
  sitsOut: z.boolean(),
  mayMove: z.boolean(),
  mayShoot: z.boolean(),
  /** Activated in the current turn (the last of the active player's is acting now). */
  activated: z.boolean(),
  initiative: z.number(),
  /** Units of several figures (the engine's count): figures in the unit, left now, wound and suppression markers. */
  figures: z.number().optional(),
  figuresLeft: z.number().optional(),
  markers: z.number().optional(),
  suppression: z.number().optional(),
  pos: z.object({ xMm: z.number(), yMm: z.number() }).nullable(),
});
export type ModelView = z.infer<typeof ModelView>;

export const PairViewSchema = z.object({
  targetId: z.string(),
  distanceMm: z.number(),
  gapMm: z.number(),
  measuredMm: z.number().optional(),
  steps: z.number(),
  band: z.string().nullable(),
  closeCombat: z.boolean(),
  lineOfSight: z.enum(['clear', 'partial', 'blocked', 'unknown']),
  cover: z.string(),
  inRange: z.record(z.string(), z.boolean()),
});

export const OddsView = z.object({
  weaponId: z.string(),
  action: z.string(),
  allowed: z.boolean(),
  odds: z.record(z.string(), z.string()),
  harm: z.number(),
  harmKey: z.string(),
  problem: z.string().nullable(),
  /** The system's reason when it allows no such attack, in both languages. */
  reason: z.object({ ru: z.string(), en: z.string() }).nullable(),
});

export const ShotScoreView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('result'), result: ShotResult }),
  z.object({ kind: z.literal('needs-die'), odds: z.record(z.string(), z.string()), damage: z.number().nullable() }),
  z.object({ kind: z.literal('no-target') }),
  z.object({ kind: z.literal('unavailable'), problem: z.string() }),
]);

export const ShotView = z.object({
  shooterId: z.string().nullable(),
  launcherNode: z.string().nullable(),
  readings: z.array(z.object({ kind: z.string(), node: z.string(), strength: z.number().nullable(), state: z.string().nullable(), hostMs: z.number() })),
  proposed: Attribution,
  attribution: Attribution,
  corrected: z.boolean(),
  score: ShotScoreView,
});

/** A virtual attack as rolled: the odds shown before, the dice, and what the engine decided. */
export const AttackView = z.object({
  seq: z.number(),
  turn: z.number(),
  shooterId: z.string(),
  targetId: z.string(),
  weaponId: z.string(),
  action: z.string(),
  dice: z.enum(['virtual', 'physical']),
  diceUsed: z.array(z.number()),
  odds: z.record(z.string(), z.string()),
  harmKey: z.string(),
  /** The engine's output fields that are plain values (damage, destroyed, hit…). */
  outcome: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  undone: z.boolean(),
});
export type AttackView = z.infer<typeof AttackView>;

const TextView = z.object({ ru: z.string(), en: z.string() });
const ChoiceValue = z.union([z.string(), z.number(), z.boolean()]);

/** A table action the system offers the selected model (melee, area, volley, test). */
export const ActionOfferView = z.object({
  action: z.string(),
  label: TextView,
  kind: z.enum(['melee', 'area', 'volley', 'test']),
  targets: z.enum(['none', 'one', 'many', 'radius']),
  /** Null: offered now; else why not, in both languages. */
  offered: TextView.nullable(),
  choices: z.array(z.object({ id: z.string(), label: TextView, values: z.array(z.object({ value: ChoiceValue, label: TextView })) })),
  /** The models the system suggests before the player picks (the enemies in contact). */
  suggest: z.array(z.string()),
});
export type ActionOfferView = z.infer<typeof ActionOfferView>;

/** The action being prepared, with its exact odds: what a roll now resolves. */
export const ActionDraftView = z.object({
  action: z.string(),
  actorId: z.string(),
  targetIds: z.array(z.string()),
  aim: z.object({ x_mm: z.number(), y_mm: z.number() }).nullable(),
  choices: z.record(z.string(), ChoiceValue),
  /** `radius` actions: the radius to draw around the aim point (mm), when the system gives one. */
  radiusMm: z.number().nullable(),
  /** The models the action's output lands on (the victims found inside the radius…), in order. */
  involved: z.array(z.string()),
  /** Output part → model it lands on (`victims.b3` → b3): what the odds' keys name. */
  parts: z.record(z.string(), z.string()),
  /** Outcome key → exact probability "p/q"; empty when the engine could not price it. */
  odds: z.record(z.string(), z.string()),
  harmKey: z.string(),
  harm: z.number(),
  /** The engine priced the action exactly (false: it can be rolled, but its odds are not known). */
  priced: z.boolean(),
  allowed: z.boolean(),
  /** Why it cannot be rolled (engine words, for the referee's tooltip); null when it can. */
  problem: z.string().nullable(),
  /** The same in the players' words, both languages. */
  reason: TextView.nullable(),
  /** The turn structure refuses the actor acting now (the referee may override); null when it may. */
  outOfTurn: TextView.nullable(),
});
export type ActionDraftView = z.infer<typeof ActionDraftView>;

/** A table action as rolled: the odds shown before, the dice, and what landed on each model. */
export const ActionResultView = z.object({
  seq: z.number(),
  turn: z.number(),
  action: z.string(),
  actorId: z.string(),
  /** Output part → model id (`""` the whole output, `victims.b3` a part inside a part). */
  targets: z.record(z.string(), z.string()),
  dice: z.enum(['virtual', 'physical']),
  diceUsed: z.array(z.number()),
  odds: z.record(z.string(), z.string()),
  harmKey: z.string(),
  /** Per model the output landed on: its part's plain values (damage, destroyed, hit…). */
  outcomes: z.array(z.object({ modelId: z.string(), outcome: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])) })),
  override: z.boolean(),
});
export type ActionResultView = z.infer<typeof ActionResultView>;

export const GameSummaryView = z.object({
  turns: z.number(),
  players: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string(), models: z.number(), losses: z.number(), damageDealt: z.number(), shots: z.number(), hits: z.number(), actions: z.number() })),
});
export type GameSummaryView = z.infer<typeof GameSummaryView>;

/** Stepping through a game: which step of how many, and the record shown. */
export const ReplayView = z.object({ step: z.number(), steps: z.number(), seq: z.number(), type: z.string(), summary: z.string() });

/**
 * What the sensor hub's link is doing, for the UI to say in its own language (the `detail` line
 * beside it is the app's English, for logs and the terminal). `port` is the serial path where
 * one is known; `reason` is the operating system's or the link's own words, shown as they are.
 */
export const LinkState = z.object({
  kind: z.enum(['opening', 'open', 'lost', 'waiting', 'hello', 'device-lost', 'conflict', 'suspect', 'not-recorded', 'demo']),
  port: z.string().max(300).nullable(),
  boot: z.string().max(64).optional(),
  fw: z.string().max(64).optional(),
  count: z.number().int().nonnegative().optional(),
  seq: z.number().int().nonnegative().optional(),
  reason: z.string().max(500).optional(),
});
export type LinkState = z.infer<typeof LinkState>;

export const GameView = z.object({
  revision: z.number(),
  gameId: z.string().nullable(),
  ruleset: z.string().nullable(),
  rulesetName: z.object({ ru: z.string(), en: z.string() }).nullable(),
  /** The system's names for states, phases and actions (its plugin's labels). */
  labels: z
    .object({
      states: z.record(z.string(), z.object({ ru: z.string(), en: z.string() })),
      phases: z.record(z.string(), z.object({ ru: z.string(), en: z.string() })),
      actions: z.record(z.string(), z.object({ ru: z.string(), en: z.string() })),
    })
    .nullable(),
  /** The system tells ricochets apart in launcher shots. */
  ricochet: z.boolean(),
  /** The system scores real shots from launchers (its plugin's `realShots`): the manual shot and the sensor bindings exist only then. */
  realShots: z.boolean(),
  /** Units act by initiative (order cards) rather than player by player. */
  usesInitiative: z.boolean(),
  /** Units the turn structure lets act next. */
  mayActNext: z.array(z.string()),
  /**
   * Order-card systems (the orders screen): the orders and their names, the command points per
   * turn, whether all must be spent, and the order on each unit's card this turn.
   */
  orderCards: z
    .object({
      orders: z.array(z.object({ id: z.string(), label: z.object({ ru: z.string(), en: z.string() }) })),
      points: z.number(),
      allPointsSpent: z.boolean(),
      given: z.record(z.string(), z.string()),
      /** The orders phase is open: nobody has acted this turn yet. */
      open: z.boolean(),
    })
    .nullable()
    .optional(),
  title: z.string(),
  players: z.array(z.object({ id: PlayerId, name: z.string(), colour: z.string() })),
  table: z.object({ widthMm: z.number(), depthMm: z.number() }),
  stepMm: z.number(),
  phase: z.enum(['empty', 'setup', 'play']),
  turn: z.number(),
  active: PlayerId,
  /** The unit acting now: the last one activated this turn. */
  acting: z.string().nullable(),
  /** Звездный Десант: the execution order of this turn by initiative (the engine's activation-order). */
  activationOrder: z.array(z.string()).nullable(),
  models: z.array(ModelView),
  selection: z.object({ shooterId: z.string().nullable(), targetId: z.string().nullable(), weaponId: z.string().nullable() }),
  pairs: z.array(PairViewSchema),
  odds: OddsView.nullable(),
  moves: z.array(z.object({ id: z.string(), fromXMm: z.number(), fromYMm: z.number(), movedMm: z.number(), steps: z.number(), allowedSteps: z.number(), ok: z.boolean() })),
  shot: ShotView.nullable(),
  shots: z.array(z.object({ seq: z.number(), turn: z.number(), shooterId: z.string().nullable(), attribution: Attribution, critical: CriticalDie.nullable(), result: ShotResult.nullable() })),
  history: z.array(z.object({ seq: z.number(), tMs: z.number(), type: z.string(), undone: z.boolean(), summary: z.string() })),
  canUndo: z.boolean(),
  link: z.object({ status: z.enum(['none', 'connected', 'waiting', 'demo']), detail: z.string(), state: LinkState.optional() }),
  demoAvailable: z.boolean(),
  /** Sensor nodes heard during setup, newest last (the wizard's bind step offers them). */
  heard: z.array(z.object({ kind: z.enum(['SHOT', 'HIT', 'TILT']), node: z.string(), hostMs: z.number() })),
  warnings: z.array(z.string()),
  /** Hub messages the link flagged: the same (boot, seq) with two contents, or a seq far out of place. */
  sensorConflicts: z.array(z.object({ kind: z.enum(['conflict', 'suspect']), key: z.string(), stored: z.string().nullable(), received: z.string() })),
  readOnly: z.boolean(),
  /** Virtual attacks rolled in this game, oldest first (the last few). */
  attacks: z.array(AttackView).optional(),
  /** The table's terrain, and the system's cover and movement classes a piece may take. */
  terrain: z.array(TerrainPiece).optional(),
  terrainClasses: z.object({ cover: z.array(z.string()), movement: z.array(z.string()) }).optional(),
  /** Losses, damage, shots and hits so far; `ended` once the players (or the demo) end the game. */
  summary: GameSummaryView.optional(),
  ended: z.boolean().optional(),
  /** The table actions the system offers the selected model (empty when none is selected). */
  actions: z.array(ActionOfferView).optional(),
  /** The table action being prepared, with its exact odds; null when none is. */
  draft: ActionDraftView.nullable().optional(),
  /** Table actions rolled in this game, oldest first (the last few). */
  actionResults: z.array(ActionResultView).optional(),
  /** Set while the players step through the game: the table and panels show it as it stood. */
  replay: ReplayView.nullable().optional(),
});
export type GameView = z.infer<typeof GameView>;

export const GameSummary = z.object({ id: z.string(), title: z.string(), ruleset: z.string(), records: z.number(), turn: z.number(), damaged: z.number(), lastTMs: z.number() });
export type GameSummary = z.infer<typeof GameSummary>;

export const Preset = z.object({
  presetId: z.string(),
  label: z.object({ ru: z.string(), en: z.string() }),
  model: z.object({
    kind: ModelKind,
    unitType: z.string().optional(),
    armour: z.number(),
    stamina: z.number(),
    speedSteps: z.number(),
    baseMm: z.number(),
    heightMm: z.number(),
    weapons: z.array(WeaponSpec),
    /** The unit's own stats and catalogue type, carried into the model it adds. */
    stats: ModelSpec.shape.stats,
  }),
  /** Which sensors such a model usually carries: the setup offers node fields for these. */
  sensors: z.array(z.enum(['hit', 'tilt', 'launcher'])),
});
export type Preset = z.infer<typeof Preset>;

export const Catalog = z.array(z.object({ ruleset: z.string(), name: z.object({ ru: z.string(), en: z.string() }), realShots: z.boolean(), presets: z.array(Preset) }));
export type Catalog = z.infer<typeof Catalog>;

/** Server-sent messages on the live channel (SSE in a browser, IPC in Electron). */
export const ServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('view'), view: GameView }),
  z.object({ type: z.literal('notice'), text: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** What the server tells a page about itself: whether it is the referee, and where phones watch. */
export const AccessInfo = z.object({ referee: z.boolean(), lan: z.boolean(), spectateUrls: z.array(z.string()) });
export type AccessInfo = z.infer<typeof AccessInfo>;

/** A pairing code for the referee's screen, and the addresses that carry it (for the QR code). */
export const PairingCode = z.object({ ok: z.literal(true), code: z.string(), expiresInS: z.number(), pairUrls: z.array(z.string()) });
export type PairingCode = z.infer<typeof PairingCode>;
