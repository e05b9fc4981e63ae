import type { Dice } from '../dice/dice.js';

/**
 * `count` D20 tests against one number (D20 ≥ target passes). With `rerollFailed`, the failed
 * tests are rolled once more after all first rolls, and the reroll stands — no test is rolled a
 * third time. Counts go through `countAtLeast`, so exact odds cost n+1 branches per batch.
 */
export function passedTests(dice: Dice, count: number, target: number, rerollFailed = false, sides = 20): number {
  if (count <= 0) return 0;
  const first = dice.countAtLeast(count, sides, target);
  if (!rerollFailed || first === count) return first;
  return first + dice.countAtLeast(count - first, sides, target);
}
