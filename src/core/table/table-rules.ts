import { z } from 'zod';
import { sourced } from '../rulesets/sourced.js';

/**
 * How one system reads the table: where distances are taken from, what hides and covers,
 * what terrain costs. Data, so a club edits its file and not the code; every value carries
 * `seed` or `default`. Distances in steps use the system's own step (ruleset `distance`).
 */

/** The two bodies the sight rules tell apart (Звездный Десант: infantry vs vehicles). */
export const Body = z.enum(['infantry', 'vehicle']);
export type Body = z.infer<typeof Body>;

const KindSchema = sourced(
  z
    .object({
      body: Body,
      /** Used when the scene gives no `speed_steps` and the system's data has none at `speed_from`. */
      speed_steps: z.number().nonnegative(),
      /**
       * Where the system's own ruleset data keeps this kind's speed (`speed_steps.vehicle`,
       * `maneuver_steps.infantry_by_armour.0.steps`), so one number is not kept in two files.
       */
      speed_from: z.string().optional(),
      /** Стальная война: the mobility class whose column of the terrain table applies. */
      mobility: z.string().optional(),
    })
    .strict(),
);

const MeasureSchema = sourced(
  z
    .object({
      /** `head`: the model's head, cockpit or turret, straight above its base centre. */
      from: z.enum(['centre', 'base-edge', 'head']),
      to: z.enum(['centre', 'base-edge']),
    })
    .strict(),
);

const SilhouetteSightSchema = z
  .object({
    method: z.literal('silhouette'),
    columns: z.number().int().min(1).max(15),
    rows: z.number().int().min(1).max(15),
    /** Less than this fraction visible counts as hidden ("only a helmet top shows"). */
    hidden_below_fraction: z.number().min(0).max(1),
    /** A sight line may pass this far through a grey-zone piece (woods, ruins) before it is lost. */
    grey_zone_see_steps: z.number().nonnegative(),
    /** A model hidden from an enemy cannot shoot it either (Вторжение, Бронепехота). */
    mutual: z.boolean(),
  })
  .strict();

const ClassRulesSightSchema = z
  .object({
    method: z.literal('size-classes'),
    columns: z.number().int().min(1).max(15),
    /** Infantry this deep or less inside a grey zone is seen (in cover); deeper is hidden. */
    grey_zone_depth_steps: z.number().nonnegative(),
    /** Enemy infantry hides targets up to this many times its own height. */
    infantry_hides_up_to_height_ratio: z.number().nonnegative(),
    /** A model hidden from an enemy cannot shoot it either. */
    mutual: z.boolean(),
  })
  .strict();

const SightSchema = sourced(z.discriminatedUnion('method', [SilhouetteSightSchema, ClassRulesSightSchema]));

const CoverRuleSchema = sourced(
  z.discriminatedUnion('rule', [
    z
      .object({
        /** Cover when more than `over_hidden_fraction` of the target is hidden. */
        rule: z.literal('hidden-fraction'),
        over_hidden_fraction: z.number().min(0).max(1),
        /** The effect holds only while the measured steps exceed this (Вторжение: 6), or always. */
        beyond_steps: z.number().nonnegative().nullable(),
        effect: z.string(),
      })
      .strict(),
    z
      .object({
        /** Cover by the class of the piece the target stands in or is partly hidden by. */
        rule: z.literal('cover-class'),
      })
      .strict(),
    z
      .object({
        /** Cover from size classes and grey zones (Звездный Десант). */
        rule: z.literal('size-classes'),
        effect: z.string(),
      })
      .strict(),
  ]),
);

const CoverClassSchema = sourced(
  z
    .object({
      /** Whether the piece stands in the way of sight at all (a road or a stream does not). */
      hides: z.boolean(),
      /** Under the `cover-class` rule: the effect named in the output, or null for none. */
      effect: z.string().nullable(),
      /** Higher rank wins when several pieces cover one target. */
      rank: z.number().int().nonnegative(),
    })
    .strict(),
);

const MovementClassSchema = sourced(
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('open') }).strict(),
    z.object({ kind: z.literal('impassable') }).strict(),
    /** A piece models stand on top of (a bunker roof, a crate): climbing rules apply. */
    z.object({ kind: z.literal('stand-on') }).strict(),
    /** Minus to speed for moving through it; slopes only uphill (Звездный Десант). */
    z.object({ kind: z.literal('difficult'), penalty_steps: z.number().nonnegative(), uphill_only: z.boolean() }).strict(),
    /** Стальная война: the terrain type's effect for each mobility class. */
    z
      .object({
        kind: z.literal('by-mobility'),
        effects: z.record(z.string(), z.enum(['easy', 'difficult', 'very-difficult', 'impassable'])),
      })
      .strict(),
  ]),
);

const ClimbSchema = z
  .object({
    /** Up: `cost_steps` per started `per_height_steps` of height, or once when null. */
    up_cost_steps: z.number().nonnegative(),
    up_per_height_steps: z.number().positive().nullable(),
    up_max_steps: z.number().nonnegative().nullable(),
    down_cost_steps: z.number().nonnegative(),
    down_max_steps: z.number().nonnegative().nullable(),
    /** Low, narrow obstacles jumped without cost (Вторжение: ≤ 0.5 step high, ≤ 1 step wide). */
    hop_max_height_steps: z.number().nonnegative().nullable(),
    hop_max_width_steps: z.number().nonnegative().nullable(),
    /** Bodies that may climb at all; others find a stand-on piece impassable. */
    climbers: z.array(Body),
  })
  .strict();

const MovementRuleSchema = sourced(
  z.discriminatedUnion('rule', [
    z.object({ rule: z.literal('climb'), climb: ClimbSchema }).strict(),
    z.object({ rule: z.literal('penalty') }).strict(),
    /** Speed divided (rounded down) by the worst terrain effect met on the way. */
    z
      .object({
        rule: z.literal('divide'),
        divisors: z.object({ easy: z.number().positive(), difficult: z.number().positive(), 'very-difficult': z.number().positive() }).strict(),
      })
      .strict(),
  ]),
);

export const TableRulesSchema = z
  .object({
    id: z.string(),
    measure: MeasureSchema,
    /** Close-combat contact is judged on the base-edge gap. */
    eye_height_fraction: sourced(z.number().min(0).max(1)),
    fallen_height_fraction: sourced(z.number().min(0).max(1)),
    kinds: z.record(z.string(), KindSchema),
    sight: SightSchema,
    cover: CoverRuleSchema,
    cover_classes: z.record(z.string(), CoverClassSchema),
    movement: MovementRuleSchema,
    movement_classes: z.record(z.string(), MovementClassSchema),
  })
  .strict()
  .superRefine((rules, ctx) => {
    if (!Object.hasOwn(rules.kinds, 'infantry')) ctx.addIssue({ code: 'custom', path: ['kinds'], message: 'must define "infantry", the scene default' });
  });

export type TableRules = z.infer<typeof TableRulesSchema>;
export type KindRules = TableRules['kinds'][string]['value'];
export type MovementClass = TableRules['movement_classes'][string]['value'];
export type CoverClass = TableRules['cover_classes'][string]['value'];
export type ClimbRules = z.infer<typeof ClimbSchema>;
