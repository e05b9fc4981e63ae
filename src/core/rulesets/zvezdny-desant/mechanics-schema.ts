import { z } from 'zod';
import { sourced } from '../sourced.js';

export const ORDERS = ['move', 'defence', 'attack'] as const;
export const Order = z.enum(ORDERS);
export type Order = z.infer<typeof Order>;

/** What a unit does when its turn in the execution phase comes. */
export const CONDUCTS = ['move', 'stay', 'stay-shoot', 'shoot-then-move', 'move-then-shoot', 'charge', 'shoot-then-charge'] as const;
export const Conduct = z.enum(CONDUCTS);
export type Conduct = z.infer<typeof Conduct>;

/**
 * Ruleset data of the mechanics added for issue 10: orders, charge and consolidation, melee
 * results and panic. Every value is `seed` or `default`.
 */
export const mechanicsShape = {
  orders: z
    .object({
      /** «Движение», «Оборона», «Атака»: what each order lets the unit do. */
      allows: z.record(Order, sourced(z.array(Conduct).min(1))),
      /** «вступившее в ближний бой или находящееся в состоянии паники» get no order card. */
      no_order_in_melee: sourced(z.boolean()),
      no_order_in_panic: sourced(z.boolean()),
    })
    .strict(),
  charge: z
    .object({
      /** Melee begins when a charging model gets this close (steps); others stop farther away. */
      melee_within_steps: sourced(z.number().nonnegative()),
    })
    .strict(),
  melee_result: z
    .object({
      /** The seed's rulebook decides the loser; default: the side that lost more figures. */
      loser: sourced(z.literal('more-figures-lost')),
      wiped_out_enemy_wins: sourced(z.boolean()),
    })
    .strict(),
  panic: z
    .object({
      /** The seed's rulebook holds the panic test; default: D20 ≤ ЛДР (+ modifiers) holds. */
      test: sourced(z.literal('d20-at-most-ldr')),
      /** Who tests: losers of a melee («Тесты на панику проигравших»). */
      losers_of_melee_test: sourced(z.boolean()),
    })
    .strict(),
};
