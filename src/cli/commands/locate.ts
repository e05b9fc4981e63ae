import { CliError } from '../cli-error.js';

// Placeholder until this command's issue lands: it says so instead of pretending.
export async function run(_args: string[]): Promise<number> {
  throw new CliError('not built yet in this version of shagomer', 1);
}
