import { z } from 'zod';
import { DistanceRulesSchema } from '../../measure/distance-rules.js';
import type { GameSystem } from '../game-system.js';
import raw from './ruleset.json' with { type: 'json' };

export const zvezdnyDesantSchema = z
  .object({
    id: z.literal('zvezdny-desant'),
    name_ru: z.string(),
    name_en: z.string(),
    distance: DistanceRulesSchema,
  })
  .strict();

export type ZvezdnyDesantData = z.infer<typeof zvezdnyDesantSchema>;

export const zvezdnyDesant: GameSystem<ZvezdnyDesantData> = {
  id: 'zvezdny-desant',
  schema: zvezdnyDesantSchema,
  data: zvezdnyDesantSchema.parse(raw),
  actions: {},
};
