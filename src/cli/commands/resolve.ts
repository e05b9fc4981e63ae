import { parseRulesetData } from '../../core/rulesets/registry.js';
import { resolveScenario } from '../../core/scenario/resolve-scenario.js';
import { formatProblem } from '../../core/validation/issues.js';
import { parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { readJsonInput } from '../read-input.js';

export const usage = 'shagomer resolve FILE|- [--ruleset-file RULESET.json]';

export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['ruleset-file']);
  const file = p.positional[0];
  if (file === undefined || p.positional.length > 1) throw new CliError(`usage: ${usage}`);
  let data;
  const rulesetFile = stringFlag(p, 'ruleset-file');
  if (rulesetFile !== undefined) {
    const parsed = parseRulesetData(await readJsonInput(rulesetFile));
    if (!parsed.ok) throw new CliError(`${rulesetFile}: ${parsed.field}: ${parsed.problem}`);
    data = parsed.data;
  }
  const outcome = resolveScenario(await readJsonInput(file), data);
  if (!outcome.ok) throw new CliError(formatProblem(outcome.error));
  process.stdout.write(`${JSON.stringify(outcome.output)}\n`);
  return 0;
}
