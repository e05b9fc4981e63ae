import { z } from 'zod';
import { sourced } from '../rulesets/sourced.js';

/** How one system turns a table distance into steps, a band and close-combat contact. */
export const DistanceRulesSchema = z
  .object({
    /** One step (шаг, inch…) in centimetres. */
    unit_cm: sourced(z.number().positive()),
    /**
     * `tolerance`: whole steps, a remainder up to `tolerance_cm` rounds down, more rounds up
     * (Вторжение's 1-cm rule). `none`: steps are a real number.
     */
    rounding: sourced(z.enum(['tolerance', 'none'])),
    tolerance_cm: sourced(z.number().nonnegative()).optional(),
    /** Bands by the distance rounded to whole cm (halves up); each from `from_cm` inclusive. */
    bands: sourced(
      z.array(z.object({ id: z.string(), from_cm: z.number().nonnegative(), to_hit: z.number().int().nullable() }).strict()).min(1),
    ).optional(),
    /** Contact: distance compared to `max` in `unit`, `<=` when inclusive else `<`. */
    close_combat: sourced(z.object({ max: z.number().nonnegative(), unit: z.enum(['cm', 'steps']), inclusive: z.boolean() }).strict()),
  })
  .strict();

export type DistanceRules = z.infer<typeof DistanceRulesSchema>;
