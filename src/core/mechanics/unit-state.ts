/**
 * What a unit may do in its next turn(s), across systems: Вторжение's critical test
 * (normal / no-move / skip) and Бронепехота's states after critical damage.
 */
export type NextTurnState = 'normal' | 'no-move' | 'skip' | 'stands-shoots' | 'shoots-every-other-turn' | 'destroyed';

export const NEXT_TURN_STATES: readonly NextTurnState[] = [
  'normal',
  'no-move',
  'skip',
  'stands-shoots',
  'shoots-every-other-turn',
  'destroyed',
];

export interface TurnAllowance {
  move: boolean;
  shoot: boolean;
}

/**
 * `ownTurnsSinceState` counts the unit's own turns since the state began (0 = the first).
 * "Shoots every other turn" shoots on the first of them (default: the seed does not say which).
 */
export function allowanceFor(state: NextTurnState, ownTurnsSinceState = 0): TurnAllowance {
  switch (state) {
    case 'normal':
      return { move: true, shoot: true };
    case 'no-move':
    case 'stands-shoots':
      return { move: false, shoot: true };
    case 'shoots-every-other-turn':
      return { move: false, shoot: ownTurnsSinceState % 2 === 0 };
    case 'skip':
    case 'destroyed':
      return { move: false, shoot: false };
  }
}

/**
 * The state after the unit's own turn has passed: Вторжение's no-move and skip last one turn;
 * damage states (Бронепехота) and destruction are permanent.
 */
export function stateAfterOwnTurn(state: NextTurnState): NextTurnState {
  return state === 'no-move' || state === 'skip' ? 'normal' : state;
}

const SEVERITY: Readonly<Record<NextTurnState, number>> = {
  normal: 0,
  'no-move': 1,
  'stands-shoots': 1,
  'shoots-every-other-turn': 2,
  skip: 3,
  destroyed: 4,
};

/**
 * A new consequence never erases a pending one: a miss (`normal`) or a milder critical on a
 * model already due to skip its turn leaves it due to skip; a harsher one replaces it.
 */
export function combineStates(pending: NextTurnState, incoming: NextTurnState): NextTurnState {
  return SEVERITY[incoming] > SEVERITY[pending] ? incoming : pending;
}
