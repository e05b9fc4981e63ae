import { z } from 'zod';
import { passedTests } from '../../mechanics/d20-tests.js';
import { addWounds } from '../../mechanics/wound-markers.js';
import { prepared } from '../../mechanics/prepared.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { ZvezdnyDesantData } from './data-schema.js';

const Player = z.enum(['A', 'B']);
type Player = z.infer<typeof Player>;

const MeleeUnit = z
  .object({
    id: z.string().min(1).max(64),
    player: Player,
    models: z.int().positive().max(100),
    in_contact: z.int().nonnegative(),
    bsp: z.int().min(1).max(20),
    stk: z.int().positive().max(100),
    markers: z.int().nonnegative().max(1000).default(0),
    /** Figures that may be removed (never those behind a sight obstacle). */
    eligible_models: z.int().nonnegative().optional(),
  })
  .strict()
  .superRefine((u, ctx) => {
    if (u.in_contact > u.models) ctx.addIssue({ code: 'custom', message: `must be ≤ models (${u.models})`, path: ['in_contact'] });
    if ((u.eligible_models ?? 0) > u.models) ctx.addIssue({ code: 'custom', message: `must be ≤ models (${u.models})`, path: ['eligible_models'] });
  });

/** Strikers of one unit aimed at one enemy unit («игрок, наносящий удар, сам выбирает»). */
const StrikeGroup = z
  .object({
    from: z.string().min(1).max(64),
    to: z.string().min(1).max(64),
    strikers: z.int().nonnegative().max(100),
    strikes_per_model: z.int().positive().max(10).optional(),
  })
  .strict();

const MultiMeleeInput = z
  .object({
    units: z
      .array(MeleeUnit)
      .min(2)
      .max(12)
      .superRefine((units, ctx) => {
        const seen = new Set<string>();
        units.forEach((u, i) => {
          if (seen.has(u.id)) ctx.addIssue({ code: 'custom', message: `"${u.id}" appears twice`, path: [i, 'id'] });
          seen.add(u.id);
        });
      }),
    strikes: z.array(StrikeGroup).max(60),
  })
  .strict();

export interface UnitMeleeResult {
  bsp_effective: number;
  wounds_taken: number;
  killed: number;
  markers: number;
  models_left: number;
}

type MeleeUnit = z.infer<typeof MeleeUnit>;

interface MeleePlan {
  /** Each unit with its БСП after bonuses and the strikes it takes. */
  units: { unit: MeleeUnit; bsp: number; strikes: number }[];
}

function planMelee(input: z.infer<typeof MultiMeleeInput>, data: ZvezdnyDesantData): MeleePlan {
  const rules = data.melee;
  const byId = new Map(input.units.map((u) => [u.id, u]));
  const sum = (p: Player, f: (u: MeleeUnit) => number) => input.units.filter((u) => u.player === p).reduce((s, u) => s + f(u), 0);
  const models = { A: sum('A', (u) => u.models), B: sum('B', (u) => u.models) };
  const contact = { A: sum('A', (u) => u.in_contact), B: sum('B', (u) => u.in_contact) };
  if (models.A === 0 || models.B === 0) throw new FieldError('units', 'a melee needs units of both players');
  const enemy = (p: Player): Player => (p === 'A' ? 'B' : 'A');
  const bspOf = (p: Player, bsp: number) => {
    let b = bsp;
    if (models[p] > models[enemy(p)]) b += rules.bsp_bonus_more_models.value;
    if (contact[p] > contact[enemy(p)]) b += rules.bsp_bonus_more_in_contact.value;
    return Math.min(rules.bsp_max.value, b);
  };
  const strikesOn = new Map<string, number>();
  const used = new Map<string, number>();
  input.strikes.forEach((s, i) => {
    const from = byId.get(s.from);
    const to = byId.get(s.to);
    if (!from) throw new FieldError(`strikes[${i}].from`, `no unit "${s.from}"`);
    if (!to) throw new FieldError(`strikes[${i}].to`, `no unit "${s.to}"`);
    if (from.player === to.player) throw new FieldError(`strikes[${i}].to`, `"${s.to}" is on the same side as "${s.from}"`);
    const total = (used.get(s.from) ?? 0) + s.strikers;
    if (total > from.models) throw new FieldError(`strikes[${i}].strikers`, `"${s.from}" has ${from.models} figures; ${total} would strike`);
    used.set(s.from, total);
    strikesOn.set(s.to, (strikesOn.get(s.to) ?? 0) + s.strikers * (s.strikes_per_model ?? rules.strikes_per_model.value));
  });
  return { units: input.units.map((u) => ({ unit: u, bsp: bspOf(u.player, u.bsp), strikes: strikesOn.get(u.id) ?? 0 })) };
}

/**
 * A melee of more than two units («многосторонний ближний бой»): each player's БСП bonuses come
 * from sums over all his units in the fight (+1 more figures, +2 more in base contact, at most
 * 20); each striking model picks the enemy unit it strikes. Strikes are simultaneous: the dice of
 * the strikes on each unit are rolled unit by unit in the order of `units`, then the dead go.
 * The player who lost more figures loses (ruleset default); wiping out every enemy unit wins;
 * the losers' surviving units take the panic test.
 */
export const multiMeleeAction = defineAction({
  input: MultiMeleeInput,
  resolve(input, dice, data: ZvezdnyDesantData) {
    const rules = data.melee;
    const plan = prepared(input, data, () => planMelee(input, data));
    const units: Record<string, UnitMeleeResult> = {};
    for (const { unit: u, bsp, strikes } of plan.units) {
      const hits = passedTests(dice, strikes, bsp, false, data.tests.die_sides.value);
      const wounds = hits * rules.wounds_per_strike.value;
      const pool = addWounds({ woundsPerModel: u.stk, markers: u.markers, models: u.models, eligible: u.eligible_models ?? u.models }, wounds);
      units[u.id] = { bsp_effective: bsp, wounds_taken: wounds, killed: pool.killed, markers: pool.markers, models_left: pool.models_left };
    }
    const lost = { A: 0, B: 0 };
    const left = { A: 0, B: 0 };
    for (const { unit: u } of plan.units) {
      const r = units[u.id] as UnitMeleeResult;
      lost[u.player] += r.killed;
      left[u.player] += r.models_left;
    }
    const wipe = data.melee_result.wiped_out_enemy_wins.value;
    let loser: Player | null = null;
    if (wipe && left.B === 0 && left.A > 0) loser = 'B';
    else if (wipe && left.A === 0 && left.B > 0) loser = 'A';
    else if (left.A > 0 && left.B > 0 && lost.A !== lost.B) loser = lost.A > lost.B ? 'A' : 'B';
    const result = (p: Player) => (loser === null ? (left[p] === 0 ? 'destroyed' : 'draw') : loser === p ? 'lost' : 'won');
    return {
      units,
      result: { A: result('A'), B: result('B') },
      panic_test: loser === null || !data.panic.losers_of_melee_test.value ? [] : input.units.filter((u) => u.player === loser && (units[u.id]?.models_left ?? 0) > 0).map((u) => u.id),
      melee_over: left.A === 0 || left.B === 0,
    };
  },
});
