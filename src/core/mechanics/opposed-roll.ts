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
