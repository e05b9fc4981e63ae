/**
 * A failure the user can act on: printed as one line `COMMAND: message` on stderr, then the
 * process exits with `exitCode` (2 bad input, 3 the scene or device did not cooperate).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** What a command module exports. It returns the exit code; output goes to process streams. */
export interface CliCommand {
  run(args: string[]): Promise<number>;
}
