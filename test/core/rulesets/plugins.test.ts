import { describe, expect, it } from 'vitest';
import { CatalogueSchema } from '../../../src/core/rulesets/catalogue.js';
import { countOf, pluralRu } from '../../../src/core/rulesets/labels.js';
import { actionsOf, allSystems } from '../../../src/core/rulesets/registry.js';
import type { TableModel } from '../../../src/core/rulesets/table-play.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';
import { tableRules } from '../../../src/core/table/table-rules-registry.js';

/** Every registered system is a complete plugin whose parts agree with each other. */
describe.each(allSystems().map((s) => [s.id, s] as const))('%s plugin', (_id, system) => {
  const onTable = (u: (typeof system.catalogue.unit_types)[number], player: string, id: string): TableModel => ({
    id,
    player,
    kind: u.kind,
    unitType: u.unit_type ?? null,
    armour: u.armour,
    stamina: u.stamina,
    damage: 0,
    fallen: false,
    destroyed: false,
    figuresLeft: u.figures.default,
    markers: 0,
    suppression: 0,
    // As the app carries them from the roster or the preset (app/setup/roster-models.ts).
    stats: { ...u.stats, catalogue_type: u.id },
  });

  it('names every action and phase in Russian and English', () => {
    for (const a of Object.keys(actionsOf(system))) expect(system.labels.actions[a], a).toMatchObject({ ru: expect.any(String), en: expect.any(String) });
    for (const p of system.turn.phases) expect(system.labels.phases[p], p).toMatchObject({ ru: expect.any(String), en: expect.any(String) });
    expect(system.labels.name.ru.length).toBeGreaterThan(0);
  });

  it('turn rules name only its own actions and phases', () => {
    const actions = Object.keys(actionsOf(system));
    for (const [action, phase] of Object.entries(system.turn.actionPhases)) {
      expect(actions, action).toContain(action);
      expect(system.turn.phases, phase).toContain(phase);
    }
    for (const p of [system.turn.movePhase, ...system.turn.firePhases]) if (p !== null) expect(system.turn.phases).toContain(p);
    if (system.turn.order === 'initiative') expect(system.turn.initiativePointsPerTurn).toBeGreaterThan(0);
  });

  it('its catalogue is valid data, and every unit type has a table kind its table rules know', () => {
    expect(CatalogueSchema.parse(system.catalogue)).toEqual(system.catalogue);
    const kinds = Object.keys(tableRules(system.id).kinds);
    for (const u of system.catalogue.unit_types) expect(kinds, u.id).toContain(system.tableKind({ kind: u.kind, armour: u.armour, unitType: u.unit_type ?? null }));
  });

  it('an attack between two catalogue models with each weapon is an input its action accepts', () => {
    const types = system.catalogue.unit_types;
    let harmSeen = 0;
    let pairs = 0;
    for (const shooter of types) {
      for (const target of types) {
        for (const w of shooter.weapons) {
          const weapon = system.catalogue.weapons[w];
          if (!weapon) throw new Error(`no weapon ${w}`);
          const attack = system.attacks.input(onTable(shooter, 'A', 'a'), onTable(target, 'B', 'b'), { id: w, rangeSteps: weapon.range_steps, power: weapon.stats.power as number | undefined, accuracyBonus: weapon.stats.accuracy_bonus as number | undefined, shooting: weapon.stats.shooting as number | undefined, quality: (shooter.stats.quality as string | undefined) ?? undefined, rof: weapon.stats.rof as number | undefined }, { distanceCm: 30, cover: 'none', closeCombat: false });
          if (!attack.ok) {
            expect(attack.reason.ru.length).toBeGreaterThan(0);
            continue;
          }
          const out = resolveScenario({ ...attack.input, ruleset: system.id, action: attack.action, exact: true });
          expect(out.ok ? null : out.error, `${shooter.id} → ${target.id} with ${w}`).toBeNull();
          pairs++;
          // A key missing from the odds has probability 0 (a pistol against a tank's armour).
          if (out.ok && Object.hasOwn(out.output.odds as object, attack.harmKey)) harmSeen++;
        }
      }
    }
    expect(pairs).toBeGreaterThan(0);
    expect(harmSeen).toBeGreaterThan(0);
  });

  // Systems without launchers (realShots null) have no real shot to check: skipped, visibly.
  it.skipIf(!system.realShots)('a launcher shot at any catalogue model is an input its real-shot action accepts', () => {
    const rules = system.realShots;
    if (!rules) throw new Error('no real shots');
    for (const u of system.catalogue.unit_types) {
      for (const shot of [{ hit: true, fell: false, ricochet: false }, { hit: true, fell: true, ricochet: false }]) {
        const input = rules.input(onTable(u, 'B', 'b'), shot);
        if (input === null) continue;
        const out = resolveScenario({ ...input, ruleset: system.id, action: rules.action, dice: [4] });
        expect(out.ok ? null : out.error, `${u.id} ${JSON.stringify(shot)}`).toBeNull();
        if (out.ok) expect(typeof rules.outcome(out.output, onTable(u, 'B', 'b'), shot)).toBe('object');
      }
    }
  });
});

describe('labels', () => {
  it('Russian plurals: 1 боец, 2 бойца, 5 бойцов, 11 бойцов, 21 боец, 22 бойца, 112 бойцов', () => {
    const f = { one: 'боец', few: 'бойца', many: 'бойцов' };
    expect([1, 2, 5, 11, 21, 22, 112, 0].map((n) => pluralRu(n, f))).toEqual(['боец', 'бойца', 'бойцов', 'бойцов', 'боец', 'бойца', 'бойцов', 'бойцов']);
    expect(countOf(3, { ru: f, en: { one: 'trooper', other: 'troopers' } }, 'en')).toBe('3 troopers');
  });
});
