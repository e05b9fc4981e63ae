import { z } from 'zod';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';

const TransportInput = z
  .object({
    /** load / unload infantry, or unhitch a towed gun (a whole activation). */
    operation: z.enum(['load', 'unload', 'unhitch']),
    /** Distance of the farthest trooper from the vehicle (before loading, after unloading), inches. */
    farthest_in: z.number().nonnegative().optional(),
    /** Figures (or load) going aboard, and what the vehicle still has room for. */
    passengers: z.int().nonnegative().optional(),
    capacity_left: z.int().nonnegative().optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.operation !== 'unhitch' && t.farthest_in === undefined) ctx.addIssue({ code: 'custom', message: `is missing (${t.operation} needs the farthest trooper's distance)`, path: ['farthest_in'] });
    if ((t.passengers === undefined) !== (t.capacity_left === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give passengers and capacity_left together', path: [t.passengers === undefined ? 'passengers' : 'capacity_left'] });
    }
  });

/**
 * Loading and unloading infantry: one action each, only with the farthest trooper within 6" of
 * the vehicle (before loading; after unloading), and only as much as the vehicle carries.
 * Man-sized weapons go with their crew at no extra action. Unhitching a gun takes the activation.
 */
export const transportAction = defineAction({
  input: TransportInput,
  resolve(input, _dice, data: StalnayaVoynaData) {
    const rules = data.transport;
    if (input.operation === 'unhitch') {
      return { allowed: true, reason: null, actions: null, whole_activation: rules.unhitch_takes_activation.value };
    }
    const tooFar = (input.farthest_in as number) > rules.max_distance_in.value + 1e-9;
    const overload = input.operation === 'load' && input.passengers !== undefined && input.passengers > (input.capacity_left as number);
    const reason = tooFar ? 'farthest-trooper-too-far' : overload ? 'not-enough-capacity' : null;
    const actions = input.operation === 'load' ? rules.load_actions.value : rules.unload_actions.value;
    return { allowed: reason === null, reason, actions, whole_activation: false };
  },
});
