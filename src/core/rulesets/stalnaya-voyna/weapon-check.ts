import { z } from 'zod';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';

const WeaponCheckInput = z
  .object({
    weapon: z
      .object({
        /** A key of the ruleset's `ammunition` table when the weapon's shots per battle are counted. */
        ammunition: z.string().min(1).max(64).optional(),
        /** Heavy infantry weapon (AT gun, machine gun on a tripod, mortar, field gun)… */
        heavy_infantry: z.boolean().default(false),
        /** …set up on the ground, not on a vehicle: it may fire twice per activation. */
        emplaced: z.boolean().default(false),
        on_vehicle: z.boolean().default(false),
      })
      .strict()
      .refine((w) => !(w.emplaced && w.on_vehicle), { message: 'a weapon on a vehicle is not emplaced on the ground', path: ['emplaced'] }),
    /** Times this weapon has fired in this activation. */
    fired_this_activation: z.int().nonnegative().default(0),
    /** Shots it has fired in this battle (counted weapons only). */
    shots_fired_in_battle: z.int().nonnegative().default(0),
  })
  .strict();

/**
 * May this weapon fire now? «каждое оружие может стрелять не больше одного раза за одну
 * активацию» (emplaced heavy infantry weapons twice), and weapons of limited ammunition
 * (grenade launchers 3 shots per battle, ОПКа-13 4) count what is left. Gives the rule data the
 * game's turn keeper enforces.
 */
export const weaponCheckAction = defineAction({
  input: WeaponCheckInput,
  resolve(input, _dice, data: StalnayaVoynaData) {
    const w = input.weapon;
    const limits = data.fire_limits;
    const perActivation = w.heavy_infantry && w.emplaced && !w.on_vehicle ? limits.emplaced_heavy_per_activation.value : limits.per_activation.value;
    let shotsPerBattle: number | null = null;
    if (w.ammunition !== undefined) {
      const entry = Object.hasOwn(data.ammunition, w.ammunition) ? data.ammunition[w.ammunition] : undefined;
      if (!entry) throw new FieldError('weapon.ammunition', `unknown weapon "${w.ammunition}" (known: ${Object.keys(data.ammunition).join(', ')})`);
      shotsPerBattle = entry.value.shots_per_battle;
    }
    const activationLeft = Math.max(0, perActivation - input.fired_this_activation);
    const ammoLeft = shotsPerBattle === null ? null : Math.max(0, shotsPerBattle - input.shots_fired_in_battle);
    const reason = activationLeft === 0 ? 'fired-enough-this-activation' : ammoLeft === 0 ? 'out-of-ammunition' : null;
    return {
      may_fire: reason === null,
      reason,
      per_activation: perActivation,
      fires_left_this_activation: reason === null ? activationLeft - 1 : activationLeft,
      shots_per_battle: shotsPerBattle,
      shots_left_after: ammoLeft === null ? null : reason === null ? ammoLeft - 1 : ammoLeft,
    };
  },
});
