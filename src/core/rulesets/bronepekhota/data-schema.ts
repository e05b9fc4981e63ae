import { z } from 'zod';
import { DistanceRulesSchema } from '../../measure/distance-rules.js';
import { sourced } from '../sourced.js';

export const WeaponClass = z.enum(['light', 'special', 'heavy']);
export type WeaponClass = z.infer<typeof WeaponClass>;

/** Broad kinds the rules treat differently: infantry dies outright, the rest take damage. */
export const TargetKind = z.enum(['infantry', 'vehicle', 'gun', 'cyborg', 'alien']);
export type TargetKind = z.infer<typeof TargetKind>;

export const CriticalState = z.enum(['destroyed', 'stands-shoots', 'shoots-every-other-turn']);

/** How a unit type moves (table 1). */
export const MovementClass = z.enum(['infantry', 'gun', 'tracked', 'wheeled', 'walking', 'cyborg', 'fixed']);
export type MovementClass = z.infer<typeof MovementClass>;

/**
 * Built on first use: constructing some hundred zod objects costs `shagomer resolve` start-up
 * time, and only a club's ruleset file (or a test) needs the schema at all.
 */
function buildSchema() {
  const steps = z.number().nonnegative();

  const Weapon = z
    .object({
      label_ru: z.string(),
      class: sourced(WeaponClass),
      range_steps: sourced(steps),
      /** Показатель Стрельбы. */
      shooting: sourced(z.int()),
    })
    .strict();

  const UnitType = z
    .object({
      label_ru: z.string(),
      kind: sourced(TargetKind),
      movement: sourced(MovementClass),
      max_damage: sourced(z.int().positive()),
      /** null: the type has no critical level (infantry dies at once). */
      critical_damage: sourced(z.int().positive().nullable()),
      critical_state: sourced(CriticalState),
    })
    .strict();

  return z
    .object({
      id: z.literal('bronepekhota'),
      name_ru: z.string(),
      name_en: z.string(),
      distance: DistanceRulesSchema,
      maneuver_steps: z
        .object({
          /** Infantry by armour: the first row whose `max_armour` holds the armour. */
          infantry_by_armour: sourced(z.array(z.object({ max_armour: z.int().nonnegative(), steps }).strict()).min(1)),
          gun: sourced(steps),
          tracked: sourced(steps),
          wheeled: sourced(steps),
          walking: sourced(steps),
          cyborg: sourced(steps),
          fixed: sourced(steps),
        })
        .strict(),
      climbing: z.object({ up_cm_per_step: sourced(z.number().positive()), down_cost_steps: sourced(steps) }).strict(),
      weapons: z.record(z.string(), Weapon),
      hand_grenade: z
        .object({ per_trooper: sourced(z.int().nonnegative()), range_steps: sourced(steps), shooting: sourced(z.int()) })
        .strict(),
      /** Lowest D6 face that lets an infantryman throw a grenade besides his attack, by weapon class. */
      grenade_check: z.object({ light: sourced(z.int().min(1).max(7)), special: sourced(z.int().min(1).max(7)), heavy: sourced(z.int().min(1).max(7)) }).strict(),
      volley: z
        .object({
          grenades_within_steps: sourced(steps),
          /** Whether thrown grenades add to the defender's "number of weapons firing". */
          grenades_count_as_weapons: sourced(z.boolean()),
        })
        .strict(),
      cover: z.object({ partial_armour_bonus: sourced(z.int()) }).strict(),
      close_combat: z.object({ struck_damage: sourced(z.int().positive()), separation_steps: sourced(steps) }).strict(),
      virtual_hit_damage: sourced(z.int().positive()),
      real_shot: z
        .object({
          hit_damage: sourced(z.int().positive()),
          /** Damage of a hit that also knocks the model over, in total. */
          fall_damage_total: sourced(z.int().positive()),
        })
        .strict(),
      unit_types: z.record(z.string(), UnitType),
      /** A trooper with a weapon in each hand (the armlist gives one combined Shooting). */
      two_weapons: z
        .object({
          shooting: sourced(z.enum(['sum'])),
          /** How many "weapons firing" he adds to the defender of a volley. */
          counts_as_weapons: sourced(z.int().positive()),
          /** Which of his two weapon classes decides his grenade check. */
          grenade_check_class: sourced(z.enum(['heaviest', 'lightest'])),
        })
        .strict(),
      /** What a unit in a critical state may do in its turns. */
      critical_states: z
        .object({
          stands_shoots_moves: sourced(z.boolean()),
          every_other_turn_moves: sourced(z.boolean()),
          /** The first own turn after reaching the state: does it shoot, or rest? */
          every_other_turn_first: sourced(z.enum(['shoots', 'rests'])),
        })
        .strict(),
      /** Turn rules as data for the game's turn engine. */
      turn: z
        .object({
          first_player: sourced(z.enum(['d6-roll-off'])),
          first_player_tie: sourced(z.enum(['roll-again'])),
          /** A player's turn is the phases of this many units. */
          units_per_turn: sourced(z.int().positive()),
          phases: sourced(z.array(z.string()).min(1)),
          phases_ordered: sourced(z.boolean()),
          /** Models killed in the attack phase are removed before close combat. */
          remove_killed_before_close_combat: sourced(z.boolean()),
          close_combat_one_on_one: sourced(z.boolean()),
        })
        .strict(),
    })
    .strict()
    .superRefine((data, ctx) => {
      for (const [id, t] of Object.entries(data.unit_types)) {
        const critical = t.critical_damage.value;
        if (critical !== null && critical > t.max_damage.value) {
          ctx.addIssue({ code: 'custom', path: ['unit_types', id, 'critical_damage', 'value'], message: `must not exceed max_damage (${t.max_damage.value})` });
        }
      }
    });

}

let built: ReturnType<typeof buildSchema> | undefined;

export function bronepekhotaSchema(): ReturnType<typeof buildSchema> {
  return (built ??= buildSchema());
}

export type BronepekhotaData = z.infer<ReturnType<typeof buildSchema>>;
export type BronepekhotaWeapon = BronepekhotaData['weapons'][string];
export type BronepekhotaUnitType = BronepekhotaData['unit_types'][string];
