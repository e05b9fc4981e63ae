import { z } from 'zod';
import { measure } from '../measure/measure.js';
import { defineAction, type AnyAction, type RulesetDataBase } from './game-system.js';

/** `measure`, the same for every system: steps, band and contact by the system's distance rules. */
export const measureAction: AnyAction<RulesetDataBase> = defineAction({
  input: z.object({ distance_cm: z.number().nonnegative() }),
  resolve: (input, _dice, data: RulesetDataBase) => measure(input.distance_cm, data.distance),
});
