import { loadSystem } from '../../core/rulesets/load-system.js';
import { resolveScenarioIn, type ScenarioOutcome } from '../../core/scenario/scenario-core.js';
import { formatProblem } from '../../core/validation/issues.js';
import { parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { readJsonInput } from '../read-input.js';

export const usage = 'shagomer resolve FILE|- [--ruleset-file RULESET.json]';

/**
 * Loads only the system the scenario names (`loadSystem`): loading the whole registry, every
 * system with its data and schemas, was most of the command's cold start. A club's ruleset file,
 * a ruleset that is not a string or an unknown one go through the registry, as before.
 */
export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['ruleset-file']);
  const file = p.positional[0];
  if (file === undefined || p.positional.length > 1) throw new CliError(`usage: ${usage}`);
  let outcome: ScenarioOutcome | null = null;
  const rulesetFile = stringFlag(p, 'ruleset-file');
  if (rulesetFile !== undefined) {
    const { parseRulesetData } = await import('../../core/rulesets/registry.js');
    const parsed = parseRulesetData(await readJsonInput(rulesetFile));
    if (!parsed.ok) throw new CliError(`${rulesetFile}: ${parsed.field}: ${parsed.problem}`);
    const { resolveScenario } = await import('../../core/scenario/resolve-scenario.js');
    outcome = resolveScenario(await readJsonInput(file), parsed.data);
  } else {
    const input = await readJsonInput(file);
    const id = typeof input === 'object' && input !== null && 'ruleset' in input && typeof input.ruleset === 'string' ? input.ruleset : undefined;
    const system = id === undefined ? undefined : await loadSystem(id);
    if (system) outcome = resolveScenarioIn({ get: (x) => (x === system.id ? system : undefined), known: () => [system.id] }, input);
    else outcome = (await import('../../core/scenario/resolve-scenario.js')).resolveScenario(input);
  }
  if (!outcome.ok) throw new CliError(formatProblem(outcome.error));
  process.stdout.write(`${JSON.stringify(outcome.output)}\n`);
  return 0;
}
