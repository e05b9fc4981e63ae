import type { OrderCards, TurnRules } from '../turn-rules.js';
import type { Conduct, Order } from './mechanics-schema.js';
import { ZD_LABELS } from './result-labels.js';
import raw from './ruleset.json' with { type: 'json' };

/** What each conduct of an order card is, as the unit's phases in their sequence. */
const CONDUCT_PHASES: Readonly<Record<Conduct, readonly string[]>> = {
  move: ['move'],
  stay: [],
  'stay-shoot': ['shoot'],
  'shoot-then-move': ['shoot', 'move'],
  'move-then-shoot': ['move', 'shoot'],
  charge: ['charge'],
  'shoot-then-charge': ['shoot', 'charge'],
};

const ORDER_IDS: readonly Order[] = ['move', 'defence', 'attack'];
const allows = raw.orders.allows as Record<Order, { value: readonly Conduct[] }>;

/** The order cards as the turn engine enforces them, from the ruleset's «что позволяет приказ». */
export const zvezdnyDesantOrders: OrderCards = {
  governs: ['move', 'shoot', 'charge'],
  sequences: Object.fromEntries(ORDER_IDS.map((o) => [o, allows[o].value.map((c) => CONDUCT_PHASES[c])])),
  allPointsSpent: raw.command.all_points_must_be_spent.value,
  labels: Object.fromEntries(ORDER_IDS.map((o) => [o, ZD_LABELS[o] as { ru: string; en: string }])),
};

/**
 * Звездный Десант: one turn holds both players' units. After the orders, units execute by
 * initiative, highest first across both players; ties within a player are his choice, across
 * players the first player's unit goes first and they alternate (seed). A unit moves, shoots and
 * charges in the sequence its order card allows (`orders`, enforced by the turn engine); the
 * melee phase follows everyone's execution. Initiative is the command points put on the card.
 */
export const zvezdnyDesantTurn: TurnRules = {
  order: 'initiative',
  phases: ['move', 'shoot', 'charge', 'melee'],
  phasesOrdered: false,
  actionPhases: { 'to-hit': 'shoot', shoot: 'shoot', charge: 'charge', melee: 'melee', 'multi-melee': 'melee' },
  movePhase: 'move',
  firePhases: ['shoot'],
  initiativePointsPerTurn: raw.command.points_per_turn.value,
  orders: zvezdnyDesantOrders,
  source: 'seed',
  note: 'the phases inside an execution are the order card\'s: move, shoot, charge in its sequence',
};
