import { z } from 'zod';
import { DistanceRulesSchema } from '../../measure/distance-rules.js';
import type { GameSystem } from '../game-system.js';
import raw from './ruleset.json' with { type: 'json' };

export const bronepekhotaSchema = z
  .object({
    id: z.literal('bronepekhota'),
    name_ru: z.string(),
    name_en: z.string(),
    distance: DistanceRulesSchema,
  })
  .strict();

export type BronepekhotaData = z.infer<typeof bronepekhotaSchema>;

export const bronepekhota: GameSystem<BronepekhotaData> = {
  id: 'bronepekhota',
  schema: bronepekhotaSchema,
  data: bronepekhotaSchema.parse(raw),
  actions: {},
};
