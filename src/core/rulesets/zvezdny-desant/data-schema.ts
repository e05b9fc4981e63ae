import { z } from 'zod';
import { DistanceRulesSchema } from '../../measure/distance-rules.js';
import { sourced } from '../sourced.js';
import { mechanicsShape } from './mechanics-schema.js';

const count = z.int().nonnegative();
const d20 = z.int().min(1).max(20);

export const ARMOUR_CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;
export const ArmourClass = z.enum(ARMOUR_CLASSES);
export type ArmourClass = z.infer<typeof ArmourClass>;

export const zvezdnyDesantSchema = z
  .object({
    id: z.literal('zvezdny-desant'),
    name_ru: z.string(),
    name_en: z.string(),
    distance: DistanceRulesSchema,
    tests: z
      .object({
        die_sides: sourced(z.int().min(2)),
        /** "Ни один тест не может быть переброшен более одного раза." */
        max_rerolls: sourced(count),
      })
      .strict(),
    /** The to-hit pages are lost: D20 ≥ these numbers. */
    to_hit: z.object({ open: sourced(d20), in_cover: sourced(d20) }).strict(),
    armour_classes: z.record(ArmourClass, sourced(z.object({ label_ru: z.string(), label_en: z.string() }).strict())),
    movement: z
      .object({
        /** ПДВ lost per difficult element crossed, by its class. */
        difficult_penalty_steps: z.object({ light: sourced(count), medium: sourced(count), hard: sourced(count) }).strict(),
        penalties_add_up: sourced(z.boolean()),
        /** Also when the move starts inside the element. */
        applies_when_starting_inside: sourced(z.boolean()),
        slopes_difficult_uphill_only: sourced(z.boolean()),
      })
      .strict(),
    command: z
      .object({
        points_per_turn: sourced(count),
        army_points_max: sourced(count),
        all_points_must_be_spent: sourced(z.boolean()),
      })
      .strict(),
    melee: z
      .object({
        /** Models this close to an enemy strike as well as those in base contact. */
        strike_reach_steps: sourced(z.number().nonnegative()),
        strikes_per_model: sourced(z.int().positive()),
        wounds_per_strike: sourced(z.int().positive()),
        bsp_bonus_more_models: sourced(z.int()),
        bsp_bonus_more_in_contact: sourced(z.int()),
        bsp_max: sourced(d20),
      })
      .strict(),
    ...mechanicsShape,
  })
  .strict();

export type ZvezdnyDesantData = z.infer<typeof zvezdnyDesantSchema>;
