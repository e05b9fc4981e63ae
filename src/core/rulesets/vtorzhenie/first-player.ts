import { FirstPlayerInput, resolveFirstPlayer } from '../../mechanics/first-player.js';
import { defineAction } from '../game-system.js';

/** «Кто ходит первым, решается броском кубика – у кого выпало больше, тот и начинает». */
export const firstPlayerAction = defineAction({ input: FirstPlayerInput, resolve: (input, dice) => resolveFirstPlayer(input, dice) });
