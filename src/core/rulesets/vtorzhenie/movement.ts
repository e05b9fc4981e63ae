import { z } from 'zod';
import { defineAction } from '../game-system.js';
import type { VtorzhenieData } from './data-schema.js';

export type MoverKind = 'infantry' | 'cyborg' | 'creature' | 'vehicle';

/** Speed in steps: infantry by armour (heavy ≥ 4: 3, light 1–3: 4, none: 5), the rest by kind. */
export function speedSteps(unit: { kind: MoverKind; armour: number }, data: VtorzhenieData): number {
  const s = data.speed_steps;
  switch (unit.kind) {
    case 'cyborg':
      return s.cyborg.value;
    case 'creature':
      return s.creature.value;
    case 'vehicle':
      return s.vehicle.value;
    case 'infantry':
      if (unit.armour >= data.heavy_armour_from.value) return s.infantry_heavy.value;
      return unit.armour > 0 ? s.infantry_light.value : s.infantry_unarmoured.value;
  }
}

/** One vertical feature crossed during a move. */
export type Obstacle =
  | { kind: 'climb'; height_steps: number }
  | { kind: 'jump-down'; height_steps: number }
  /** Something to jump over: free when low and narrow enough, else it must be climbed. */
  | { kind: 'hop'; height_steps: number; width_steps: number }
  | { kind: 'ramp'; angle_deg: number };

export type ObstacleCost = { allowed: true; cost_steps: number } | { allowed: false; reason: string };

/**
 * Speed points a feature costs on top of the distance walked. Ladders and ramps up to 45° cost
 * nothing extra (a move may not end on one: the caller checks where the move stops).
 */
export function obstacleCost(o: Obstacle, data: VtorzhenieData): ObstacleCost {
  const m = data.movement;
  switch (o.kind) {
    case 'climb':
      return o.height_steps <= m.climb_max_steps.value
        ? { allowed: true, cost_steps: m.climb_cost.value }
        : { allowed: false, reason: `higher than ${m.climb_max_steps.value} step(s): cannot climb` };
    case 'jump-down':
      return o.height_steps <= m.jump_down_max_steps.value
        ? { allowed: true, cost_steps: m.jump_down_cost.value }
        : { allowed: false, reason: `higher than ${m.jump_down_max_steps.value} steps: the infantryman would break` };
    case 'hop':
      if (o.height_steps <= m.free_obstacle_height_steps.value && o.width_steps <= m.free_obstacle_width_steps.value) return { allowed: true, cost_steps: 0 };
      return obstacleCost({ kind: 'climb', height_steps: o.height_steps }, data);
    case 'ramp':
      return o.angle_deg <= m.ramp_max_angle_deg.value
        ? { allowed: true, cost_steps: 0 }
        : { allowed: false, reason: `steeper than ${m.ramp_max_angle_deg.value}°` };
  }
}

export type MovePlan = { allowed: true; spent_steps: number; left_steps: number } | { allowed: false; reason: string };

/** A whole move: the walked distance (steps, rounded by the caller's rule) plus each feature. */
export function planMove(speed: number, walkedSteps: number, obstacles: readonly Obstacle[], data: VtorzhenieData): MovePlan {
  let spent = walkedSteps;
  for (const o of obstacles) {
    const c = obstacleCost(o, data);
    if (!c.allowed) return c;
    spent += c.cost_steps;
  }
  if (spent > speed) return { allowed: false, reason: `needs ${spent} speed, has ${speed}` };
  return { allowed: true, spent_steps: spent, left_steps: speed - spent };
}

export type StandUp = { allowed: true; left_steps: number } | { allowed: false; reason: string };

/**
 * Standing a fallen model up: only at the start of its owner's turn, for 5 speed points. A
 * model slower than 5 spends its whole move (default: the seed does not say it cannot).
 */
export function standUp(speed: number, atStartOfTurn: boolean, data: VtorzhenieData): StandUp {
  if (!atStartOfTurn) return { allowed: false, reason: 'a fallen model is stood up only at the start of its owner\'s turn' };
  return { allowed: true, left_steps: Math.max(0, speed - data.movement.stand_up_cost.value) };
}

export const StandUpInput = z
  .object({
    /** Guns are not stood up: a gun that falls is destroyed. */
    kind: z.enum(['infantry', 'cyborg', 'creature', 'vehicle']),
    armour: z.int().nonnegative().default(0),
    /** The model's own speed, when it differs from the table's. */
    speed_steps: z.number().nonnegative().optional(),
    /** Only at the start of the owner's turn. */
    at_start_of_turn: z.boolean(),
    fallen: z.boolean().default(true),
  })
  .strict();

export type StandUpInput = z.infer<typeof StandUpInput>;

/**
 * «Поднять упавшую модель Игрок-владелец может только в начале своего хода. На совершение этого
 * действия, модель тратит 5 очков своей «Скорости»». No dice: the output lands on the model
 * (`fallen: false`) or says why not.
 */
export function resolveStandUp(input: StandUpInput, _dice: unknown, data: VtorzhenieData) {
  const speed = input.speed_steps ?? speedSteps({ kind: input.kind, armour: input.armour }, data);
  const refuse = (reason: string) => ({ allowed: false, speed_steps: speed, left_steps: speed, fallen: input.fallen, reason });
  if (!input.fallen) return refuse('the model is standing');
  if (speed < data.movement.stand_up_cost.value && data.movement.stand_up_below_cost.value === 'forbidden') {
    return refuse(`standing up costs ${data.movement.stand_up_cost.value} speed, the model has ${speed}`);
  }
  const r = standUp(speed, input.at_start_of_turn, data);
  if (!r.allowed) return refuse(r.reason);
  return { allowed: true, speed_steps: speed, left_steps: r.left_steps, fallen: false };
}

export const standUpAction = defineAction({ input: StandUpInput, resolve: resolveStandUp });
