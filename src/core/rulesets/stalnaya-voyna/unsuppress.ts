import { z } from 'zod';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import { commanderTest, Leadership } from './commander-test.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';

const UnsuppressInput = z
  .object({
    quality: SvDie,
    leadership: Leadership,
    /** Suppression markers on the unit now. */
    suppression: z.int().min(1).max(3),
    /** Which attempt of this activation this is (1 or 2: «может быть предпринято за активацию дважды»). */
    attempt: z.int().positive().default(1),
  })
  .strict();

/**
 * «Расподавление»: one action, a commander's test (quality die > leadership); a pass removes
 * one suppression marker, a failure spends the action. At most twice per activation.
 */
export const unsuppressAction = defineAction({
  input: UnsuppressInput,
  resolve(input, dice, data: StalnayaVoynaData) {
    const max = data.unsuppress.max_per_activation.value;
    if (input.attempt > max) throw new FieldError('attempt', `at most ${max} unsuppress attempts per activation`);
    if (input.suppression > data.fire.max_suppression_markers.value) {
      throw new FieldError('suppression', `at most ${data.fire.max_suppression_markers.value} suppression markers`);
    }
    const t = commanderTest(dice, input.quality, input.leadership);
    const suppression = t.passed ? Math.max(0, input.suppression - data.unsuppress.markers_removed.value) : input.suppression;
    return { passed: t.passed, needed_above: t.above, suppression, attempts_left: max - input.attempt };
  },
});
