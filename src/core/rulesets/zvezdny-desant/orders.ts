import { z } from 'zod';
import { initiativeOrder } from '../../mechanics/initiative-order.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { ZvezdnyDesantData } from './data-schema.js';
import { Conduct, Order } from './mechanics-schema.js';

const Player = z.enum(['A', 'B']);
type Player = z.infer<typeof Player>;
const PLAYERS: readonly Player[] = ['A', 'B'];

const OrderCard = z
  .object({
    id: z.string().min(1).max(64),
    player: Player,
    /** The order written on the card; none for a unit in melee or in panic. */
    order: Order.optional(),
    /** Command points spent on the unit (its initiative); 0 once the points are gone. */
    initiative: z.int().nonnegative().max(1000).default(0),
    in_melee: z.boolean().default(false),
    panic: z.boolean().default(false),
  })
  .strict();

const OrdersInput = z
  .object({
    first_player: Player,
    /** Command points of each player this turn; the ruleset's (10, «Стычка») when left out. */
    command_points: z.object({ A: z.int().nonnegative().max(1000).optional(), B: z.int().nonnegative().max(1000).optional() }).strict().default({}),
    units: z
      .array(OrderCard)
      .min(1)
      .max(200)
      .superRefine((units, ctx) => {
        const seen = new Set<string>();
        units.forEach((u, i) => {
          if (seen.has(u.id)) ctx.addIssue({ code: 'custom', message: `"${u.id}" appears twice`, path: [i, 'id'] });
          seen.add(u.id);
        });
      }),
    /** The opponent's cut when a revealed total exceeds the points: initiative taken off each unit he picks. */
    lowered: z
      .array(z.object({ id: z.string().min(1).max(64), by: z.int().positive() }).strict())
      .max(200)
      .optional(),
  })
  .strict();
type OrdersInput = z.infer<typeof OrdersInput>;

function checkCards(input: OrdersInput, data: ZvezdnyDesantData): void {
  const rules = data.orders;
  input.units.forEach((u, i) => {
    const noOrder = (u.in_melee && rules.no_order_in_melee.value) || (u.panic && rules.no_order_in_panic.value);
    if (noOrder) {
      const why = u.in_melee ? 'a unit in melee gets no order' : 'a unit in panic gets no order';
      if (u.order !== undefined) throw new FieldError(`units[${i}].order`, why);
      if (u.initiative > 0) throw new FieldError(`units[${i}].initiative`, `${why} and no initiative`);
    } else if (u.order === undefined) {
      throw new FieldError(`units[${i}].order`, 'is missing (every unit not in melee or panic must get an order)');
    }
  });
}

/** The opponent's cut: only the overspender's units, never below 0, exactly down to his points. */
function applyLowering(input: OrdersInput, points: Record<Player, number>, spent: Record<Player, number>): Map<string, number> {
  const initiative = new Map(input.units.map((u) => [u.id, u.initiative]));
  const owner = new Map(input.units.map((u) => [u.id, u.player]));
  const cut: Record<Player, number> = { A: 0, B: 0 };
  (input.lowered ?? []).forEach((l, i) => {
    const player = owner.get(l.id);
    if (player === undefined) throw new FieldError(`lowered[${i}].id`, `no unit "${l.id}"`);
    if (spent[player] <= points[player]) throw new FieldError(`lowered[${i}].id`, `player ${player} did not spend more than his ${points[player]} command points`);
    const now = initiative.get(l.id) as number;
    if (l.by > now) throw new FieldError(`lowered[${i}].by`, `"${l.id}" has initiative ${now}, it cannot go below 0`);
    initiative.set(l.id, now - l.by);
    cut[player] += l.by;
  });
  if (input.lowered !== undefined) {
    for (const p of PLAYERS) {
      const over = Math.max(0, spent[p] - points[p]);
      if (cut[p] !== over) throw new FieldError('lowered', `player ${p} overspent by ${over}; the opponent must lower his initiatives by exactly that (got ${cut[p]})`);
    }
  }
  return initiative;
}

/**
 * The orders phase and the reveal: every unit gets an order and an initiative bought with
 * command points (the sum ≤ the player's points, all points spent, none saved); units in melee
 * or in panic get none. When the revealed sum exceeds the points, the opponent lowers the
 * initiatives of his choice (`lowered`) until it fits; until he has, there is no execution order.
 */
export const ordersAction = defineAction({
  input: OrdersInput,
  resolve(input, _dice, data: ZvezdnyDesantData) {
    checkCards(input, data);
    const perTurn = data.command.points_per_turn.value;
    const points: Record<Player, number> = { A: input.command_points.A ?? perTurn, B: input.command_points.B ?? perTurn };
    const ordered = input.units.filter((u) => u.order !== undefined);
    const spent: Record<Player, number> = { A: 0, B: 0 };
    for (const u of ordered) spent[u.player] += u.initiative;
    if (data.command.all_points_must_be_spent.value) {
      for (const p of PLAYERS) {
        if (ordered.some((u) => u.player === p) && spent[p] < points[p]) {
          throw new FieldError('units', `player ${p} spent ${spent[p]} of ${points[p]} command points: all must be spent («Игрок обязан распределить все свои командные очки»)`);
        }
      }
    }
    const overspent: Record<Player, number> = { A: Math.max(0, spent.A - points.A), B: Math.max(0, spent.B - points.B) };
    const initiative = applyLowering(input, points, spent);
    const awaiting = input.lowered === undefined && (overspent.A > 0 || overspent.B > 0);
    return {
      command_points: points,
      spent,
      overspent,
      awaiting_lowering: awaiting,
      initiative: Object.fromEntries(ordered.map((u) => [u.id, initiative.get(u.id) as number])),
      no_order: input.units.filter((u) => u.order === undefined).map((u) => u.id),
      order: awaiting ? null : initiativeOrder(ordered.map((u) => ({ id: u.id, player: u.player, initiative: initiative.get(u.id) as number })), input.first_player),
    };
  },
});

/** What an order lets a unit do when its turn comes; a unit in melee does nothing but fight. */
export const orderCheckAction = defineAction({
  input: z.object({ order: Order, conduct: Conduct, in_melee: z.boolean().default(false) }).strict(),
  resolve(input, _dice, data: ZvezdnyDesantData) {
    if (input.in_melee) return { allowed: false, reason: 'in-melee', shoots: false, charges: false };
    const allowed = data.orders.allows[input.order].value.includes(input.conduct);
    return {
      allowed,
      reason: allowed ? null : 'not-in-order',
      shoots: allowed && input.conduct.includes('shoot'),
      charges: allowed && input.conduct.includes('charge'),
    };
  },
});
