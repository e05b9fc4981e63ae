import { z } from 'zod';
import { facesOf } from '../../mechanics/die-steps.js';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';

export type WoundResult = 'unharmed' | 'wounded' | 'killed';

/** One casualty: the weapon's power die against the armour die (power first). */
export const woundAction = defineAction({
  input: z.object({ power: SvDie, armour: SvDie }).strict(),
  resolve(input, dice, data: StalnayaVoynaData): { result: WoundResult } {
    const power = dice.roll(facesOf(input.power));
    const armour = dice.roll(facesOf(input.armour));
    const result: WoundResult = power >= data.wound.kill_multiple.value * armour ? 'killed' : power > armour ? 'wounded' : 'unharmed';
    return { result };
  },
});
