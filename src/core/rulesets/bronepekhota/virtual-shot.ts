import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { opposedRoll } from '../../mechanics/opposed-roll.js';
import { stepsFor } from '../../measure/measure.js';
import { defineAction } from '../game-system.js';
import { TargetKind, type BronepekhotaData } from './data-schema.js';

const EPS = 1e-9;

export const Cover = z.enum(['none', 'partial', 'full']);
export type Cover = z.infer<typeof Cover>;

const Shooter = z.object({ shooting: z.int(), range_steps: z.number().nonnegative() }).strict();
const Target = z.object({ armour: z.int().nonnegative(), kind: TargetKind, cover: Cover.default('none') }).strict();

export const VirtualShotInput = z
  .object({ distance_cm: z.number().nonnegative(), shooters: z.array(Shooter).min(1), target: Target })
  .strict();

export type VirtualShotInput = z.infer<typeof VirtualShotInput>;
export type AttackTarget = z.infer<typeof Target>;

export type VirtualEffect = 'killed' | 'damage' | 'none';

export interface VirtualShotResult {
  allowed: boolean;
  steps: number;
  attacker_total: number | null;
  defender_total: number | null;
  hit: boolean;
  effect: VirtualEffect;
}

/** An attack after the shooters are chosen: grenades already thrown add Shooting (and maybe weapons). */
export interface AttackPlan {
  steps: number;
  shooters: readonly { shooting: number; range_steps: number }[];
  target: AttackTarget;
  grenadeShooting?: number;
  grenadeWeapons?: number;
}

export function effectOfHit(kind: TargetKind): VirtualEffect {
  return kind === 'infantry' ? 'killed' : 'damage';
}

/** In range of the shortest weapon firing, and not fully hidden. */
export function attackAllowed(steps: number, shooters: readonly { range_steps: number }[], target: { cover: Cover }): boolean {
  const rangeSteps = Math.min(...shooters.map((s) => s.range_steps));
  return target.cover !== 'full' && steps <= rangeSteps + EPS;
}

/**
 * One trooper: Shooting + D6 > armour. Two or more at one target (a volley): the sum of their
 * Shooting + one D6 against armour + the number of weapons firing + one D6. A volley reaches
 * only as far as its shortest weapon.
 */
export function resolveAttack(plan: AttackPlan, dice: Dice, data: BronepekhotaData): VirtualShotResult {
  const { shooters, target, steps } = plan;
  if (!attackAllowed(steps, shooters, target)) {
    return { allowed: false, steps, attacker_total: null, defender_total: null, hit: false, effect: 'none' };
  }
  const armour = target.armour + (target.cover === 'partial' ? data.cover.partial_armour_bonus.value : 0);
  const shooting = shooters.reduce((s, x) => s + x.shooting, 0) + (plan.grenadeShooting ?? 0);
  const volley = shooters.length > 1;
  const weapons = shooters.length + (plan.grenadeWeapons ?? 0);
  const totals = opposedRoll(dice, { bonus: shooting, dice: 1 }, { bonus: volley ? armour + weapons : armour, dice: volley ? 1 : 0 });
  const hit = totals.attacker > totals.defender;
  return { allowed: true, steps, attacker_total: totals.attacker, defender_total: totals.defender, hit, effect: hit ? effectOfHit(target.kind) : 'none' };
}

export function resolveVirtualShot(input: VirtualShotInput, dice: Dice, data: BronepekhotaData): VirtualShotResult {
  return resolveAttack({ steps: stepsFor(input.distance_cm, data.distance), shooters: input.shooters, target: input.target }, dice, data);
}

export const virtualShotAction = defineAction({ input: VirtualShotInput, resolve: resolveVirtualShot });
