import { z } from 'zod';
import { facesOf } from '../../mechanics/die-steps.js';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';
import { potentialCasualties, type FireResult } from './fire.js';

/**
 * «Стрельба управляемыми ракетами»: the shooter rolls its quality die and the guidance system's
 * die, the target rolls its evasion die instead of a range die; read like any fire (one die
 * higher suppresses, two also hit).
 */
export const guidedMissileAction = defineAction({
  input: z
    .object({
      shooter: z.object({ quality: SvDie, guidance: SvDie }).strict(),
      target: z.object({ evasion: SvDie }).strict(),
    })
    .strict(),
  resolve(input, dice, data: StalnayaVoynaData) {
    const pool = [facesOf(input.shooter.quality), facesOf(input.shooter.guidance)];
    const evasion = facesOf(input.target.evasion);
    const above = dice.countAbove(pool, evasion);
    const result: FireResult = above >= data.fire.casualties_from.value ? 'casualties' : above >= data.fire.suppress_from.value ? 'suppressed' : 'no-effect';
    return { evasion_die: input.target.evasion, result, casualties: result === 'casualties' ? potentialCasualties(pool, evasion) : 0 };
  },
});
