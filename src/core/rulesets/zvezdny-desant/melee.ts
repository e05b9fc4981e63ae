import { z } from 'zod';
import { passedTests } from '../../mechanics/d20-tests.js';
import { addWounds } from '../../mechanics/wound-markers.js';
import { defineAction } from '../game-system.js';
import type { ZvezdnyDesantData } from './data-schema.js';

const MeleeSide = z
  .object({
    player: z.enum(['A', 'B']),
    models: z.int().positive(),
    /** Figures in base contact with the enemy. */
    in_contact: z.int().nonnegative(),
    /** Figures that may strike: in contact or within reach, not behind a sight obstacle. */
    strikers: z.int().nonnegative(),
    bsp: z.int().min(1).max(20),
    stk: z.int().positive(),
    markers: z.int().nonnegative().default(0),
    /** Unit descriptions may change it; the ruleset's value when left out. */
    strikes_per_model: z.int().positive().optional(),
    /** Figures that may be removed: never those behind a sight obstacle (their wounds are discarded). */
    eligible_models: z.int().nonnegative().optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.in_contact > s.models) ctx.addIssue({ code: 'custom', message: `must be ≤ models (${s.models})`, path: ['in_contact'] });
    if (s.strikers > s.models) ctx.addIssue({ code: 'custom', message: `must be ≤ models (${s.models})`, path: ['strikers'] });
    if ((s.eligible_models ?? 0) > s.models) ctx.addIssue({ code: 'custom', message: `must be ≤ models (${s.models})`, path: ['eligible_models'] });
  });
type MeleeSide = z.infer<typeof MeleeSide>;

const MeleeInput = z
  .object({
    sides: z.tuple([MeleeSide, MeleeSide]).refine((s) => s[0].player !== s[1].player, {
      message: 'the two sides must be different players',
      path: [1, 'player'],
    }),
  })
  .strict();

export interface MeleeSideResult {
  bsp_effective: number;
  wounds_taken: number;
  killed: number;
  markers: number;
}

/** БСП with its bonuses, counted before anyone strikes. */
function effectiveBsp(own: MeleeSide, enemy: MeleeSide, rules: ZvezdnyDesantData['melee']): number {
  let bsp = own.bsp;
  if (own.models > enemy.models) bsp += rules.bsp_bonus_more_models.value;
  if (own.in_contact > enemy.in_contact) bsp += rules.bsp_bonus_more_in_contact.value;
  return Math.min(rules.bsp_max.value, bsp);
}

/**
 * One melee phase between two units: strikes are simultaneous, so both sides roll (the first
 * side's strikes, then the second's) before either removes its dead.
 */
export const meleeAction = defineAction({
  input: MeleeInput,
  resolve(input, dice, data: ZvezdnyDesantData): Record<string, MeleeSideResult> {
    const [first, second] = input.sides;
    const rules = data.melee;
    const bsp = [effectiveBsp(first, second, rules), effectiveBsp(second, first, rules)] as const;
    const strikes = (s: MeleeSide): number => s.strikers * (s.strikes_per_model ?? rules.strikes_per_model.value);
    const hitsOnSecond = passedTests(dice, strikes(first), bsp[1], false, data.tests.die_sides.value);
    const hitsOnFirst = passedTests(dice, strikes(second), bsp[0], false, data.tests.die_sides.value);
    const taken = (side: MeleeSide, hits: number, bspEffective: number): MeleeSideResult => {
      const wounds = hits * rules.wounds_per_strike.value;
      const pool = addWounds({ woundsPerModel: side.stk, markers: side.markers, models: side.models, eligible: side.eligible_models ?? side.models }, wounds);
      return { bsp_effective: bspEffective, wounds_taken: wounds, killed: pool.killed, markers: pool.markers };
    };
    return {
      [first.player]: taken(first, hitsOnFirst, bsp[0]),
      [second.player]: taken(second, hitsOnSecond, bsp[1]),
    };
  },
});
