import { z } from 'zod';
import { DistanceRulesSchema } from '../../measure/distance-rules.js';
import type { GameSystem } from '../game-system.js';
import raw from './ruleset.json' with { type: 'json' };

export const vtorzhenieSchema = z
  .object({
    id: z.literal('vtorzhenie'),
    name_ru: z.string(),
    name_en: z.string(),
    distance: DistanceRulesSchema,
  })
  .strict();

export type VtorzhenieData = z.infer<typeof vtorzhenieSchema>;

export const vtorzhenie: GameSystem<VtorzhenieData> = {
  id: 'vtorzhenie',
  schema: vtorzhenieSchema,
  data: vtorzhenieSchema.parse(raw),
  actions: {},
};
