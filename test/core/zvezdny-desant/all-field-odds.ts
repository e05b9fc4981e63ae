import { SeededDice } from '../../../src/core/dice/seeded-dice.js';
import { distribution, groupOdds } from '../../../src/core/odds/enumerate.js';
import { Fraction } from '../../../src/core/odds/fraction.js';
import { seedRng } from '../../../src/core/random/rng.js';
import { actionsOf, gameSystem } from '../../../src/core/rulesets/registry.js';

/** `path=value` for every leaf of an output (numbers too: the contract's odds skip most of them). */
export function leafKeys(output: object, prefix = ''): string[] {
  const keys: string[] = [];
  for (const [k, v] of Object.entries(output)) {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) keys.push(...leafKeys(v, `${prefix}${k}.`));
    else keys.push(`${prefix}${k}=${JSON.stringify(v)}`);
  }
  return keys;
}

export interface LeafOddsComparison {
  fieldSums: Map<string, Fraction>;
  worstGap: number;
  worstKey: string;
  exactMs: number;
}

/** Exact odds of every output leaf by enumeration, against `samples` seeded runs of the action. */
export function compareLeafOdds(ruleset: string, action: string, fields: Record<string, unknown>, samples: number, seed: string): LeafOddsComparison {
  const system = gameSystem(ruleset);
  const def = system ? actionsOf(system)[action] : undefined;
  if (!system || !def) throw new Error(`no ${ruleset} ${action}`);
  const input = def.input.parse(fields);
  const t0 = performance.now();
  const exact = groupOdds(
    distribution((d) => def.resolve(input, d, system.data)),
    (o) => leafKeys(o),
  );
  const exactMs = performance.now() - t0;
  const fieldSums = new Map<string, Fraction>();
  for (const [key, p] of exact) {
    const field = key.slice(0, key.indexOf('='));
    fieldSums.set(field, (fieldSums.get(field) ?? Fraction.ZERO).add(p));
  }
  const dice = new SeededDice(seedRng(seed));
  const counts = new Map<string, number>();
  for (let i = 0; i < samples; i++) {
    dice.used.length = 0;
    for (const k of leafKeys(def.resolve(input, dice, system.data))) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let worstGap = 0;
  let worstKey = '';
  for (const key of new Set([...exact.keys(), ...counts.keys()])) {
    const gap = Math.abs((counts.get(key) ?? 0) / samples - (exact.get(key)?.toNumber() ?? 0));
    if (gap > worstGap) [worstGap, worstKey] = [gap, key];
  }
  return { fieldSums, worstGap, worstKey, exactMs };
}
