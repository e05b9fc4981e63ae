import type { RulesetDataBase } from '../rulesets/game-system.js';
import { gameSystem, systemIds } from '../rulesets/registry.js';
import { resolveScenarioIn, type ScenarioOutcome } from './scenario-core.js';

export { DEFAULT_SEED, oddsKeys, resolveScenarioIn, type ScenarioOutcome, type SystemLookup } from './scenario-core.js';

const registry = { get: gameSystem, known: systemIds };

/**
 * The scenario contract of `shagomer resolve`: one JSON object in, one out, over every
 * registered system. `data` replaces the shipped ruleset data (a club's `--ruleset-file`).
 */
export function resolveScenario(input: unknown, data?: RulesetDataBase): ScenarioOutcome {
  return resolveScenarioIn(registry, input, data);
}
