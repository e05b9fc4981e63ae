import { describe, expect, it } from 'vitest';
import { foldGame, type GameEventInput } from '../../../src/core/game/index.js';
import type { TableAction, TableActionContext, TableParty } from '../../../src/core/rulesets/table-actions.js';
import { zvezdnyDesant } from '../../../src/core/rulesets/zvezdny-desant/system.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const CM = 2.5; // one step (ruleset default)

function party(id: string, type: string, figures: number, distanceCm: number | null, extra: Partial<TableParty['model']> = {}): TableParty {
  const t = zvezdnyDesant.catalogue.unit_types.find((u) => u.id === type);
  if (!t) throw new Error(type);
  return {
    model: { id, player: id[0] as string, kind: t.kind, unitType: null, armour: t.armour, stamina: t.stamina, damage: 0, fallen: false, destroyed: false, figuresLeft: figures, markers: 0, suppression: 0, stats: { ...t.stats, catalogue_type: type }, ...extra },
    weapons: t.weapons.map((w) => ({ id: w, rangeSteps: zvezdnyDesant.catalogue.weapons[w]?.range_steps ?? 0 })),
    pair: distanceCm === null ? null : { distanceCm, cover: 'none', closeCombat: distanceCm <= 3 * CM },
  };
}

const action = (id: string): TableAction => {
  const a = zvezdnyDesant.tableActions.find((x) => x.action === id);
  if (!a) throw new Error(id);
  return a;
};
const ctx = (actor: TableParty, targets: TableParty[], others: TableParty[] = [], choices: TableActionContext['choices'] = {}): TableActionContext => ({ actor, targets, others, aim: null, choices });

/** The builder's input rolled through `shagomer resolve` with the dice given (or exact odds). */
function run(a: TableAction, c: TableActionContext, extra: Record<string, unknown>) {
  const built = a.input(c);
  if (!built.ok) throw new Error(built.reason.en);
  const out = resolveScenario({ ruleset: 'zvezdny-desant', action: a.action, ...built.input, ...extra });
  if (!out.ok) throw new Error(`${out.error.field}: ${out.error.problem}`);
  return { built, output: out.output };
}

