/**
 * A system's turn structure, as data the engine (`core/game/turn-engine.ts`) enforces:
 *
 * - `player-turn`: the players alternate whole turns; in his turn a player activates each of
 *   his units once, in any order (Вторжение, Стальная война).
 * - `one-unit`: a player's turn is the phases of ONE unit, then the other player moves one
 *   (Бронепехота).
 * - `initiative`: one turn holds both players' units, executed by initiative, highest first
 *   (Звездный Десант; ties within a player are his choice, across players they alternate,
 *   the first player's unit first).
 */
export type TurnOrder = 'player-turn' | 'one-unit' | 'initiative';

export interface TurnRules {
  order: TurnOrder;
  /** Phases of one unit's activation; each at most once, never resumed after another began. */
  phases: readonly string[];
  /** The phases must come in the listed order (Бронепехота); else any order (Вторжение). */
  phasesOrdered: boolean;
  /** The phase an action of a unit belongs to; actions not named belong to no phase (tests, reactions). */
  actionPhases: Readonly<Record<string, string>>;
  /** The phase in which a unit moves: refused to a unit that may not move this turn. */
  movePhase: string | null;
  /** Phases in which a unit shoots: refused to a unit that may not shoot this turn. */
  firePhases: readonly string[];
  /** `initiative` only: the most initiative points a player spreads over his units per turn. */
  initiativePointsPerTurn: number | null;
  /**
   * `initiative` systems with order cards (Звездный Десант): what each order lets a unit do, as
   * the sequences of phases it allows; a unit under an order may only start a governed phase that
   * keeps its phases a prefix of one of them. Phases outside `governs` (melee) are free.
   */
  orders?: OrderCards;
  /** Where the structure comes from: the seed, or the digest's default where the seed is silent. */
  source: 'seed' | 'default';
  note?: string;
}

export interface OrderCards {
  /** The phases an order decides over. */
  governs: readonly string[];
  /** Order id → the phase sequences it allows (`[]` = stay put). */
  sequences: Readonly<Record<string, readonly (readonly string[])[]>>;
  /** Every point must be spent on the cards (none saved); the seed's «обязан распределить все». */
  allPointsSpent: boolean;
  /** Order id → its name on the card, for refusals. */
  labels: Readonly<Record<string, { ru: string; en: string }>>;
}
