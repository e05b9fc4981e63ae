import { z } from 'zod';
import { DistanceRulesSchema } from '../../measure/distance-rules.js';
import type { GameSystem } from '../game-system.js';
import raw from './ruleset.json' with { type: 'json' };

export const stalnayaVoynaSchema = z
  .object({
    id: z.literal('stalnaya-voyna'),
    name_ru: z.string(),
    name_en: z.string(),
    distance: DistanceRulesSchema,
  })
  .strict();

export type StalnayaVoynaData = z.infer<typeof stalnayaVoynaSchema>;

export const stalnayaVoyna: GameSystem<StalnayaVoynaData> = {
  id: 'stalnaya-voyna',
  schema: stalnayaVoynaSchema,
  data: stalnayaVoynaSchema.parse(raw),
  actions: {},
};
