import { z } from 'zod';

/** The dice a shooter, a weapon or an armour can be in the scenario contract. */
export const SV_DICE = ['d4', 'd6', 'd8', 'd10', 'd12'] as const;
export const SvDie = z.enum(SV_DICE);
export type SvDie = z.infer<typeof SvDie>;
