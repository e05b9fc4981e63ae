import type { GameSystem, RulesetDataBase } from './game-system.js';

/**
 * One system's plugin loaded on its own, for a process that needs only that one (the CLI's
 * `resolve`, whose cold start would otherwise load every system and its data). It follows the
 * folder convention (`rulesets/<id>/system.ts` exports the system) instead of keeping a second
 * list: the registry stays the only list. Undefined for an id with no such folder; callers then
 * ask the registry, which also knows systems registered at run time.
 */
export async function loadSystem(id: string): Promise<GameSystem<RulesetDataBase> | undefined> {
  if (!/^[a-z][a-z0-9-]{1,39}$/.test(id)) return undefined;
  let module: Record<string, unknown>;
  try {
    module = (await import(`./${id}/system.js`)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const found = Object.values(module).find((v) => typeof v === 'object' && v !== null && (v as { id?: unknown }).id === id && 'actions' in v);
  return found as GameSystem<RulesetDataBase> | undefined;
}
