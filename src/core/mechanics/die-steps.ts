/**
 * Polyhedral «dice steps» (Стальная война): a ladder of die sizes d4 < d6 < … < d12. A die
 * moves up or down the ladder and never past its ends.
 */
export type DieName = `d${number}`;

export const DIE_NAME = /^d([1-9][0-9]*)$/;

/** Faces of a die written "dN". */
export function facesOf(die: string): number {
  const m = DIE_NAME.exec(die);
  if (!m) throw new RangeError(`not a die name: ${die}`);
  return Number(m[1]);
}

export const dieName = (faces: number): DieName => `d${faces}`;

/** The die `steps` rungs up the ladder (down when negative), held at its ends. */
export function stepDie(ladder: readonly number[], faces: number, steps: number): number {
  const i = ladder.indexOf(faces);
  if (i < 0) throw new RangeError(`d${faces} is not on the ladder ${ladder.join(',')}`);
  return ladder[Math.max(0, Math.min(ladder.length - 1, i + steps))] as number;
}

/**
 * The largest die not above `value` ("always rounded down"); a value under the smallest die
 * rounds up to it, one above the largest is the largest.
 */
export function dieAtMost(ladder: readonly number[], value: number): number {
  let found = ladder[0] as number;
  for (const faces of ladder) if (faces <= value) found = faces;
  return found;
}
