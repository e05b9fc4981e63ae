/**
 * The scenario contract without the registry: `resolve-scenario.ts` runs it over every registered
 * system, the CLI's `resolve` over the one system a scenario names (loaded alone, for a fast
 * cold start). Same code, same output either way.
 */
import { z } from 'zod';
import { DiceError, type Dice, type RecordingDice } from '../dice/dice.js';
import { ScriptedDice } from '../dice/scripted-dice.js';
import { SeededDice } from '../dice/seeded-dice.js';
import { exactOdds } from '../odds/enumerate.js';
import { seedRng } from '../random/rng.js';
import type { GameSystem, RulesetDataBase } from '../rulesets/game-system.js';
import { actionsOf } from '../rulesets/actions-of.js';
import { FieldError } from '../validation/field-error.js';
import { check, type FieldProblem } from '../validation/issues.js';

export const DEFAULT_SEED = 'shagomer';

const Envelope = z.object({
  ruleset: z.string(),
  action: z.string(),
  dice: z.array(z.int()).optional(),
  seed: z.string().optional(),
  exact: z.boolean().optional(),
});

const ENVELOPE_KEYS = new Set(['ruleset', 'action', 'dice', 'seed', 'exact']);

export type ScenarioOutcome = { ok: true; output: Record<string, unknown> } | { ok: false; error: FieldProblem };

/** Fields that get odds besides every boolean and string field. */
const COUNTED_FIELDS = new Set(['damage', 'casualties']);

/** `field=value` keys of one output: booleans, strings and nulls at any depth, damage, casualties. */
function contractKeys(output: object, prefix: string, numbers: boolean, keys: string[] = []): string[] {
  // for…in over own keys in Object.entries' order, into one array: this runs once per distinct
  // output of an exact-odds walk.
  const record = output as Record<string, unknown>;
  for (const k in record) {
    if (!Object.hasOwn(record, k)) continue;
    const v = record[k];
    if (typeof v === 'boolean' || typeof v === 'string' || v === null) keys.push(`${prefix}${k}=${String(v)}`);
    else if (typeof v === 'number' && (numbers || COUNTED_FIELDS.has(k))) keys.push(`${prefix}${k}=${v}`);
    else if (typeof v === 'object' && !Array.isArray(v)) contractKeys(v, `${prefix}${k}.`, numbers, keys);
  }
  return keys;
}

/**
 * The odds keys of one output. An output made only of counts (Звездный Десант's wound test and
 * melee) would get no odds under the contract's rule, so there every number is priced instead.
 */
export function oddsKeys(output: object): string[] {
  const keys = contractKeys(output, '', false);
  return keys.length > 0 ? keys : contractKeys(output, '', true);
}

/** Where a scenario finds its system: the registry (`resolveScenario`), or one loaded system. */
export interface SystemLookup {
  get(id: string): GameSystem<RulesetDataBase> | undefined;
  /** Ids to name when a scenario asks for an unknown one. */
  known(): string[];
}

/**
 * The scenario contract of `shagomer resolve` over any lookup of systems: one JSON object in,
 * one out. `data` replaces the shipped ruleset data (a club's `--ruleset-file`).
 */
export function resolveScenarioIn(systems: SystemLookup, input: unknown, data?: RulesetDataBase): ScenarioOutcome {
  const env = check(Envelope, input);
  if (!env.ok) return env;
  const system = systems.get(env.value.ruleset);
  if (!system) {
    return { ok: false, error: { field: 'ruleset', problem: `unknown ruleset "${env.value.ruleset}" (known: ${systems.known().join(', ')})` } };
  }
  const rules = data ?? system.data;
  if (rules.id !== system.id) {
    return { ok: false, error: { field: 'ruleset', problem: `the ruleset file is for "${rules.id}", the scenario asks for "${system.id}"` } };
  }
  const actions = actionsOf(system);
  const action = Object.hasOwn(actions, env.value.action) ? actions[env.value.action] : undefined;
  if (!action) {
    return { ok: false, error: { field: 'action', problem: `unknown action "${env.value.action}" for ${system.id} (known: ${Object.keys(actions).join(', ')})` } };
  }
  const fields = Object.fromEntries(Object.entries(input as Record<string, unknown>).filter(([k]) => !ENVELOPE_KEYS.has(k)));
  const parsed = check(action.input, fields);
  if (!parsed.ok) return parsed;

  const dice: RecordingDice = env.value.dice ? new ScriptedDice(env.value.dice) : new SeededDice(seedRng(env.value.seed ?? DEFAULT_SEED));
  let output: object;
  try {
    output = action.resolve(parsed.value, dice, rules);
  } catch (e) {
    if (e instanceof DiceError || e instanceof FieldError) return { ok: false, error: { field: e.field, problem: e.problem } };
    throw e;
  }
  const result: Record<string, unknown> = { ...output, dice_used: [...dice.used] };
  if (env.value.exact) {
    let odds;
    try {
      odds = exactOdds((d: Dice) => action.resolve(parsed.value, d, rules), (o) => oddsKeys(o));
    } catch (e) {
      if (e instanceof DiceError || e instanceof FieldError) return { ok: false, error: { field: e.field, problem: e.problem } };
      throw e;
    }
    result.odds = Object.fromEntries([...odds].map(([k, p]) => [k, p.toString()]));
  }
  return { ok: true, output: result };
}
