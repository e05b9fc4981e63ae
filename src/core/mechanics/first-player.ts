import { z } from 'zod';
import type { Dice } from '../dice/dice.js';
import { firstPlayerByRoll } from './alternating-turns.js';

/**
 * The first-player roll as an action input, shared by the systems that choose the first player
 * with a D6 each (all roll again on a tie for the highest). Three players at most: exact odds walk
 * the 6ⁿ faces once per outcome that ends the roll-off (36·30 for two, 216·210 for three).
 */
export const FirstPlayerInput = z
  .object({
    players: z
      .array(z.string().min(1).max(32))
      .min(2)
      .max(3)
      .default(['A', 'B'])
      .refine((ps) => new Set(ps).size === ps.length, { message: 'two players share one name' }),
  })
  .strict();

export type FirstPlayerInput = z.infer<typeof FirstPlayerInput>;

export interface FirstPlayerResult {
  first: string;
  /** The fixed turn order from then on. */
  order: string[];
  /** The deciding roll, one die per player in the order given. */
  rolls: number[];
}

export function resolveFirstPlayer(input: FirstPlayerInput, dice: Dice): FirstPlayerResult {
  const r = firstPlayerByRoll(dice, input.players);
  return { first: r.order[0] as string, order: r.order, rolls: r.rolls };
}
