import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { facesOf } from '../../mechanics/die-steps.js';

/** A commander's leadership: 1 best … 3 worst. */
export const Leadership = z.int().min(1).max(3);

export interface CommanderTest {
  /** The quality die must show more than this. */
  above: number;
  roll: number;
  passed: boolean;
}

/**
 * «самый обычный командирский тест»: the unit's quality die must show more than a number
 * (leadership, plus whatever the test adds). Every Стальная война test of nerve goes through it.
 */
export function commanderTest(dice: Dice, quality: string, above: number): CommanderTest {
  const roll = dice.roll(facesOf(quality));
  return { above, roll, passed: roll > above };
}
