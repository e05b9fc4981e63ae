import { z } from 'zod';
import { DistanceRulesSchema } from '../../measure/distance-rules.js';
import { sourced } from '../sourced.js';

const NextTurn = z.enum(['normal', 'no-move', 'skip']);

/**
 * Built on first use: constructing some hundred zod objects costs `shagomer resolve` start-up
 * time, and only a club's ruleset file (or a test) needs the schema at all.
 */
function buildSchema() {
  const count = z.int().nonnegative();
  const steps = z.number().nonnegative();

  const FireMode = z.object({ id: z.string(), shots: z.int().positive(), accuracy_bonus: z.int() }).strict();

  /** A virtual (ranged) weapon. Optional parts exist only where the weapon has the property. */
  const Weapon = z
    .object({
      label_ru: z.string(),
      range_steps: sourced(steps),
      /** Rate of fire: shots per turn. */
      shots: sourced(z.int().positive()),
      power: sourced(z.int()),
      accuracy_bonus: sourced(z.int()),
      /** Sniper rifle: one accuracy die may be rolled again once per turn. */
      reroll_accuracy_die: sourced(z.boolean()),
      /** SMG, assault rifle, machine gun: declared before the accuracy roll. */
      fire_modes: sourced(z.array(FireMode).min(1)).optional(),
      /** Grenade launcher, ATGM, tank gun: on a hit every model this close gets a hit. */
      blast: sourced(z.object({ radius_steps: steps, power: z.int() }).strict()).optional(),
    })
    .strict();

  const CloseCombatWeapon = z
    .object({
      label_ru: z.string(),
      cc: sourced(z.int()),
      /** Dice rolled (keep the higher) when attacking / when defending. */
      attack_dice: sourced(z.int().min(1)),
      defence_dice: sourced(z.int().min(1)),
    })
    .strict();

  return z
    .object({
      id: z.literal('vtorzhenie'),
      name_ru: z.string(),
      name_en: z.string(),
      distance: DistanceRulesSchema,
      speed_steps: z
        .object({
          infantry_heavy: sourced(count),
          infantry_light: sourced(count),
          infantry_unarmoured: sourced(count),
          cyborg: sourced(count),
          creature: sourced(count),
          vehicle: sourced(count),
        })
        .strict(),
      /** Infantry armour from which it counts as heavy (slower). */
      heavy_armour_from: sourced(count),
      movement: z
        .object({
          climb_max_steps: sourced(steps),
          climb_cost: sourced(count),
          jump_down_max_steps: sourced(steps),
          jump_down_cost: sourced(count),
          ramp_max_angle_deg: sourced(z.number().min(0).max(90)),
          free_obstacle_height_steps: sourced(steps),
          free_obstacle_width_steps: sourced(steps),
          stand_up_cost: sourced(count),
          /** A model slower than the stand-up cost: may it stand up (spending its whole move)? */
          stand_up_below_cost: sourced(z.enum(['whole-move', 'forbidden'])),
        })
        .strict(),
      stamina: z
        .object({ infantry: sourced(z.int().positive()), cyborg: sourced(z.int().positive()), creature: sourced(z.int().positive()), vehicle: sourced(z.int().positive()) })
        .strict(),
      armour: z
        .object({
          none: sourced(count),
          vest: sourced(count),
          armour_suit: sourced(count),
          cyborg: sourced(count),
          vehicle_front: sourced(count),
          vehicle_side: sourced(count),
          vehicle_rear: sourced(count),
        })
        .strict(),
      cover: z
        .object({
          /** Added to accuracy against a target more than half hidden… */
          partial_accuracy_modifier: sourced(z.int()),
          /** …while the shooter is more than this many steps away. */
          partial_applies_beyond_steps: sourced(steps),
        })
        .strict(),
      penetration_damage: sourced(z.int().positive()),
      vehicle_virtual_weapons_per_turn: sourced(z.int().positive()),
      weapons: z.record(z.string(), Weapon),
      cc_weapons: z.record(z.string(), CloseCombatWeapon),
      cc_vs_vehicle_damage: sourced(z.int().positive()),
      close_combat: z
        .object({
          /** Damage each losing model takes ("the loser is hit"). */
          loser_damage: sourced(z.int().positive()),
          /** Which models of a losing side are hit. */
          loser_hit: sourced(z.enum(['every-model'])),
          guns_attackable: sourced(z.boolean()),
        })
        .strict(),
      ramming: z
        .object({
          vehicle_target_damage: sourced(z.int().positive()),
          attacker_damage_on_loss: sourced(z.int().positive()),
          infantry_steps_back: sourced(steps),
          roll_again_on_tie: sourced(z.boolean()),
          /** Necrocyborgs and creatures run over: like infantry, or like a vehicle (damage). */
          non_vehicle_targets: sourced(z.enum(['as-infantry'])),
          rammer_side: sourced(z.enum(['front', 'side', 'rear'])),
        })
        .strict(),
      real_shot: z
        .object({
          hit_damage: sourced(z.int().positive()),
          /** Damage of a hit that also knocks the model over, in total. */
          fall_damage_total: sourced(z.int().positive()),
          /** Critical test: a D6 face range and the model's next turn. */
          critical_table: sourced(z.array(z.object({ from: z.int().min(1).max(6), to: z.int().min(1).max(6), next_turn: NextTurn }).strict()).min(1)),
          fallen_hit_destroys: sourced(z.boolean()),
          gun_hit_standing_next_turn: sourced(NextTurn),
          /** A model seen to fall with no registered hit. */
          fall_without_hit: sourced(z.enum(['fallen-undamaged'])),
          /** A later event keeps an earlier pending no-move / skip. */
          keep_pending_next_turn: sourced(z.boolean()),
        })
        .strict(),
      guns: z
        .object({
          crew_within_steps: sourced(steps),
          shots_per_barrel: sourced(z.int().positive()),
          /** Guns have no stamina: hits never add up (each standing hit costs the next turn). */
          damage_track: sourced(z.boolean()),
          virtual_fire_at: sourced(z.boolean()),
        })
        .strict(),
      /** Turn rules as data for the game's turn engine; the actions check what one action can. */
      turn: z
        .object({
          first_player: sourced(z.enum(['d6-roll-off'])),
          first_player_tie: sourced(z.enum(['roll-again'])),
          order_fixed: sourced(z.boolean()),
          unit_activations_per_turn: sourced(z.int().positive()),
          phases: sourced(z.array(z.string()).min(1)),
          phases_ordered: sourced(z.boolean()),
          phases_interleaved: sourced(z.boolean()),
          stand_up_at: sourced(z.enum(['start-of-own-turn'])),
        })
        .strict(),
      limits: z
        .object({
          /** Two (or more) guns in two hands: how many fire per turn, declared before shooting. */
          weapons_fired_two_hands: sourced(z.int().positive()),
          sniper_rerolls_per_turn: sourced(z.int().nonnegative()),
          real_shots_per_launcher: sourced(z.int().positive()),
          vehicle_moves_per_turn: sourced(z.int().positive()),
        })
        .strict(),
    })
    .strict()
    .superRefine((data, ctx) => {
      const faces = new Set<number>();
      for (const row of data.real_shot.critical_table.value) for (let f = row.from; f <= row.to; f++) faces.add(f);
      if (faces.size !== 6) {
        ctx.addIssue({ code: 'custom', path: ['real_shot', 'critical_table', 'value'], message: 'must cover every face 1 to 6' });
      }
    });

}

let built: ReturnType<typeof buildSchema> | undefined;

export function vtorzhenieSchema(): ReturnType<typeof buildSchema> {
  return (built ??= buildSchema());
}

export type VtorzhenieData = z.infer<ReturnType<typeof buildSchema>>;
export type VtorzhenieWeapon = VtorzhenieData['weapons'][string];
export type VtorzhenieCloseCombatWeapon = VtorzhenieData['cc_weapons'][string];
export type VtorzhenieNextTurn = z.infer<typeof NextTurn>;
