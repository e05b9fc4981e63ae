import { describe, expect, it } from 'vitest';

/**
 * `shagomer resolve` loads one system by its folder; it must be the registry's very plugin.
 * Run on the compiled `dist/` (as the CLI runs it): the folder import is a plain Node import of
 * `./ID/system.js`, which vitest's source transform does not map to the .ts files.
 */
const dist = '../../../dist/src/core';
const { loadSystem } = (await import(`${dist}/rulesets/load-system.js`)) as typeof import('../../../src/core/rulesets/load-system.js');
const { gameSystem, systemIds } = (await import(`${dist}/rulesets/registry.js`)) as typeof import('../../../src/core/rulesets/registry.js');
const { resolveScenario, resolveScenarioIn } = (await import(`${dist}/scenario/resolve-scenario.js`)) as typeof import('../../../src/core/scenario/resolve-scenario.js');

describe('loadSystem (compiled)', () => {
  it('finds every registered system by its folder, as the same object the registry holds', async () => {
    expect(systemIds().length).toBeGreaterThan(0);
    for (const id of systemIds()) expect(await loadSystem(id)).toBe(gameSystem(id));
  });

  it('an id with no folder, or one that is not a plain id, is undefined (no path is tried)', async () => {
    for (const id of ['nope', '../registry', 'a/b', '', 'X', `${'a'.repeat(41)}`]) expect(await loadSystem(id)).toBeUndefined();
  });

  it('one loaded system resolves a scenario exactly as the registry does, exact odds included', async () => {
    for (const id of systemIds()) {
      const system = await loadSystem(id);
      if (!system) throw new Error(id);
      const input = { ruleset: id, action: 'measure', distance_cm: 44, exact: true };
      const one = resolveScenarioIn({ get: (x) => (x === id ? system : undefined), known: () => [id] }, input);
      expect(JSON.stringify(one)).toBe(JSON.stringify(resolveScenario(input)));
      expect(one.ok).toBe(true);
    }
  });
});
