import { rangesForScene } from '../../core/table/ranges.js';
import { formatProblem } from '../../core/validation/issues.js';
import { parseArgs } from '../args.js';
import { CliError } from '../cli-error.js';
import { readJsonInput } from '../read-input.js';

export const usage = 'shagomer ranges SCENE.json|-';

/** Steps, bands, sight, cover and moves for every pair on one table scene: JSON in, JSON out. */
export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, []);
  const file = p.positional[0];
  if (file === undefined || p.positional.length > 1) throw new CliError(`usage: ${usage}`);
  const outcome = rangesForScene(await readJsonInput(file));
  if (!outcome.ok) throw new CliError(formatProblem(outcome.error));
  process.stdout.write(`${JSON.stringify(outcome.ranges)}\n`);
  return 0;
}
