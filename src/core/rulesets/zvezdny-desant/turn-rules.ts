import type { TurnRules } from '../turn-rules.js';
import raw from './ruleset.json' with { type: 'json' };

/**
 * Звездный Десант: one turn holds both players' units. After the orders, units execute by
 * initiative, highest first across both players; ties within a player are his choice, across
 * players the first player's unit goes first and they alternate (seed). A unit moves and shoots
 * in the order its order card allows (the orders themselves are the order card's rules); the
 * melee phase follows everyone's execution. Initiative is the command points put on the card.
 */
export const zvezdnyDesantTurn: TurnRules = {
  order: 'initiative',
  phases: ['move', 'shoot', 'melee'],
  phasesOrdered: false,
  actionPhases: { 'to-hit': 'shoot', melee: 'melee' },
  movePhase: 'move',
  firePhases: ['shoot'],
  initiativePointsPerTurn: raw.command.points_per_turn.value,
  source: 'seed',
  note: 'the phases inside an execution are the order card\'s: move, shoot, charge in its sequence',
};
