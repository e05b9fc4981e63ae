import { gameSystem } from '../rulesets/registry.js';
import { TableRulesSchema, type TableRules } from './table-rules.js';

const parsed = new Map<string, TableRules>();

/** The shipped table conventions of a system (its plugin's `tableRules`), checked once on first use. */
export function tableRules(id: string): TableRules {
  let rules = parsed.get(id);
  if (!rules) {
    const system = gameSystem(id);
    if (!system) throw new Error(`tableRules: no system "${id}"`);
    rules = TableRulesSchema.parse(system.tableRules);
    parsed.set(id, rules);
  }
  return rules;
}
