import { z } from 'zod';
import { DistanceRulesSchema } from '../../measure/distance-rules.js';
import { sourced } from '../sourced.js';
import { mechanicsShape } from './mechanics-schema.js';

const count = z.int().nonnegative();
const faces = z.int().min(2);

/** A die named "dN", as in the seed's «к6». */
export const DieNameSchema = z.string().regex(/^d[1-9][0-9]*$/, 'a die name such as "d6"');

export const MOBILITY_CLASSES = ['infantry', 'suit-cavalry', 'wheeled', 'high-mobility-wheeled', 'tracked', 'rail'] as const;
export const Mobility = z.enum(MOBILITY_CLASSES);
export const TerrainEffect = z.enum(['easy', 'difficult', 'very-difficult', 'impassable']);
export type TerrainEffect = z.infer<typeof TerrainEffect>;

const D6Row = <R extends z.ZodType<string>>(result: R) => z.object({ from: z.int(), result }).strict();

export const stalnayaVoynaSchema = z
  .object({
    id: z.literal('stalnaya-voyna'),
    name_ru: z.string(),
    name_en: z.string(),
    distance: DistanceRulesSchema,
    /** The ladder of dice steps, smallest first. */
    dice_steps: sourced(z.array(faces).min(2)),
    range: z
      .object({
        /** Zones the target can be shot in; the range die of zone k is the k-th step. */
        zones: sourced(z.int().positive()),
        /** Zone k is ((k−1)·w, k·w] (true) or [(k−1)·w, k·w) (false); w = the quality die's faces. */
        right_closed: sourced(z.boolean()),
        prone_steps: sourced(count),
        cover_steps: z.object({ none: sourced(count), light: sourced(count), heavy: sourced(count) }).strict(),
      })
      .strict(),
    firepower: z
      .object({
        /** "всегда округляется вниз"; under the smallest die rounds up to it, above the largest is the largest. */
        rounding: sourced(z.literal('down')),
      })
      .strict(),
    fire: z
      .object({
        /** Shooter dice above the range die: this many suppress, this many also cause casualties. */
        suppress_from: sourced(z.int().positive()),
        casualties_from: sourced(z.int().positive()),
        /** Potential casualties: sum of shooter dice maxima / range die maximum, rounded half up. */
        casualty_rounding: sourced(z.literal('half-up')),
        max_suppression_markers: sourced(z.int().positive()),
      })
      .strict(),
    wound: z
      .object({
        /** Power > armour wounds; power ≥ this × armour kills. */
        kill_multiple: sourced(z.int().positive()),
        armour_dice: z.record(
          z.string(),
          sourced(
            z
              .object({
                die: DieNameSchema,
                label_ru: z.string(),
                only_against: z.string().optional(),
                /** The die against every other kind of hit (a flak vest is d4 against bullets). */
                otherwise: DieNameSchema.optional(),
              })
              .strict(),
          ),
        ),
      })
      .strict(),
    movement: z
      .object({
        divisors: sourced(z.object({ easy: z.int().positive(), difficult: z.int().positive(), 'very-difficult': z.int().positive() }).strict()),
        rounding: sourced(z.literal('down')),
        /** Terrain → effect on each mobility class. */
        terrain: z.record(z.string(), sourced(z.record(Mobility, TerrainEffect))),
      })
      .strict(),
    leadership: z.object({ best: sourced(z.int()), worst: sourced(z.int()) }).strict(),
    /** D6 after close combat for each casualty. */
    close_combat_aftermath: sourced(z.array(D6Row(z.enum(['killed', 'wounded', 'unharmed']))).min(1)),
    reorganisation: z
      .object({
        table: sourced(z.array(D6Row(z.enum(['dies', 'stabilised', 'returns']))).min(1)),
        medic_bonus: sourced(z.int()),
        field_surgeon_bonus: sourced(z.int()),
      })
      .strict(),
    /** D6 when a commander is lost: change of leadership steps (−1 = worse). */
    commander_lost: sourced(z.array(D6Row(z.enum(['worse', 'same', 'better']))).min(1)),
    ...mechanicsShape,
  })
  .strict();

export type StalnayaVoynaData = z.infer<typeof stalnayaVoynaSchema>;
