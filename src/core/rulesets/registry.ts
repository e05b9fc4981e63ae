import { check } from '../validation/issues.js';
import type { GameSystem, RulesetDataBase } from './game-system.js';
import { bronepekhota } from './bronepekhota/system.js';
import { stalnayaVoyna } from './stalnaya-voyna/system.js';
import { vtorzhenie } from './vtorzhenie/system.js';
import { zvezdnyDesant } from './zvezdny-desant/system.js';

/** The only list of game systems. Adding one is a folder and one line here. */
const systems = new Map<string, GameSystem<RulesetDataBase>>();

const erase = <D extends RulesetDataBase>(s: GameSystem<D>): GameSystem<RulesetDataBase> => s as unknown as GameSystem<RulesetDataBase>;

for (const s of [erase(vtorzhenie), erase(bronepekhota), erase(zvezdnyDesant), erase(stalnayaVoyna)]) systems.set(s.id, s);

export function gameSystem(id: string): GameSystem<RulesetDataBase> | undefined {
  return systems.get(id);
}

/** Ids of every registered system, in registration order. */
export function systemIds(): string[] {
  return [...systems.keys()];
}

export function allSystems(): GameSystem<RulesetDataBase>[] {
  return [...systems.values()];
}

/**
 * Registers one more system (a club's own, or a test's toy system) for the life of the
 * process. Returns the function that takes it out again.
 */
export function registerSystem<D extends RulesetDataBase>(system: GameSystem<D>): () => void {
  if (systems.has(system.id)) throw new Error(`registerSystem: "${system.id}" is already registered`);
  if (!/^[a-z][a-z0-9-]{1,39}$/.test(system.id)) throw new Error(`registerSystem: bad id "${system.id}"`);
  systems.set(system.id, erase(system));
  return () => {
    systems.delete(system.id);
  };
}

export { actionsOf } from './actions-of.js';

/** Checks a club's ruleset file (already parsed JSON) against its system's schema. */
export function parseRulesetData(raw: unknown): { ok: true; data: RulesetDataBase } | { ok: false; field: string; problem: string } {
  const id = typeof raw === 'object' && raw !== null && 'id' in raw ? (raw as { id: unknown }).id : undefined;
  const system = typeof id === 'string' ? gameSystem(id) : undefined;
  if (!system) return { ok: false, field: 'id', problem: `expected one of ${systemIds().join(', ')}` };
  const r = check(system.schema, raw);
  return r.ok ? { ok: true, data: r.value } : { ok: false, ...r.error };
}
