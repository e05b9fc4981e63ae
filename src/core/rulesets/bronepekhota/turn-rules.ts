import type { TurnRules } from '../turn-rules.js';

/**
 * Бронепехота: a player's turn is ONE unit's three phases in order — manoeuvre, attack, close
 * combat (each may be skipped); then the other player moves one unit (seed).
 */
export const bronepekhotaTurn: TurnRules = {
  order: 'one-unit',
  phases: ['maneuver', 'attack', 'close-combat'],
  phasesOrdered: true,
  actionPhases: { 'virtual-shot': 'attack', volley: 'attack', 'grenade-throw': 'attack', 'real-shot': 'attack', 'close-combat': 'close-combat' },
  movePhase: 'maneuver',
  firePhases: ['attack'],
  initiativePointsPerTurn: null,
  source: 'seed',
};
