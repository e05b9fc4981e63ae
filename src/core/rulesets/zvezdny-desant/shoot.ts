import { z } from 'zod';
import { passedTests } from '../../mechanics/d20-tests.js';
import { addWounds } from '../../mechanics/wound-markers.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import { ArmourClass, type ZvezdnyDesantData } from './data-schema.js';

const d20 = z.int().min(1).max(20);

/**
 * One unit's fire with one weapon at one unit, as the table plays it: a to-hit test per shot
 * (ruleset default 11+, 15+ in cover), then a wound test per hit against the weapon's Хрк for the
 * target's class, then the wounds on the target's markers (one figure per СТК). Both tests go
 * through counted batches, so the exact odds of a whole unit's fire cost a few hundred branches.
 */
export const shootAction = defineAction({
  input: z
    .object({
      shots: z.int().nonnegative().max(60),
      in_cover: z.boolean().default(false),
      reroll_failed: z.boolean().default(false),
      weapon: z
        .object({
          mshch: z.int().positive().max(20),
          hrk: z.object({ A: d20.optional(), B: d20.optional(), C: d20.optional(), D: d20.optional(), E: d20.optional() }).strict(),
        })
        .strict(),
      target: z
        .object({
          armour_class: ArmourClass,
          stk: z.int().positive().max(100),
          markers: z.int().nonnegative().max(1000).default(0),
          models: z.int().positive().max(1000),
          eligible_models: z.int().nonnegative().optional(),
        })
        .strict()
        .refine((t) => t.eligible_models === undefined || t.eligible_models <= t.models, { message: 'must be ≤ target.models', path: ['eligible_models'] }),
    })
    .strict(),
  resolve(input, dice, data: ZvezdnyDesantData) {
    if (input.reroll_failed && data.tests.max_rerolls.value < 1) throw new FieldError('reroll_failed', 'this ruleset allows no rerolls');
    const sides = data.tests.die_sides.value;
    const needed = input.in_cover ? data.to_hit.in_cover.value : data.to_hit.open.value;
    const hits = passedTests(dice, input.shots, needed, input.reroll_failed, sides);
    const woundOn = input.weapon.hrk[input.target.armour_class];
    const passed = woundOn === undefined ? 0 : passedTests(dice, hits, woundOn, input.reroll_failed, sides);
    const wounds = passed * input.weapon.mshch;
    const t = input.target;
    const pool = addWounds({ woundsPerModel: t.stk, markers: t.markers, models: t.models, eligible: t.eligible_models ?? t.models }, wounds);
    return {
      needed,
      wound_needed: woundOn ?? null,
      hit: hits > 0,
      wounded: wounds > 0,
      hits,
      wounds,
      casualties: pool.killed,
      killed: pool.killed,
      markers: pool.markers,
      models_left: pool.models_left,
    };
  },
});
