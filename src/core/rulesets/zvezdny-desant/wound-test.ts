import { z } from 'zod';
import { passedTests } from '../../mechanics/d20-tests.js';
import { addWounds } from '../../mechanics/wound-markers.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import { ArmourClass, type ZvezdnyDesantData } from './data-schema.js';

const d20 = z.int().min(1).max(20);

const WoundTestInput = z
  .object({
    weapon: z
      .object({
        /** Мщ: wounds per passed test. */
        mshch: z.int().positive(),
        /** Хрк: the D20 number needed against each armour class; a class left out cannot be wounded. */
        hrk: z.object({ A: d20.optional(), B: d20.optional(), C: d20.optional(), D: d20.optional(), E: d20.optional() }).strict(),
      })
      .strict(),
    target: z
      .object({
        armour_class: ArmourClass,
        /** СТК: wounds that kill one figure. */
        stk: z.int().positive(),
        markers: z.int().nonnegative().default(0),
        models: z.int().positive(),
        /** Figures in range and sight: only they can be removed. */
        eligible_models: z.int().nonnegative().optional(),
      })
      .strict()
      .refine((t) => t.eligible_models === undefined || t.eligible_models <= t.models, {
        message: 'must be ≤ target.models',
        path: ['eligible_models'],
      }),
    hits: z.int().nonnegative(),
    /** Roll each failed test once more (the reroll stands). */
    reroll_failed: z.boolean().default(false),
  })
  .strict();

export interface WoundTestOutput {
  passed: number;
  wounds: number;
  killed: number;
  markers: number;
  models_left: number;
}

/** Звездный Десант's wound test: one D20 per hit against the weapon's Хрк for the target's class. */
export const woundTestAction = defineAction({
  input: WoundTestInput,
  resolve(input, dice, data: ZvezdnyDesantData): WoundTestOutput {
    if (input.reroll_failed && data.tests.max_rerolls.value < 1) {
      throw new FieldError('reroll_failed', 'this ruleset allows no rerolls');
    }
    const { target, weapon } = input;
    const needed = weapon.hrk[target.armour_class];
    const passed = needed === undefined ? 0 : passedTests(dice, input.hits, needed, input.reroll_failed, data.tests.die_sides.value);
    const wounds = passed * weapon.mshch;
    const pool = addWounds(
      { woundsPerModel: target.stk, markers: target.markers, models: target.models, eligible: target.eligible_models ?? target.models },
      wounds,
    );
    return { passed, wounds, killed: pool.killed, markers: pool.markers, models_left: pool.models_left };
  },
});
