import { z } from 'zod';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { ZvezdnyDesantData } from './data-schema.js';

/**
 * The panic test of a unit that lost a melee (the seed leaves it to the full rulebook; ruleset
 * default): D20 ≤ ЛДР plus modifiers holds, otherwise the unit panics — it gets no order until
 * it recovers. Like any test it may be rerolled once, and the reroll stands.
 */
export const panicTestAction = defineAction({
  input: z
    .object({
      ldr: z.int().min(1).max(20),
      modifier: z.int().min(-20).max(20).default(0),
      reroll_failed: z.boolean().default(false),
    })
    .strict(),
  resolve(input, dice, data: ZvezdnyDesantData) {
    if (input.reroll_failed && data.tests.max_rerolls.value < 1) throw new FieldError('reroll_failed', 'this ruleset allows no rerolls');
    const atMost = input.ldr + input.modifier;
    const sides = data.tests.die_sides.value;
    const roll = dice.rollWithReroll(sides, (first) => input.reroll_failed && first > atMost);
    const passed = roll <= atMost;
    return { needed_at_most: atMost, passed, panic: !passed };
  },
});
