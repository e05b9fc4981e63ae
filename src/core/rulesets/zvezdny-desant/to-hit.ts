import { z } from 'zod';
import { passedTests } from '../../mechanics/d20-tests.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { ZvezdnyDesantData } from './data-schema.js';

/**
 * The to-hit test of shots within range and sight (the seed's page is lost: the ruleset's
 * default numbers, 11+ in the open and 15+ against a target in cover). Hits feed `wound-test`.
 */
export const toHitAction = defineAction({
  input: z
    .object({
      shots: z.int().nonnegative(),
      in_cover: z.boolean().default(false),
      reroll_failed: z.boolean().default(false),
    })
    .strict(),
  resolve(input, dice, data: ZvezdnyDesantData) {
    if (input.reroll_failed && data.tests.max_rerolls.value < 1) throw new FieldError('reroll_failed', 'this ruleset allows no rerolls');
    const needed = input.in_cover ? data.to_hit.in_cover.value : data.to_hit.open.value;
    return { needed, hits: passedTests(dice, input.shots, needed, input.reroll_failed, data.tests.die_sides.value) };
  },
});
