import { z } from 'zod';
import { readDieTable } from '../../mechanics/die-table.js';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';

/** After close combat, one D6 per casualty of either side. */
export const meleeCasualtyAction = defineAction({
  input: z.object({}).strict(),
  resolve: (_input, dice, data: StalnayaVoynaData) => ({ fate: readDieTable(data.close_combat_aftermath.value, dice.roll(6)) }),
});

/** Reorganisation: one D6 per unverified casualty, with the medic's or field surgeon's bonus. */
export const reorganiseAction = defineAction({
  input: z.object({ medic: z.boolean().default(false), field_surgeon: z.boolean().default(false) }).strict(),
  resolve(input, dice, data: StalnayaVoynaData) {
    const r = data.reorganisation;
    const bonus = (input.medic ? r.medic_bonus.value : 0) + (input.field_surgeon ? r.field_surgeon_bonus.value : 0);
    return { fate: readDieTable(r.table.value, dice.roll(6) + bonus) };
  },
});

/** A lost commander's replacement: D6 decides whether leadership (1 best … 3 worst) changes. */
export const commanderLostAction = defineAction({
  input: z.object({ leadership: z.int().min(1).max(3) }).strict(),
  resolve(input, dice, data: StalnayaVoynaData) {
    const change = readDieTable(data.commander_lost.value, dice.roll(6));
    const delta = change === 'worse' ? 1 : change === 'better' ? -1 : 0;
    const { best, worst } = data.leadership;
    return { change, leadership: Math.max(best.value, Math.min(worst.value, input.leadership + delta)) };
  },
});
