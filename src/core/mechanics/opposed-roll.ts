import type { Dice } from '../dice/dice.js';

/**
 * One side of an opposed roll: a fixed bonus plus `dice` dice of which the highest counts
 * (2 for a shield or a sword). Zero dice is a fixed value: a vehicle that does not dodge, or a
 * target number such as Бронепехота's armour.
 */
export interface OpposedSide {
  bonus: number;
  dice: number;
}

export interface OpposedTotals {
  attacker: number;
  defender: number;
}

/** A side's total; "2 dice keep the higher" goes through the shared primitive so odds stay cheap. */
export function sideTotal(dice: Dice, side: OpposedSide, sides = 6): number {
  if (side.dice <= 0) return side.bonus;
  const face = side.dice === 1 ? dice.roll(sides) : dice.keepHighest(side.dice, sides);
  return side.bonus + face;
}

/** Attacker's dice first, then the defender's. */
export function opposedRoll(dice: Dice, attacker: OpposedSide, defender: OpposedSide, sides = 6): OpposedTotals {
  const a = sideTotal(dice, attacker, sides);
  const d = sideTotal(dice, defender, sides);
  return { attacker: a, defender: d };
}

/**
 * Roll both sides again while the totals are equal ("равны — кубики бросаются повторно").
 * With no dice on either side a tie can never change, so it stands.
 */
export function opposedUntilDecided(
  dice: Dice,
  attacker: OpposedSide,
  defender: OpposedSide,
  sides = 6,
): OpposedTotals & { rounds: number } {
  if (attacker.dice <= 0 && defender.dice <= 0) return { ...opposedRoll(dice, attacker, defender, sides), rounds: 1 };
  const r = dice.repeatWhile(
    (d) => opposedRoll(d, attacker, defender, sides),
    (t) => t.attacker === t.defender,
  );
  return { ...r.value, rounds: r.rounds };
}

/**
 * Whether the attacker's total beats the defender's strictly, when only that matters. The same
 * dice are rolled in the same order as `opposedRoll`, but the defender's dice are asked as "how
 * many reach the attacker's total − bonus" (none → beaten), which the enumerator prices as
 * n+1 branches instead of 6ⁿ: exact odds of a penetration test cost a sixth.
 */
export function attackerBeats(dice: Dice, attacker: OpposedSide, defender: OpposedSide, sides = 6): boolean {
  const a = sideTotal(dice, attacker, sides);
  if (defender.dice <= 0) return a > defender.bonus;
  // The defender holds when his best die d satisfies d + bonus ≥ a, i.e. d ≥ a − bonus.
  return dice.countAtLeast(defender.dice, sides, a - defender.bonus) === 0;
}
