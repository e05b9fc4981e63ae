import { z } from 'zod';
import { initiativeOrder } from '../../mechanics/initiative-order.js';
import { defineAction } from '../game-system.js';

const Player = z.enum(['A', 'B']);

const ActivationOrderInput = z
  .object({
    first_player: Player,
    units: z
      .array(z.object({ id: z.string().min(1), player: Player, initiative: z.int().nonnegative() }).strict())
      .superRefine((units, ctx) => {
        const seen = new Set<string>();
        units.forEach((u, i) => {
          if (seen.has(u.id)) ctx.addIssue({ code: 'custom', message: `"${u.id}" appears twice`, path: [i, 'id'] });
          seen.add(u.id);
        });
      }),
  })
  .strict();

/** Звездный Десант's execution phase: who acts when, by initiative. No dice. */
export const activationOrderAction = defineAction({
  input: ActivationOrderInput,
  resolve: (input) => ({ order: initiativeOrder(input.units, input.first_player) }),
});
