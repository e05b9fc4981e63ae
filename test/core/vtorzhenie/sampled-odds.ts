import { SeededDice } from '../../../src/core/dice/seeded-dice.js';
import { seedRng } from '../../../src/core/random/rng.js';
import { actionsOf, gameSystem } from '../../../src/core/rulesets/registry.js';
import { oddsKeys, resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';
import { Fraction } from '../../../src/core/odds/fraction.js';

export interface OddsComparison {
  /** Exact probability of each `field=value` key, from the enumerator. */
  exact: Map<string, number>;
  /** Sum of exact probabilities per output field (each must be 1). */
  fieldSums: Map<string, Fraction>;
  /** Largest |sampled − exact| over all keys, in probability (0.005 = 0.5 points). */
  worstGap: number;
  worstKey: string;
}

/** Exact odds through the scenario contract, and `samples` seeded rolls of the same action. */
export function compareOdds(ruleset: string, action: string, fields: Record<string, unknown>, samples: number, seed = 'property'): OddsComparison {
  const out = resolveScenario({ ruleset, action, ...fields, exact: true });
  if (!out.ok) throw new Error(`${out.error.field}: ${out.error.problem}`);
  const odds = out.output.odds as Record<string, string>;
  const exact = new Map<string, number>();
  const fieldSums = new Map<string, Fraction>();
  for (const [key, p] of Object.entries(odds)) {
    const [num, den] = p.split('/').map(BigInt) as [bigint, bigint];
    const f = Fraction.of(num, den);
    exact.set(key, f.toNumber());
    const field = key.slice(0, key.indexOf('='));
    fieldSums.set(field, (fieldSums.get(field) ?? Fraction.ZERO).add(f));
  }

  const system = gameSystem(ruleset);
  if (!system) throw new Error(`no ruleset ${ruleset}`);
  const def = actionsOf(system)[action];
  if (!def) throw new Error(`no action ${action}`);
  const input = def.input.parse(fields);
  const dice = new SeededDice(seedRng(seed));
  const counts = new Map<string, number>();
  for (let i = 0; i < samples; i++) {
    dice.used.length = 0;
    for (const k of oddsKeys(def.resolve(input, dice, system.data))) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let worstGap = 0;
  let worstKey = '';
  for (const key of new Set([...exact.keys(), ...counts.keys()])) {
    const gap = Math.abs((counts.get(key) ?? 0) / samples - (exact.get(key) ?? 0));
    if (gap > worstGap) [worstGap, worstKey] = [gap, key];
  }
  return { exact, fieldSums, worstGap, worstKey };
}
