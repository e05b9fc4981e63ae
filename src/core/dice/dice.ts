/**
 * Where an action's dice come from. Every mechanic asks this interface, never Math.random, so
 * the same code runs on seeded dice, on dice a player typed in, and under exact enumeration.
 *
 * Shared mechanics ("roll 2 keep highest", counting successes, "roll again on a tie", a single
 * reroll) are primitives here so that the enumerator can price them exactly and cheaply.
 */
export interface Dice {
  /** One die, 1..sides. */
  roll(sides: number): number;
  /** Roll `count` dice and keep the highest (e.g. shield or sword: 2 keep highest). */
  keepHighest(count: number, sides: number): number;
  /** Roll `count` dice; how many show `target` or more. */
  countAtLeast(count: number, sides: number, target: number): number;
  /**
   * Run `attempt` again while `again` says so ("roll again on a tie"). Returns the final value
   * and how many attempts it took. Under enumeration the repeat is priced as a geometric series
   * (conditioning on the final attempt), and `rounds` is reported as 1.
   */
  repeatWhile<T>(attempt: (dice: Dice) => T, again: (value: T) => boolean): { value: T; rounds: number };
  /**
   * A die that may be rerolled once: `reroll(first)` decides from the first result; the reroll
   * stands. Returns the standing result.
   */
  rollWithReroll(sides: number, reroll: (first: number) => boolean): number;
  /**
   * Roll each die of `pool` (sides of each, in order), then one die of `againstSides`; how many
   * pool dice show strictly more than it (Стальная война's shooter dice against the range die).
   * Under enumeration this is n+1 branches instead of the product of every die's faces.
   */
  countAbove(pool: readonly number[], againstSides: number): number;
  /**
   * Independent parts rolled one after another (each with its own dice, in order); returns the
   * element-wise sum of the count vectors they return (all of one length). Under enumeration each
   * part's dice are walked alone and the parts are convolved, so a melee of ten pairs or a blast
   * over ten models costs one branch per distinct total instead of the product of every die's
   * faces. A part may itself call `sumOf`. One-hot vectors keep a per-part outcome in the total.
   * `keys`, one per part, name parts whose outcomes depend on nothing but the key ("d12 against
   * d12"), so exact odds walk each kind of part once.
   */
  sumOf(parts: readonly ((dice: Dice) => readonly number[])[], keys?: readonly string[]): number[];
}

/** Raised when scripted dice run out or hold an impossible value: a user error, not a bug. */
export class DiceError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

/** No table rolls a pool larger than this; more is a damaged input, not a game. */
export const MAX_POOL_DICE = 10_000;

function checkPoolSize(count: number): void {
  if (count > MAX_POOL_DICE) throw new DiceError('dice', `a pool of ${count} dice; at most ${MAX_POOL_DICE} are rolled at once`);
}

/** Dice that record every face they show, in the order rolled (`dice_used`). */
export abstract class RecordingDice implements Dice {
  readonly used: number[] = [];

  protected abstract face(sides: number): number;

  roll(sides: number): number {
    const v = this.face(sides);
    this.used.push(v);
    return v;
  }

  keepHighest(count: number, sides: number): number {
    checkPoolSize(count);
    let best = 0;
    for (let i = 0; i < count; i++) best = Math.max(best, this.roll(sides));
    return best;
  }

  countAtLeast(count: number, sides: number, target: number): number {
    checkPoolSize(count);
    let n = 0;
    for (let i = 0; i < count; i++) if (this.roll(sides) >= target) n++;
    return n;
  }

  repeatWhile<T>(attempt: (dice: Dice) => T, again: (value: T) => boolean): { value: T; rounds: number } {
    let rounds = 0;
    for (;;) {
      rounds++;
      const value = attempt(this);
      if (!again(value)) return { value, rounds };
      if (rounds >= 10_000) throw new DiceError('dice', 'more than 10000 repeats: the repeat can never end');
    }
  }

  rollWithReroll(sides: number, reroll: (first: number) => boolean): number {
    const first = this.roll(sides);
    return reroll(first) ? this.roll(sides) : first;
  }

  countAbove(pool: readonly number[], againstSides: number): number {
    checkPoolSize(pool.length);
    const faces = pool.map((sides) => this.roll(sides));
    const against = this.roll(againstSides);
    return faces.filter((f) => f > against).length;
  }

  sumOf(parts: readonly ((dice: Dice) => readonly number[])[], _keys?: readonly string[]): number[] {
    let total: number[] | null = null;
    for (const part of parts) {
      const v = part(this);
      if (total === null) total = [...v];
      else {
        if (v.length !== total.length) throw new RangeError('sumOf: parts returned vectors of different lengths');
        for (let i = 0; i < v.length; i++) total[i] = (total[i] as number) + (v[i] as number);
      }
    }
    return total ?? [];
  }
}
