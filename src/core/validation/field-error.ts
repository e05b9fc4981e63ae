/**
 * A problem with an action's input that only the ruleset data can reveal (an unknown unit type
 * of a club's file): thrown inside an action, reported like a schema problem.
 */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}
