import type { RulesetId } from '../rulesets/game-system.js';
import bronepekhota from '../rulesets/bronepekhota/table-rules.json' with { type: 'json' };
import stalnayaVoyna from '../rulesets/stalnaya-voyna/table-rules.json' with { type: 'json' };
import vtorzhenie from '../rulesets/vtorzhenie/table-rules.json' with { type: 'json' };
import zvezdnyDesant from '../rulesets/zvezdny-desant/table-rules.json' with { type: 'json' };
import { TableRulesSchema, type TableRules } from './table-rules.js';

const shipped: Record<RulesetId, unknown> = {
  vtorzhenie,
  bronepekhota,
  'zvezdny-desant': zvezdnyDesant,
  'stalnaya-voyna': stalnayaVoyna,
};

const parsed = new Map<RulesetId, TableRules>();

/** The shipped table conventions of a system, checked against the schema once on first use. */
export function tableRules(id: RulesetId): TableRules {
  let rules = parsed.get(id);
  if (!rules) {
    rules = TableRulesSchema.parse(shipped[id]);
    parsed.set(id, rules);
  }
  return rules;
}
