import { check } from '../validation/issues.js';
import { measureAction } from './common-actions.js';
import type { AnyAction, GameSystem, RulesetDataBase, RulesetId } from './game-system.js';
import { bronepekhota } from './bronepekhota/system.js';
import { stalnayaVoyna } from './stalnaya-voyna/system.js';
import { vtorzhenie } from './vtorzhenie/system.js';
import { zvezdnyDesant } from './zvezdny-desant/system.js';

const systems: Record<RulesetId, GameSystem<never>> = {
  vtorzhenie: vtorzhenie as unknown as GameSystem<never>,
  bronepekhota: bronepekhota as unknown as GameSystem<never>,
  'zvezdny-desant': zvezdnyDesant as unknown as GameSystem<never>,
  'stalnaya-voyna': stalnayaVoyna as unknown as GameSystem<never>,
};

export function gameSystem(id: string): GameSystem<RulesetDataBase> | undefined {
  return Object.hasOwn(systems, id) ? (systems[id as RulesetId] as unknown as GameSystem<RulesetDataBase>) : undefined;
}

/** The system's actions with the shared ones (`measure`) added. */
export function actionsOf(system: GameSystem<RulesetDataBase>): Readonly<Record<string, AnyAction<RulesetDataBase>>> {
  return { measure: measureAction, ...system.actions };
}

/** Checks a club's ruleset file (already parsed JSON) against its system's schema. */
export function parseRulesetData(raw: unknown): { ok: true; data: RulesetDataBase } | { ok: false; field: string; problem: string } {
  const id = typeof raw === 'object' && raw !== null && 'id' in raw ? (raw as { id: unknown }).id : undefined;
  const system = typeof id === 'string' ? gameSystem(id) : undefined;
  if (!system) return { ok: false, field: 'id', problem: 'expected one of vtorzhenie, bronepekhota, zvezdny-desant, stalnaya-voyna' };
  const r = check(system.schema, raw);
  return r.ok ? { ok: true, data: r.value } : { ok: false, ...r.error };
}
