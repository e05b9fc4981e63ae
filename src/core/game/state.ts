import type { NextTurnState } from '../mechanics/unit-state.js';
import type { RngState } from '../random/rng.js';
import type { RulesetDataBase, RulesetId } from '../rulesets/game-system.js';
import type { Text } from '../rulesets/labels.js';
import type { GameEventType, ModelSpec, Player } from './events.js';

/**
 * Everything a game is at one moment. Plain JSON only (no Map, no class, no undefined), so two
 * folds of the same events are deep-equal and serialise to identical text.
 */
export interface ModelState {
  spec: ModelSpec;
  /** Damage on the current figure (Вторжение, Бронепехота); wound markers are separate. */
  damage: number;
  /** Wound markers lying on the unit (Звездный Десант) — always fewer than a whole СТК. */
  markers: number;
  /** Suppression markers (Стальная война), at most 3. */
  suppression: number;
  figures_left: number;
  fallen: boolean;
  destroyed: boolean;
  next_turn: NextTurnState;
  /** Turn number in which `next_turn` was set (null while normal). */
  next_turn_since: number | null;
}

export interface TurnState {
  /** 1-based. */
  number: number;
  first_player: Player;
  active_player: Player;
  /** Models (units) already activated in this turn, in order. */
  activated: string[];
  /** The unit acting now (the last activated), null before the first. */
  acting: string | null;
  /** Phases the acting unit has started, in order. */
  phases: string[];
  /** Initiative systems: the points on each unit's order card this turn. */
  initiative: Record<string, number>;
  /** Order-card systems: the order on each unit's card this turn (`move`, `defence`…). */
  orders: Record<string, string>;
}

/** One resolved action as the players saw it. */
export interface JournalEntry {
  seq: number;
  turn: number;
  action: string;
  input: Record<string, unknown>;
  /** Where the dice came from: typed in, or the game's seeded generator. */
  dice_source: 'typed' | 'seeded';
  dice_used: number[];
  output: Record<string, unknown>;
  targets: Record<string, string>;
  /** The unit that acted, when the event named it. */
  actor: string | null;
}

/** What an undo puts back: the previous values of everything the event changed. */
export interface UndoEntry {
  seq: number;
  type: GameEventType;
  rng: RngState;
  turn: TurnState;
  /** Previous state of each model the event touched; null = it did not exist. */
  models: Record<string, ModelState | null>;
  journal_length: number;
  overrides_length: number;
}

export interface RejectedEvent {
  seq: number;
  type: string;
  /** `field: problem`, as `shagomer resolve` words it. */
  problem: string;
  /** Why, for the players. */
  reason: Text;
}

/** An event that broke the turn structure and was applied because the referee said so. */
export interface OverrideEntry {
  seq: number;
  type: string;
  /** The rule it broke. */
  broke: Text;
  note: string;
}

export interface GameState {
  /** Events folded so far (rejected ones included): the next event's seq is seq + 1. */
  seq: number;
  ruleset: RulesetId | null;
  /** A club's ruleset data given at creation; null = the shipped data. */
  ruleset_data: RulesetDataBase | null;
  seed: string | null;
  rng: RngState;
  turn: TurnState;
  models: Record<string, ModelState>;
  journal: JournalEntry[];
  /** Latest last: what `undo` pops. */
  undo_stack: UndoEntry[];
  /** Events that did not fit the state when folded: they changed nothing. */
  rejected: RejectedEvent[];
  overrides: OverrideEntry[];
}

export function emptyGame(): GameState {
  return {
    seq: 0,
    ruleset: null,
    ruleset_data: null,
    seed: null,
    rng: [1, 0, 0, 0],
    turn: { number: 1, first_player: 'A', active_player: 'A', activated: [], acting: null, phases: [], initiative: {}, orders: {} },
    models: {},
    journal: [],
    undo_stack: [],
    rejected: [],
    overrides: [],
  };
}

export function newModelState(spec: ModelSpec): ModelState {
  return {
    spec,
    damage: 0,
    markers: 0,
    suppression: 0,
    figures_left: spec.figures,
    fallen: false,
    destroyed: false,
    next_turn: 'normal',
    next_turn_since: null,
  };
}
