import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { damageStatus } from '../../mechanics/damage-track.js';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData, VtorzhenieNextTurn } from './data-schema.js';

export const RealShotInput = z
  .object({
    target: z
      .object({
        kind: z.enum(['infantry', 'vehicle', 'gun', 'cyborg']),
        stamina: z.int().positive(),
        damage: z.int().nonnegative().default(0),
        fallen: z.boolean().default(false),
      })
      .strict()
      .refine((t) => t.damage < t.stamina, { message: 'must be less than stamina: the target is already destroyed', path: ['damage'] })
      .refine((t) => !(t.kind === 'gun' && t.fallen), { message: 'a gun that fell is already destroyed', path: ['fallen'] }),
    /** The launcher's projectile struck the target (sensor or referee). */
    hit: z.boolean(),
    /** The target was knocked over (vision or referee). */
    fell: z.boolean(),
  })
  .strict();

export type RealShotInput = z.infer<typeof RealShotInput>;

export interface RealShotResult {
  damage: number;
  destroyed: boolean;
  fallen: boolean;
  /** A destroyed model takes no next turn: `skip`. */
  next_turn: VtorzhenieNextTurn;
}

/** The critical test: the table row holding the face. */
export function criticalNextTurn(face: number, data: VtorzhenieData): VtorzhenieNextTurn {
  const row = data.real_shot.critical_table.value.find((r) => face >= r.from && face <= r.to);
  return row?.next_turn ?? 'normal';
}

/**
 * A spring-launcher shot: range and penetration do not apply. A gun is never shot virtually
 * and never tested for criticals: standing it skips a turn for repairs, fallen it is destroyed.
 * The seed ties falling to a hit ("если при этом цель упала"), except for guns, which are
 * destroyed whenever they fall or are knocked away.
 */
export function resolveRealShot(input: RealShotInput, dice: Dice, data: VtorzhenieData): RealShotResult {
  const { target } = input;
  const rules = data.real_shot;
  const track = { max: target.stamina, critical: null };
  const outcome = (added: number, fallen: boolean, nextTurn: VtorzhenieNextTurn, destroyedAnyway = false): RealShotResult => {
    const s = damageStatus(track, target.damage + added);
    const destroyed = s.destroyed || destroyedAnyway;
    return { damage: s.damage, destroyed, fallen, next_turn: destroyed ? 'skip' : nextTurn };
  };
  const hitDamage = input.hit ? rules.hit_damage.value : 0;

  if (target.kind === 'gun') {
    if (input.fell) return outcome(hitDamage, true, 'skip', true);
    return input.hit ? outcome(hitDamage, false, rules.gun_hit_standing_next_turn.value) : outcome(0, false, 'normal');
  }
  if (!input.hit) return outcome(0, target.fallen, 'normal');
  if (target.fallen) return outcome(hitDamage, true, 'skip', rules.fallen_hit_destroys.value);
  if (!input.fell) return outcome(hitDamage, false, 'normal');
  // Rolled even when the damage destroys the model: the die order must not depend on stamina.
  const face = dice.roll(6);
  return outcome(rules.fall_damage_total.value, true, criticalNextTurn(face, data));
}

export const realShotAction = defineAction({ input: RealShotInput, resolve: resolveRealShot });
