import type { TurnRules } from '../turn-rules.js';

/**
 * Стальная война: the seed starts mid-text and its activation pages are lost. Default: the
 * players alternate turns, a player activates each of his units once, and a unit's actions
 * (move, fire, close combat) come in any order, each once, never interleaved.
 */
export const stalnayaVoynaTurn: TurnRules = {
  order: 'player-turn',
  phases: ['move', 'fire', 'melee'],
  phasesOrdered: false,
  actionPhases: { fire: 'fire', 'guided-missile': 'fire', 'paired-melee': 'melee', 'melee-casualty': 'melee' },
  // Tests and rolls that answer what happened (morale under threat, a casualty's wound, the
  // exploding backpack) are taken by whoever they fall on, outside any activation.
  reactions: ['morale', 'casualty', 'wound', 'weapon-check', 'backpack-explosion', 'charge-reach', 'reorganise', 'commander-lost'],
  movePhase: 'move',
  firePhases: ['fire'],
  initiativePointsPerTurn: null,
  source: 'default',
  note: 'the seed lost its activation pages',
};
