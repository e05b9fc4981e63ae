import { validateRoster } from '../../core/rulesets/roster.js';
import { formatProblem } from '../../core/validation/issues.js';
import { parseArgs } from '../args.js';
import { CliError } from '../cli-error.js';
import { readJsonInput } from '../read-input.js';

export const usage = 'shagomer roster validate ROSTER.json|- [--json]';

/** Checks an army list against its system's catalogue and limits. */
export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, [], ['json']);
  const [sub, file, ...rest] = p.positional;
  if (sub !== 'validate' || file === undefined || rest.length > 0) throw new CliError(`usage: ${usage}`);
  const r = validateRoster(await readJsonInput(file));
  const name = file === '-' ? 'stdin' : file;
  if (!r.ok) {
    for (const problem of r.problems) process.stderr.write(`roster: ${name}: ${formatProblem(problem)}\n`);
    return 2;
  }
  const { use, limits } = r;
  if (p.flags.has('json')) {
    process.stdout.write(`${JSON.stringify({ system: r.system, points: use.points, points_max: limits.points_max, figures: use.figures, figures_max: limits.figures_max, units: use.units, units_max: limits.units_max })}\n`);
    return 0;
  }
  const of = (n: number, max: number | null): string => (max === null ? String(n) : `${n}/${max}`);
  process.stdout.write(`${r.system}: points ${of(use.points, limits.points_max)}, figures ${of(use.figures, limits.figures_max)}, units ${of(use.units, limits.units_max)}\n`);
  return 0;
}
