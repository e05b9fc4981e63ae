import { DiceError, RecordingDice } from './dice.js';

/** Dice a player typed in (physical dice) or a test injected: taken in order, each checked. */
export class ScriptedDice extends RecordingDice {
  private next = 0;

  constructor(
    private readonly faces: readonly number[],
    private readonly field = 'dice',
  ) {
    super();
  }

  protected face(sides: number): number {
    if (this.next >= this.faces.length) {
      throw new DiceError(this.field, `too few dice: ${this.faces.length} given, more are needed (a d${sides} is next)`);
    }
    const index = this.next++;
    const v = this.faces[index] as number;
    if (!Number.isInteger(v) || v < 1 || v > sides) {
      throw new DiceError(`${this.field}[${index}]`, `a d${sides} shows 1 to ${sides}, got ${v}`);
    }
    return v;
  }

  /** How many of the given dice were not needed. */
  unused(): number {
    return this.faces.length - this.next;
  }
}
