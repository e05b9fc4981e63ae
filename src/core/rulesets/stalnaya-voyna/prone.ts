import { z } from 'zod';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import { commanderTest, Leadership } from './commander-test.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';

/**
 * «Залегание»: an infantry unit spends one action to go prone (not in water). While prone it
 * cannot move and its range die is a step better (see `fire`'s `target.prone`).
 */
export const lieDownAction = defineAction({
  input: z.object({ in_water: z.boolean().default(false), prone: z.boolean().default(false) }).strict(),
  resolve(input, _dice, data: StalnayaVoynaData) {
    if (input.prone) throw new FieldError('prone', 'the unit is already prone');
    if (input.in_water && data.prone.forbidden_in_water.value) throw new FieldError('in_water', '«залегать» нельзя в воде');
    return { prone: true, actions_spent: data.prone.lie_down_actions.value, may_move: false };
  },
});

const StandUpInput = z
  .object({
    /** `action`: spend one action to stand; `test`: a commander's test, and on a pass move as usual. */
    by: z.enum(['action', 'test']),
    quality: SvDie.optional(),
    leadership: Leadership.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.by !== 'test') return;
    if (s.quality === undefined) ctx.addIssue({ code: 'custom', message: 'is missing (standing up by a test needs the quality die)', path: ['quality'] });
    if (s.leadership === undefined) ctx.addIssue({ code: 'custom', message: 'is missing (standing up by a test needs the leadership)', path: ['leadership'] });
  });

/**
 * Getting up from prone: either one action (the unit stands and may move with its next action),
 * or a commander's test (quality die > leadership): a pass stands and moves in that action, a
 * failure loses the action and the unit stays prone.
 */
export const standUpAction = defineAction({
  input: StandUpInput,
  resolve(input, dice, data: StalnayaVoynaData) {
    const rules = data.prone;
    if (input.by === 'action') return { prone: false, passed: true, moves_now: false, actions_spent: rules.stand_up_actions.value };
    if (!rules.stand_up_by_test.value) throw new FieldError('by', 'this ruleset has no standing up by a test');
    const t = commanderTest(dice, input.quality as string, input.leadership as number);
    return { prone: !t.passed, passed: t.passed, moves_now: t.passed, actions_spent: 1 };
  },
});
