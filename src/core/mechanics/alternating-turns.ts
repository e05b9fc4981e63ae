import type { Dice } from '../dice/dice.js';

/** Both systems: the first player is chosen once and the order never changes. */
export function playerOfTurn<P>(turnIndex: number, order: readonly P[]): P {
  if (order.length === 0) throw new RangeError('playerOfTurn: no players');
  const i = ((turnIndex % order.length) + order.length) % order.length;
  return order[i] as P;
}

/**
 * "Кто ходит первым, решается броском кубика": each player rolls a D6 in the order given,
 * all roll again on a tie for the highest. Returns the turn order starting with the winner.
 */
export function firstPlayerByRoll<P>(dice: Dice, players: readonly P[]): { order: P[]; rolls: number[] } {
  if (players.length < 2) return { order: [...players], rolls: [] };
  const { value: rolls } = dice.repeatWhile(
    (d) => players.map(() => d.roll(6)),
    (faces) => faces.filter((f) => f === Math.max(...faces)).length > 1,
  );
  const first = rolls.indexOf(Math.max(...rolls));
  return { order: [...players.slice(first), ...players.slice(0, first)], rolls };
}
