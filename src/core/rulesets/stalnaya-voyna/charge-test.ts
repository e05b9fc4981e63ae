import { z } from 'zod';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import { commanderTest, Leadership } from './commander-test.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';
import { MoraleState } from './mechanics-schema.js';

const ChargeTestInput = z
  .object({
    quality: SvDie,
    leadership: Leadership,
    morale: MoraleState,
    /**
     * Casualties from the defender's free fire on a charge that fell short: the second test
     * (leadership + 1 per casualty) decides whether the chargers run on. Left out: the first test.
     */
    casualties_from_defensive_fire: z.int().positive().optional(),
  })
  .strict();

/**
 * The charge test («усиленный тест на реакцию»): quality die > leadership + 1 (steady) or + 3
 * (shaken); broken and fleeing units never charge. A failure loses the whole activation. After
 * the defender's free fire caused casualties, the second test is leadership + 1 per casualty; its
 * failure suppresses the chargers and sends them back to where they started.
 */
export const chargeTestAction = defineAction({
  input: ChargeTestInput,
  resolve(input, dice, data: StalnayaVoynaData) {
    const bonus = data.charge.bonus_by_morale.value[input.morale];
    if (bonus === undefined) throw new FieldError('morale', `a ${input.morale} unit never charges («Разбитые и бегущие отделения в рукопашный бой не пойдут»)`);
    const retest = input.casualties_from_defensive_fire;
    if (retest === undefined) {
      const t = commanderTest(dice, input.quality, input.leadership + bonus);
      return { test: 'charge', needed_above: t.above, passed: t.passed, charges: t.passed, activation_lost: !t.passed, suppressed: false, back_to_start: false };
    }
    const t = commanderTest(dice, input.quality, input.leadership + data.charge.retest_per_casualty.value * retest);
    return { test: 'after-fire', needed_above: t.above, passed: t.passed, charges: t.passed, activation_lost: false, suppressed: !t.passed, back_to_start: !t.passed };
  },
});

/**
 * Where the chargers stopped after their combat move: within 2" the charge succeeded; short of it
 * the defender gets one free action to fire at them (casualties only, no suppression).
 */
export const chargeReachAction = defineAction({
  input: z.object({ gap_in: z.number().nonnegative() }).strict(),
  resolve(input, _dice, data: StalnayaVoynaData) {
    const reached = input.gap_in <= data.charge.reached_within_in.value + 1e-9;
    return { reached, defender_free_fire: !reached, free_fire_suppresses: false };
  },
});
