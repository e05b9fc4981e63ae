import { Rng, type RngState } from '../random/rng.js';
import { RecordingDice } from './dice.js';

/** Dice from the engine's seeded generator. `rngState()` is the state to store back. */
export class SeededDice extends RecordingDice {
  private readonly rng: Rng;

  constructor(state: RngState) {
    super();
    this.rng = new Rng(state);
  }

  protected face(sides: number): number {
    return this.rng.die(sides);
  }

  rngState(): RngState {
    return this.rng.state();
  }
}
