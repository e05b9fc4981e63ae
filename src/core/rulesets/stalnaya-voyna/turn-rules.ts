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
  actionPhases: { fire: 'fire', 'melee-casualty': 'melee' },
  movePhase: 'move',
  firePhases: ['fire'],
  initiativePointsPerTurn: null,
  source: 'default',
  note: 'the seed lost its activation pages',
};
