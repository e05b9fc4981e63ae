import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { damageStatus } from '../../mechanics/damage-track.js';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData, VtorzhenieNextTurn } from './data-schema.js';

const NextTurn = z.enum(['normal', 'no-move', 'skip']);

export const RealShotInput = z
  .object({
    target: z
      .object({
        kind: z.enum(['infantry', 'vehicle', 'gun', 'cyborg']),
        /** Required except for a gun, which has no damage track. */
        stamina: z.int().positive().optional(),
        damage: z.int().nonnegative().default(0),
        fallen: z.boolean().default(false),
        /** A no-move or skip still pending from an earlier event: a later one never erases it. */
        next_turn: NextTurn.optional(),
      })
      .strict()
      .superRefine((t, ctx) => {
        if (t.kind !== 'gun' && t.stamina === undefined) ctx.addIssue({ code: 'custom', path: ['stamina'], message: `is missing (expected an integer: a ${t.kind} has a damage track)` });
        else if (t.stamina !== undefined && t.damage >= t.stamina) ctx.addIssue({ code: 'custom', path: ['damage'], message: 'must be less than stamina: the target is already destroyed' });
        if (t.kind === 'gun' && t.fallen) ctx.addIssue({ code: 'custom', path: ['fallen'], message: 'a gun that fell is already destroyed' });
      }),
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

const SEVERITY: Record<VtorzhenieNextTurn, number> = { normal: 0, 'no-move': 1, skip: 2 };

/** The harsher of a pending state and a new one: a later event never lifts an earlier penalty. */
export function keepPending(pending: VtorzhenieNextTurn | undefined, next: VtorzhenieNextTurn): VtorzhenieNextTurn {
  return pending !== undefined && SEVERITY[pending] > SEVERITY[next] ? pending : next;
}

/**
 * A spring-launcher shot: range and penetration do not apply. A gun is never shot virtually
 * and never tested for criticals: standing it skips a turn for repairs (no damage track, so
 * standing hits never add up: default), fallen it is destroyed. The seed ties falling to a hit
 * ("если при этом цель упала"); a model seen to fall with no registered hit is fallen and
 * undamaged (default). Guns are destroyed whenever they fall or are knocked away.
 */
export function resolveRealShot(input: RealShotInput, dice: Dice, data: VtorzhenieData): RealShotResult {
  const { target } = input;
  const rules = data.real_shot;
  const track = { max: target.stamina ?? Number.POSITIVE_INFINITY, critical: null };
  const keep = rules.keep_pending_next_turn.value ? target.next_turn : undefined;
  const outcome = (added: number, fallen: boolean, nextTurn: VtorzhenieNextTurn, destroyedAnyway = false): RealShotResult => {
    const s = damageStatus(track, target.damage + added);
    const destroyed = s.destroyed || destroyedAnyway;
    return { damage: s.damage, destroyed, fallen, next_turn: destroyed ? 'skip' : keepPending(keep, nextTurn) };
  };
  const hitDamage = input.hit ? rules.hit_damage.value : 0;

  if (target.kind === 'gun') {
    if (input.fell) return outcome(0, true, 'skip', true);
    const gunDamage = data.guns.damage_track.value ? hitDamage : 0;
    return input.hit ? outcome(gunDamage, false, rules.gun_hit_standing_next_turn.value) : outcome(0, false, 'normal');
  }
  // Seen to fall with no registered hit: lies on the table undamaged (default).
  if (!input.hit) return outcome(0, target.fallen || input.fell, 'normal');
  if (target.fallen) return outcome(hitDamage, true, 'skip', rules.fallen_hit_destroys.value);
  if (!input.fell) return outcome(hitDamage, false, 'normal');
  // Rolled even when the damage destroys the model: the die order must not depend on stamina.
  const face = dice.roll(6);
  return outcome(rules.fall_damage_total.value, true, criticalNextTurn(face, data));
}

export const realShotAction = defineAction({ input: RealShotInput, resolve: resolveRealShot });
