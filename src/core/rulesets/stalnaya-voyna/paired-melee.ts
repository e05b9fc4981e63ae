import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { dieName, facesOf, stepDie } from '../../mechanics/die-steps.js';
import { prepared } from '../../mechanics/prepared.js';
import { FieldError } from '../../validation/field-error.js';
import { defineAction } from '../game-system.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';
import { MeleeWeapon } from './mechanics-schema.js';

const Fighter = z
  .object({
    id: z.string().min(1).max(64).optional(),
    quality: SvDie,
    /** Weapon kinds held; each kind raises the die once (SMG + bayonet: two steps). */
    weapons: z.array(MeleeWeapon).max(8).default([]),
    /** A rider on ground easy for him. */
    cavalry_easy_ground: z.boolean().default(false),
  })
  .strict();
type Fighter = z.infer<typeof Fighter>;

const Fight = z
  .object({ attackers: z.array(Fighter).min(1).max(20), defenders: z.array(Fighter).min(1).max(20) })
  .strict()
  .refine((f) => f.attackers.length === 1 || f.defenders.length === 1, {
    message: 'one side of a fight is a single fighter («трое на одного», never many on many)',
    path: ['defenders'],
  });

const PairedMeleeInput = z.object({ fights: z.array(Fight).min(1).max(50) }).strict();

/** A fighter's melee die: quality raised a step per weapon kind, two for a rider on easy ground. */
export function meleeDie(f: Fighter, data: StalnayaVoynaData): number {
  const rules = data.melee;
  let steps = 0;
  for (const w of new Set(f.weapons)) steps += rules.weapon_steps[w].value;
  if (f.cavalry_easy_ground) steps += rules.cavalry_easy_ground_steps.value;
  return stepDie(data.dice_steps.value, facesOf(f.quality), steps);
}

/**
 * One fight: the single fighter rolls first, then each opponent; an opponent below him is a
 * casualty, and he is one if any opponent beats him; equal dice leave both standing. Returns
 * [attacker casualties, defender casualties]. Opponents are convolved, so three on one costs
 * the lone die's faces times the distinct counts, not the product of every die.
 */
function fightPart(loneFaces: number, opponentFaces: readonly number[], loneIsAttacker: boolean): (dice: Dice) => number[] {
  return (dice) => {
    const lone = dice.roll(loneFaces);
    const [opponentsLost = 0, beatLone = 0] = dice.sumOf(
      opponentFaces.map((faces) => (d: Dice) => {
        const o = d.roll(faces);
        return o < lone ? [1, 0] : o > lone ? [0, 1] : [0, 0];
      }),
      opponentFaces.map((faces) => `sv-opponent:${faces}:${lone}`),
    );
    const loneLost = beatLone > 0 ? 1 : 0;
    return loneIsAttacker ? [loneLost, opponentsLost] : [opponentsLost, loneLost];
  };
}

interface MeleePlan {
  parts: ((dice: Dice) => number[])[];
  keys: string[];
  dice: { attackers: string[]; defenders: string[] }[];
  rollOrder: string[];
}

function planMelee(input: z.infer<typeof PairedMeleeInput>, data: StalnayaVoynaData): MeleePlan {
  const maxOpponents = data.melee.max_opponents_of_one.value;
  const plan: MeleePlan = { parts: [], keys: [], dice: [], rollOrder: [] };
  input.fights.forEach((f, i) => {
    const loneIsAttacker = f.attackers.length === 1;
    const opponents = loneIsAttacker ? f.defenders : f.attackers;
    if (opponents.length > maxOpponents) {
      throw new FieldError(`fights[${i}].${loneIsAttacker ? 'defenders' : 'attackers'}`, `at most ${maxOpponents} fighters against one`);
    }
    const label = (side: 'attackers' | 'defenders', j: number, fighter: Fighter) => fighter.id ?? `fights[${i}].${side}[${j}]`;
    const lone = (loneIsAttacker ? f.attackers[0] : f.defenders[0]) as Fighter;
    plan.rollOrder.push(label(loneIsAttacker ? 'attackers' : 'defenders', 0, lone));
    opponents.forEach((o, j) => plan.rollOrder.push(label(loneIsAttacker ? 'defenders' : 'attackers', j, o)));
    const loneFaces = meleeDie(lone, data);
    const opponentFaces = opponents.map((o) => meleeDie(o, data));
    plan.parts.push(fightPart(loneFaces, opponentFaces, loneIsAttacker));
    plan.keys.push(`sv-fight:${loneFaces}:${loneIsAttacker ? 'a' : 'd'}:${opponentFaces.join(',')}`);
    plan.dice.push({ attackers: f.attackers.map((a) => dieName(meleeDie(a, data))), defenders: f.defenders.map((d) => dieName(meleeDie(d, data))) });
  });
  return plan;
}

/**
 * Стальная война's close combat after a successful charge and a held morale test: fighters in
 * pairs (or several on one), each rolling the quality die raised by weapon; the lower die is a
 * casualty. The side with more casualties then tests morale first, threat +1 per casualty.
 * Dice are rolled fight by fight: the single fighter first, then his opponents in order.
 */
export const pairedMeleeAction = defineAction({
  input: PairedMeleeInput,
  resolve(input, dice, data: StalnayaVoynaData) {
    const plan = prepared(input, data, () => planMelee(input, data));
    const [attackerLost = 0, defenderLost = 0] = dice.sumOf(plan.parts, plan.keys);
    const rules = data.morale;
    const first = attackerLost > defenderLost ? 'attacker' : defenderLost > attackerLost ? 'defender' : rules.equal_casualties_first.value;
    return {
      attacker: { casualties: attackerLost },
      defender: { casualties: defenderLost },
      morale_first: first,
      threat: Math.max(attackerLost, defenderLost) * rules.threat_per_melee_casualty.value,
      dice: plan.dice,
      roll_order: plan.rollOrder,
    };
  },
});
