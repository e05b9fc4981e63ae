import { z } from 'zod';
import { sourced } from '../sourced.js';

const count = z.int().nonnegative();
const inches = z.number().nonnegative();

/** Morale states, best first: «Стойкие», «Потрясено», «Разбитые», «бегущие». */
export const MORALE_STATES = ['steady', 'shaken', 'broken', 'fleeing'] as const;
export const MoraleState = z.enum(MORALE_STATES);
export type MoraleState = z.infer<typeof MoraleState>;

/** What a fighter holds in close combat, as the seed groups it for dice steps. */
export const MELEE_WEAPONS = ['melee-weapon', 'pistol', 'shotgun', 'smg', 'flamethrower', 'rifle', 'none'] as const;
export const MeleeWeapon = z.enum(MELEE_WEAPONS);
export type MeleeWeapon = z.infer<typeof MeleeWeapon>;

/** Who a casualty is: what «ранен» means differs (a robot stops, a suit is lost, a rider loses his horse). */
export const CASUALTY_KINDS = ['infantry', 'robot', 'armoured-suit', 'cavalry', 'man-sized-weapon'] as const;
export const CasualtyKind = z.enum(CASUALTY_KINDS);
export type CasualtyKind = z.infer<typeof CasualtyKind>;

/**
 * Ruleset data of the mechanics added for issue 10 (unsuppress, charge, melee, morale, prone,
 * flamethrowers, robots and suits, fragments, ammunition, fire limits, missiles, transport).
 * Every value is `seed` or `default`, like the rest of the file.
 */
export const mechanicsShape = {
  unsuppress: z
    .object({
      max_per_activation: sourced(z.int().positive()),
      markers_removed: sourced(z.int().positive()),
    })
    .strict(),
  charge: z
    .object({
      /** Quality die > leadership + this, by the unit's morale; a state left out cannot charge. */
      bonus_by_morale: sourced(z.partialRecord(MoraleState, z.int())),
      /** The charge reached the enemy when the chargers stop this close. */
      reached_within_in: sourced(inches),
      /** The second test after the defender's free fire: leadership + this per casualty. */
      retest_per_casualty: sourced(z.int()),
    })
    .strict(),
  morale: z
    .object({
      /** The test: quality die > leadership + threat (the seed's morale section is lost). */
      test: sourced(z.literal('quality-above-leadership-plus-threat')),
      /** A failed test moves this many states down the list. */
      states_lost_on_failure: sourced(z.int().positive()),
      retreat_in: sourced(inches),
      /** Attackers ≥ k × defenders add k (more than, but under twice: 1). */
      threat_per_multiple: sourced(z.int()),
      cavalry_counts_as: sourced(z.int().positive()),
      /** «Страшные» attackers multiply every threat modifier. */
      terrifying_multiplier: sourced(z.int().positive()),
      threat_per_melee_casualty: sourced(z.int()),
      /** Equal casualties after a melee: which side tests first. */
      equal_casualties_first: sourced(z.enum(['attacker', 'defender'])),
    })
    .strict(),
  melee: z
    .object({
      /** Dice steps added to the quality die per weapon held; they add up (SMG + bayonet: d8 → d12). */
      weapon_steps: z.record(MeleeWeapon, sourced(z.int())),
      cavalry_easy_ground_steps: sourced(z.int()),
      /** Equal dice: "бой продолжается". */
      tie: sourced(z.literal('no-casualty')),
      max_opponents_of_one: sourced(z.int().positive()),
    })
    .strict(),
  prone: z
    .object({
      lie_down_actions: sourced(count),
      stand_up_actions: sourced(count),
      /** Standing up by a commander's test: quality die > leadership, then move as usual. */
      stand_up_by_test: sourced(z.boolean()),
      forbidden_in_water: sourced(z.boolean()),
    })
    .strict(),
  flamethrower: z
    .object({
      /** A flamethrower victim is wounded at least; «убит» still kills. */
      automatic_wound: sourced(z.boolean()),
      backpack_radius_in: sourced(inches),
    })
    .strict(),
  fragments: z
    .object({
      /** Range-die steps each cover gives against fragments (bushes stop no fragments). */
      cover_steps: z.object({ none: sourced(count), light: sourced(count), heavy: sourced(count) }).strict(),
    })
    .strict(),
  ammunition: z.record(z.string(), sourced(z.object({ shots_per_battle: z.int().positive(), label_ru: z.string() }).strict())),
  fire_limits: z
    .object({
      per_activation: sourced(z.int().positive()),
      /** Heavy infantry weapons set up on the ground (not on a vehicle). */
      emplaced_heavy_per_activation: sourced(z.int().positive()),
    })
    .strict(),
  support_fire: z
    .object({
      /** Support dice wound with the power of the small arms they join; their special rules are off. */
      uses_small_arms_power: sourced(z.boolean()),
      /** Several support weapons firing without small arms: each casualty takes the weakest power. */
      several_alone_power: sourced(z.literal('lowest')),
    })
    .strict(),
  transport: z
    .object({
      /** The farthest trooper from the vehicle when loading, or after unloading. */
      max_distance_in: sourced(inches),
      load_actions: sourced(z.int().positive()),
      unload_actions: sourced(z.int().positive()),
      /** Unhitching a gun from its tractor takes the whole activation. */
      unhitch_takes_activation: sourced(z.boolean()),
    })
    .strict(),
};
