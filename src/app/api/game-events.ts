import { z } from 'zod';
import { gameSystem, systemIds } from '../../core/rulesets/registry.js';
import { TerrainSet } from './terrain.js';

/** Everything a game journal holds. Each event is a fact or a decision; state is folded from them. */

export const PlayerId = z.enum(['A', 'B']);
export type PlayerId = z.infer<typeof PlayerId>;

/** A registered system's id (the registry is the only list of systems). */
export const RulesetIdSchema = z
  .string()
  .max(40)
  .refine((id) => gameSystem(id) !== undefined, { error: (iss) => `unknown system ${JSON.stringify(iss.input)} (known: ${systemIds().join(', ')})` });

/** Sensor node ids as the hub names them (`V1`, `V1T`): letters and digits, at most 8. */
export const NodeId = z.string().regex(/^[A-Za-z0-9]{1,8}$/);

export const ModelKind = z.enum(['infantry', 'vehicle', 'gun', 'cyborg', 'creature']);
export type ModelKind = z.infer<typeof ModelKind>;

export const WeaponSpec = z
  .object({
    id: z.string().min(1).max(40),
    label: z.string().max(80),
    rangeSteps: z.number().nonnegative(),
    power: z.int().optional(),
    accuracyBonus: z.int().optional(),
    /** Бронепехота's Shooting value. */
    shooting: z.int().optional(),
    /** Стальная война: the shooter's quality die and the weapon's rate of fire. */
    quality: z.enum(['d4', 'd6', 'd8', 'd10', 'd12']).optional(),
    rof: z.int().nonnegative().optional(),
  })
  .strict();
export type WeaponSpec = z.infer<typeof WeaponSpec>;

export const ModelSpec = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/),
    player: PlayerId,
    name: z.string().min(1).max(60),
    kind: ModelKind,
    /** Бронепехота's damage table row (`walker`, `fixed-gun`…); other systems leave it out. */
    unitType: z.string().max(40).optional(),
    armour: z.int().nonnegative(),
    /** Damage that destroys the model (stamina, max damage, СТК). */
    stamina: z.int().positive(),
    speedSteps: z.number().nonnegative(),
    baseMm: z.number().positive().max(300),
    heightMm: z.number().positive().max(500),
    weapons: z.array(WeaponSpec).max(8),
    /** Figures in the unit (a squad from a roster); one model when left out. */
    figures: z.int().positive().max(1000).optional(),
    /**
     * The system's own stats of the unit (КБР, БСП, ЛДР, quality die, leadership…) and its
     * catalogue type (`catalogue_type`), as the roster or the preset gave them: the plugin reads
     * them in its table actions and attacks.
     */
    stats: z.record(z.string().max(40), z.union([z.string().max(40), z.number(), z.boolean(), z.null()])).refine((r) => Object.keys(r).length <= 32, 'at most 32 stats').optional(),
    tag: z.int().nonnegative().max(999).nullable(),
    hitNode: NodeId.nullable(),
    tiltNode: NodeId.nullable(),
    launcherNode: NodeId.nullable(),
  })
  .strict();
export type ModelSpec = z.infer<typeof ModelSpec>;

export const Position = z.object({ id: z.string(), xMm: z.number(), yMm: z.number(), fallen: z.boolean() }).strict();
export type Position = z.infer<typeof Position>;

export const SensorKind = z.enum(['SHOT', 'HIT', 'TILT']);

/** One accepted hub message (HELLO, HB and ERR stay in the link's own log). */
export const SensorReading = z
  .object({
    /** `boot:seq`: the link's identity of the message, used to drop resends. */
    key: z.string().regex(/^[0-9a-f]{8}:\d{1,5}$/),
    kind: SensorKind,
    node: NodeId,
    strength: z.int().min(0).max(1023).optional(),
    state: z.enum(['UP', 'DOWN']).optional(),
    angleDeg: z.number().optional(),
    speedMmS: z.number().optional(),
    deviceTMs: z.number().nonnegative(),
    hostMs: z.number(),
  })
  .strict();
export type SensorReading = z.infer<typeof SensorReading>;

export const Attribution = z
  .object({
    targetId: z.string().nullable(),
    hit: z.boolean(),
    fell: z.boolean(),
    ricochet: z.boolean(),
  })
  .strict();
export type Attribution = z.infer<typeof Attribution>;

export const CriticalDie = z.object({ source: z.enum(['physical', 'virtual']), value: z.int().min(1).max(6) }).strict();
export type CriticalDie = z.infer<typeof CriticalDie>;

/** What the engine returned for a real shot, as shown to the players. */
export const ShotResult = z
  .object({
    damage: z.int().nonnegative(),
    destroyed: z.boolean(),
    fallen: z.boolean(),
    /** A state of the system's labels (`normal`, `skip`…). */
    nextTurn: z.string().min(1).max(40),
    critical: z.boolean(),
    diceUsed: z.array(z.int()),
  })
  .strict();
export type ShotResult = z.infer<typeof ShotResult>;

