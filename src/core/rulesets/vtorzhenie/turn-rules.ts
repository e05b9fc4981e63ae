import type { TurnRules } from '../turn-rules.js';

/**
 * Вторжение: the players alternate whole turns; a player activates each of his units once, in
 * any order; a unit's manoeuvre and fire come in either order, never interleaved (seed).
 */
export const vtorzhenieTurn: TurnRules = {
  order: 'player-turn',
  phases: ['maneuver', 'fire'],
  phasesOrdered: false,
  /** Close combat starts at the end of a manoeuvre; a blast follows a shot; a fallen model stands up with its speed. */
  actionPhases: { 'virtual-shot': 'fire', 'real-shot': 'fire', 'close-combat': 'maneuver', 'close-combat-vehicle': 'maneuver', ram: 'maneuver', blast: 'fire', 'stand-up': 'maneuver' },
  movePhase: 'maneuver',
  firePhases: ['fire'],
  initiativePointsPerTurn: null,
  source: 'seed',
};
