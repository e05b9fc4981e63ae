import { z } from 'zod';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { ZvezdnyDesantData } from './data-schema.js';
import { Order } from './mechanics-schema.js';

const EPS = 1e-9;

const ClosingModel = z
  .object({
    id: z.string().min(1).max(64).optional(),
    /** Steps to the nearest model of the enemy unit before moving (0 = base contact). */
    gap_steps: z.number().nonnegative().max(10_000),
    /** ПДВ with its minuses for the ground crossed. */
    pdv: z.number().nonnegative().max(1000),
    /** Separated from every enemy by a sight obstacle: it may not strike. */
    behind_obstacle: z.boolean().default(false),
  })
  .strict();
type ClosingModel = z.infer<typeof ClosingModel>;

export interface ClosedModel {
  id: string;
  moved_steps: number;
  gap_steps: number;
  base_contact: boolean;
  /** In base contact or within 3 steps of an enemy, not behind a sight obstacle. */
  strikes: boolean;
}

/** A model moves straight at the enemy, as far as its ПДВ allows or into base contact. */
function closeIn(m: ClosingModel, i: number, reach: number, moves: boolean, prefix: string): ClosedModel {
  const moved = moves ? Math.min(m.gap_steps, m.pdv) : 0;
  const gap = Math.max(0, m.gap_steps - moved);
  const contact = gap <= EPS;
  return { id: m.id ?? `${prefix}[${i}]`, moved_steps: moved, gap_steps: contact ? 0 : gap, base_contact: contact, strikes: !m.behind_obstacle && gap <= reach + EPS };
}

function summary(models: readonly ClosedModel[]) {
  return { in_contact: models.filter((m) => m.base_contact).length, strikers: models.filter((m) => m.strikes).length };
}

/**
 * A charge, declared when the unit acts under «Движение» or «Атака» (after shooting only under
 * «Атака»): every model moves into base contact or as near as its ПДВ allows. Melee begins if
 * any model gets within 3 steps; then the whole unit is in melee and may no longer shoot. If none
 * does, the unit simply moved towards the enemy.
 */
export const chargeAction = defineAction({
  input: z
    .object({
      order: Order,
      /** The unit shot before charging («Стрелять, потом объявлять нападение»). */
      shot_first: z.boolean().default(false),
      models: z.array(ClosingModel).min(1).max(100),
    })
    .strict(),
  resolve(input, _dice, data: ZvezdnyDesantData) {
    const allows = data.orders.allows[input.order].value;
    const conduct = input.shot_first ? 'shoot-then-charge' : 'charge';
    if (!allows.includes(conduct)) {
      throw new FieldError(input.shot_first ? 'shot_first' : 'order', input.shot_first ? `the ${input.order} order does not allow shooting before a charge` : `the ${input.order} order does not allow a charge`);
    }
    const within = data.charge.melee_within_steps.value;
    const models = input.models.map((m, i) => closeIn(m, i, data.melee.strike_reach_steps.value, true, 'models'));
    const melee = models.some((m) => m.gap_steps <= within + EPS);
    return { melee, may_shoot: !melee, ...summary(models), models };
  },
});

const ConsolidatingUnit = z
  .object({
    id: z.string().min(1).max(64),
    player: z.enum(['A', 'B']),
    models: z.array(ClosingModel).min(1).max(100),
  })
  .strict();

/**
 * Consolidation at the end of the melee phase: models not in base contact must move up to their
 * ПДВ into contact or as near as they can (this is not a move); the first player's units first.
 */
export const consolidateAction = defineAction({
  input: z
    .object({
      first_player: z.enum(['A', 'B']),
      units: z
        .array(ConsolidatingUnit)
        .min(1)
        .max(50)
        .superRefine((units, ctx) => {
          const seen = new Set<string>();
          units.forEach((u, i) => {
            if (seen.has(u.id)) ctx.addIssue({ code: 'custom', message: `"${u.id}" appears twice`, path: [i, 'id'] });
            seen.add(u.id);
          });
        }),
    })
    .strict(),
  resolve(input, _dice, data: ZvezdnyDesantData) {
    const reach = data.melee.strike_reach_steps.value;
    const ordered = [...input.units.map((u, i) => ({ u, i }))].sort((a, b) => Number(b.u.player === input.first_player) - Number(a.u.player === input.first_player) || a.i - b.i);
    const units: Record<string, ReturnType<typeof summary> & { models: ClosedModel[] }> = {};
    for (const { u, i } of ordered) {
      const models = u.models.map((m, j) => closeIn(m, j, reach, m.gap_steps > EPS, `units[${i}].models`));
      units[u.id] = { ...summary(models), models };
    }
    return { order: ordered.map(({ u }) => u.id), units };
  },
});