export const GameEvent = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('game-created'),
      ruleset: RulesetIdSchema,
      title: z.string().max(80),
      seed: z.string().min(1).max(64),
      players: z.array(z.object({ id: PlayerId, name: z.string().min(1).max(40), colour: z.string().regex(/^#[0-9a-f]{6}$/) }).strict()).length(2),
      table: z.object({ widthMm: z.number().positive(), depthMm: z.number().positive() }).strict(),
    })
    .strict(),
  z.object({ type: z.literal('model-added'), model: ModelSpec }).strict(),
  z.object({ type: z.literal('model-removed'), modelId: z.string() }).strict(),
  z
    .object({
      type: z.literal('binding-set'),
      modelId: z.string(),
      tag: z.int().nonnegative().max(999).nullable(),
      hitNode: NodeId.nullable(),
      tiltNode: NodeId.nullable(),
      launcherNode: NodeId.nullable(),
    })
    .strict(),
  z.object({ type: z.literal('setup-finished'), firstPlayer: PlayerId }).strict(),
  z.object({ type: z.literal('positions'), source: z.enum(['camera', 'manual', 'script']), models: z.array(Position), override: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('sensor'), reading: SensorReading }).strict(),
  /**
   * A hub message the link did not take as a reading: `conflict`, its (boot, seq) was stored with
   * other content (both versions kept here); `suspect`, its seq lay far outside its boot's window.
   * Shown to the referee; never changes the game.
   */
  z
    .object({
      type: z.literal('sensor-conflict'),
      kind: z.enum(['conflict', 'suspect']),
      key: z.string().regex(/^[0-9a-f]{8}:\d{1,5}$/),
      stored: z.string().max(256).nullable(),
      received: z.string().max(256),
    })
    .strict(),
  z.object({ type: z.literal('shot-opened'), shooterId: z.string().nullable() }).strict(),
  z.object({ type: z.literal('shot-corrected'), attribution: Attribution }).strict(),
  z
    .object({
      type: z.literal('shot-committed'),
      attribution: Attribution,
      critical: CriticalDie.nullable(),
      result: ShotResult.nullable(),
      /** The referee let it stand although it breaks the turn structure. */
      override: z.literal(true).optional(),
    })
    .strict(),
  z.object({ type: z.literal('shot-cancelled') }).strict(),
  z.object({ type: z.literal('model-stood-up'), modelId: z.string() }).strict(),
  /** Звездный Десант: the command points a player put on a unit this round (its order card). */
  /** `order`: the order on the card where the system has order cards (`set-orders`). */
  z.object({ type: z.literal('initiative-set'), modelId: z.string(), initiative: z.int().min(0).max(20), order: z.string().min(1).max(40).optional() }).strict(),
  /** A unit begins its activation: its moves are measured from here. */
  z.object({ type: z.literal('unit-activated'), modelId: z.string(), override: z.literal(true).optional() }).strict(),
  /** A unit starts a phase of its activation; the engine's turn structure allowed it (or the referee). */
  z.object({ type: z.literal('phase-started'), modelId: z.string(), phase: z.string().min(1).max(40), override: z.literal(true).optional() }).strict(),
  z.object({ type: z.literal('turn-ended') }).strict(),
  z.object({ type: z.literal('undo'), seq: z.int().positive() }).strict(),
  /**
   * A virtual attack rolled in the app: the engine action and its input, the dice (typed, or the
   * game's seeded generator), and the exact odds the players saw before the roll.
   */
  z
    .object({
      type: z.literal('attack-resolved'),
      shooterId: z.string(),
      targetId: z.string(),
      weaponId: z.string(),
      action: z.string().min(1).max(60),
      input: z.record(z.string(), z.unknown()),
      dice: z.enum(['virtual', 'physical']),
      diceUsed: z.array(z.int().min(1).max(100)).max(200),
      odds: z.record(z.string(), z.string()),
      harmKey: z.string(),
      output: z.record(z.string(), z.unknown()),
    })
    .strict(),
  /**
   * A table action rolled in the app (melee, blast, grenade, volley, test): the system's action and
   * the input its plugin wrote, which output part landed on which model, the dice, and the exact
   * odds the players saw before the roll. `override`: the referee let it stand out of turn.
   */
  z
    .object({
      type: z.literal('table-action-resolved'),
      action: z.string().min(1).max(60),
      actorId: z.string().min(1).max(64),
      input: z.record(z.string(), z.unknown()),
      targets: z.record(z.string().max(200), z.string().max(64)),
      dice: z.enum(['virtual', 'physical']),
      diceUsed: z.array(z.int().min(1).max(100)).max(1000),
      odds: z.record(z.string(), z.string()),
      harmKey: z.string(),
      output: z.record(z.string(), z.unknown()),
      override: z.literal(true).optional(),
    })
    .strict(),
  /** The table's terrain as it stands now (drawn outlines and tagged pieces), replacing the last set. */
  /** The players (or the demo's script) end the game: the summary is shown. */
  z.object({ type: z.literal('game-ended') }).strict(),
  z.object({ type: z.literal('terrain-set'), source: z.enum(['manual', 'camera']), pieces: TerrainSet }).strict(),
]);
export type GameEvent = z.infer<typeof GameEvent>;

/** Decisions a player may take back; facts (sensor readings, camera positions) stay. */
export const UNDOABLE: ReadonlySet<GameEvent['type']> = new Set([
  'model-added',
  'model-removed',
  'binding-set',
  'setup-finished',
  'shot-opened',
  'shot-corrected',
  'shot-committed',
  'shot-cancelled',
  'model-stood-up',
  'unit-activated',
  'phase-started',
  'initiative-set',
  'turn-ended',
  'positions',
  'attack-resolved',
  'table-action-resolved',
  'terrain-set',
  'game-ended',
]);