describe('Звездный Десант table actions', () => {
  it('registers melee, charge, consolidation, the panic test and the order check, each a system action with a label', () => {
    expect(zvezdnyDesant.tableActions.map((a) => a.action)).toEqual(['multi-melee', 'charge', 'consolidate', 'panic-test', 'order-check']);
    for (const a of zvezdnyDesant.tableActions) {
      expect(Object.keys(zvezdnyDesant.actions)).toContain(a.action);
      expect(zvezdnyDesant.labels.actions[a.action]?.ru.length).toBeGreaterThan(0);
    }
  });

  it('melee is offered only with an enemy within 3 steps; the suggestion is the enemies near', () => {
    const a = party('A1', 'trooper-squad', 5, null);
    const near = party('B1', 'bug-swarm', 5, 0);
    const far = party('B2', 'bug-swarm', 5, 20);
    expect(action('multi-melee').offered(a, [far])).toEqual({ ru: 'рядом нет противника: ближний бой начинается в 3 шагах', en: 'no enemy is near: a melee begins within 3 steps' });
    expect(action('multi-melee').offered(a, [near, far])).toBeNull();
    expect(action('multi-melee').suggest(a, [near, far])).toEqual(['B1']);
    expect(action('multi-melee').input(ctx(a, [far]))).toEqual({ ok: false, reason: { ru: 'B2 дальше 3 шагов: он не в ближнем бою', en: 'B2 is farther than 3 steps: it is not in the melee' } });
  });

  it('EX melee: БСП 7, rolls 3, 7, 12, 15, 5 → 3 wounds; each unit\'s part lands on it', () => {
    // Equal figures and both in base contact: no БСП bonus either side, so the bugs keep БСП 7.
    const a = party('A1', 'trooper-squad', 5, null);
    const b = party('B1', 'bug-swarm', 5, 0, { stats: { kbr: 'A', bsp: 7, ldr: 10, catalogue_type: 'bug-swarm' } });
    // Dice: the bugs' five strikes on A1 (БСП 8) first, then the digest's five on B1.
    const { built, output } = run(action('multi-melee'), ctx(a, [b]), { dice: [1, 1, 1, 1, 1, 3, 7, 12, 15, 5] });
    expect(built.ok && built.targets).toEqual({ 'units.A1': 'A1', 'units.B1': 'B1' });
    expect(output.units).toMatchObject({ B1: { bsp_effective: 7, wounds_taken: 3, killed: 1, markers: 1, models_left: 4 }, A1: { wounds_taken: 0 } });
    expect(output.result).toEqual({ A: 'won', B: 'lost' });
    expect(output.panic_test).toEqual(['B1']);
    // Applied in a game: the bugs lose one figure and keep a marker.
    const g = foldGame([
      { type: 'game-created', ruleset: 'zvezdny-desant', seed: 'm' },
      { type: 'model-added', model: { id: 'A1', player: 'A', figures: 5, max_damage: 1 } },
      { type: 'model-added', model: { id: 'B1', player: 'B', figures: 5, max_damage: 2 } },
      { type: 'action-resolved', action: 'multi-melee', input: built.ok ? built.input : {}, dice: [1, 1, 1, 1, 1, 3, 7, 12, 15, 5], targets: built.ok ? built.targets : {} } as GameEventInput,
    ]);
    expect(g.rejected).toEqual([]);
    expect(g.models.B1).toMatchObject({ figures_left: 4, markers: 1 });
  });

  it('a melee of three units: the bonuses come from each player\'s sums (+1 more figures, +2 more in contact)', () => {
    const a = party('A1', 'trooper-squad', 5, null);
    const b1 = party('B1', 'bug-swarm', 3, 0);
    const b2 = party('B2', 'bug-swarm', 4, 5);
    const { built, output } = run(action('multi-melee'), ctx(a, [b1, b2]), { exact: true });
    expect(built.ok && built.input.strikes).toEqual([
      { from: 'A1', to: 'B1', strikers: 5 },
      { from: 'B1', to: 'A1', strikers: 3 },
      { from: 'B2', to: 'A1', strikers: 4 },
    ]);
    // B: 7 figures > 5 → +1 on БСП 9 = 10; A: 5 in contact > 3 → +2 on БСП 8 = 10.
    const units = output.units as Record<string, { bsp_effective: number }>;
    expect(units.B1?.bsp_effective).toBe(10);
    expect(units.A1?.bsp_effective).toBe(10);
    expect(Object.keys(output.odds as object)).toContain('result.A=won');
  });

  it('a charge closes in by the unit\'s ПДВ; melee begins within 3 steps (seed)', () => {
    const a = party('A1', 'trooper-squad', 5, null);
    // 7 steps away, ПДВ 5: 2 steps short of contact, within 3 → melee.
    const { output } = run(action('charge'), ctx(a, [party('B1', 'bug-swarm', 5, 7 * CM)], [], { order: 'attack' }), {});
    expect(output).toMatchObject({ melee: true, may_shoot: false, in_contact: 0, strikers: 1 });
    const farther = run(action('charge'), ctx(a, [party('B1', 'bug-swarm', 5, 9 * CM)], [], { order: 'move' }), {});
    expect(farther.output).toMatchObject({ melee: false, may_shoot: true });
    // «Движение» has no «стрелять, потом нападение»: the engine refuses it.
    const built = action('charge').input(ctx(a, [party('B1', 'bug-swarm', 5, 5)], [], { order: 'move', shot_first: true }));
    const out = resolveScenario({ ruleset: 'zvezdny-desant', action: 'charge', ...(built.ok ? built.input : {}) });
    expect(out.ok ? null : out.error.field).toBe('shot_first');
  });

  it('consolidation: both units close in, the first player\'s first', () => {
    const a = party('A1', 'trooper-squad', 5, null);
    const { output } = run(action('consolidate'), ctx(a, [party('B1', 'bug-swarm', 5, 2 * CM)], [], { first_player: 'B' }), {});
    expect(output.order).toEqual(['B1', 'A1']);
    expect(output.units).toMatchObject({ A1: { in_contact: 1 }, B1: { in_contact: 1 } });
  });

  it('the panic test reads ЛДР from the sheet: D20 ≤ 8 − 2 holds, exact odds 3/10 of holding', () => {
    const a = party('A1', 'trooper-squad', 5, null);
    const { built, output } = run(action('panic-test'), ctx(a, [], [], { modifier: -2 }), { dice: [7] });
    expect(built.ok && built.input).toEqual({ ldr: 8, modifier: -2, reroll_failed: false });
    expect(output).toMatchObject({ needed_at_most: 6, passed: false, panic: true });
    const odds = run(action('panic-test'), ctx(a, [], [], { modifier: -2 }), { exact: true }).output.odds as Record<string, string>;
    expect(odds['panic=true']).toBe('7/10');
    expect(action('panic-test').offered({ ...a, model: { ...a.model, stats: {} } }, [])).toEqual({ ru: 'у A1 не указан класс брони (КБР)', en: 'A1 has no armour class (КБР)' });
  });

  it('the order check: «Оборона» does not allow moving; a unit in melee only fights', () => {
    const a = party('A1', 'trooper-squad', 5, null);
    expect(run(action('order-check'), ctx(a, [], [party('B1', 'bug-swarm', 5, 40)], { order: 'defence', conduct: 'move' }), {}).output).toMatchObject({ allowed: false, reason: 'not-in-order' });
    expect(run(action('order-check'), ctx(a, [], [party('B1', 'bug-swarm', 5, 40)], { order: 'attack', conduct: 'shoot-then-charge' }), {}).output).toMatchObject({ allowed: true, charges: true });
    expect(run(action('order-check'), ctx(a, [], [party('B1', 'bug-swarm', 5, 1)], { order: 'attack', conduct: 'move' }), {}).output).toMatchObject({ allowed: false, reason: 'in-melee' });
  });
});
