import { parseTableRules } from '../../core/table/build-table.js';
import { rangesForScene } from '../../core/table/ranges.js';
import type { TableRules } from '../../core/table/table-rules.js';
import { formatProblem } from '../../core/validation/issues.js';
import { parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { readJsonInput } from '../read-input.js';

export const usage = 'shagomer ranges SCENE.json|- [--table-rules TABLE-RULES.json]';

/** Steps, bands, sight, cover and moves for every pair on one table scene: JSON in, JSON out. */
export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['table-rules']);
  const file = p.positional[0];
  if (file === undefined || p.positional.length > 1) throw new CliError(`usage: ${usage}`);
  let rules: TableRules | undefined;
  const rulesFile = stringFlag(p, 'table-rules');
  if (rulesFile !== undefined) {
    const parsed = parseTableRules(await readJsonInput(rulesFile));
    if (!parsed.ok) throw new CliError(`${rulesFile}: ${formatProblem(parsed.error)}`);
    rules = parsed.rules;
  }
  const outcome = rangesForScene(await readJsonInput(file), {}, rules);
  if (!outcome.ok) throw new CliError(formatProblem(outcome.error));
  process.stdout.write(`${JSON.stringify(outcome.ranges)}\n`);
  return 0;
}
