import { describe, expect, it } from 'vitest';
import { addWounds } from '../../../src/core/mechanics/wound-markers.js';
import { zvezdnyDesant } from '../../../src/core/rulesets/zvezdny-desant/system.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

function run(fields: Record<string, unknown>): Record<string, unknown> {
  const r = resolveScenario({ ruleset: 'zvezdny-desant', ...fields });
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
  return r.output;
}

describe('zvezdny-desant activation order (digest EX)', () => {
  it('A = {5,3,2}, B = {6,4} → B6, A5, B4, A3, A2', () => {
    const units = [
      { id: 'A5', player: 'A', initiative: 5 },
      { id: 'A3', player: 'A', initiative: 3 },
      { id: 'A2', player: 'A', initiative: 2 },
      { id: 'B6', player: 'B', initiative: 6 },
      { id: 'B4', player: 'B', initiative: 4 },
    ];
    for (const first_player of ['A', 'B']) {
      expect(run({ action: 'activation-order', first_player, units })).toEqual({ order: ['B6', 'A5', 'B4', 'A3', 'A2'], dice_used: [] });
    }
  });

  it('first player {5,4,4,2}, B {7,4,4} → B7, F5, F4, B4, F4, B4, F2', () => {
    const units = [
      { id: 'F5', player: 'A', initiative: 5 },
      { id: 'F4a', player: 'A', initiative: 4 },
      { id: 'F4b', player: 'A', initiative: 4 },
      { id: 'F2', player: 'A', initiative: 2 },
      { id: 'B7', player: 'B', initiative: 7 },
      { id: 'B4a', player: 'B', initiative: 4 },
      { id: 'B4b', player: 'B', initiative: 4 },
    ];
    expect(run({ action: 'activation-order', first_player: 'A', units }).order).toEqual(['B7', 'F5', 'F4a', 'B4a', 'F4b', 'B4b', 'F2']);
  });

  it('equal initiatives: the first player leads the alternation, the longer run ends alone', () => {
    const units = [
      { id: 'a1', player: 'A', initiative: 3 },
      { id: 'b1', player: 'B', initiative: 3 },
      { id: 'b2', player: 'B', initiative: 3 },
      { id: 'b3', player: 'B', initiative: 3 },
    ];
    expect(run({ action: 'activation-order', first_player: 'B', units }).order).toEqual(['b1', 'a1', 'b2', 'b3']);
  });
});

describe('zvezdny-desant wound test (digest EX)', () => {
  it('armour B, Хрк B12, rolls 13, 17, 9 → 2 tests passed', () => {
    const out = run({
      action: 'wound-test',
      weapon: { mshch: 1, hrk: { A: 8, B: 12, C: 16 } },
      target: { armour_class: 'B', stk: 1, models: 5 },
      hits: 3,
      dice: [13, 17, 9],
    });
    expect(out).toEqual({ passed: 2, wounds: 2, killed: 2, markers: 0, models_left: 3, dice_used: [13, 17, 9] });
  });

  it('Мщ multiplies the wounds of each passed test; an armour class without Хрк cannot be wounded', () => {
    expect(run({ action: 'wound-test', weapon: { mshch: 3, hrk: { B: 12 } }, target: { armour_class: 'B', stk: 2, models: 5 }, hits: 3, dice: [13, 17, 9] })).toMatchObject({
      passed: 2,
      wounds: 6,
      killed: 3,
      markers: 0,
    });
    expect(run({ action: 'wound-test', weapon: { mshch: 3, hrk: { B: 12 } }, target: { armour_class: 'D', stk: 2, models: 5 }, hits: 3, dice: [] })).toEqual({
      passed: 0,
      wounds: 0,
      killed: 0,
      markers: 0,
      models_left: 5,
      dice_used: [],
    });
  });

  it('a failed test is rerolled once when asked, after all first rolls; the reroll stands', () => {
    const out = run({ action: 'wound-test', weapon: { mshch: 1, hrk: { B: 12 } }, target: { armour_class: 'B', stk: 3, models: 5 }, hits: 3, reroll_failed: true, dice: [13, 17, 9, 4] });
    expect(out).toMatchObject({ passed: 2, wounds: 2, killed: 0, markers: 2, dice_used: [13, 17, 9, 4] });
  });
});

describe('zvezdny-desant casualties (digest EX)', () => {
  it('СТК 3, 8 wounds → 2 dead, 2 markers; then +2 wounds → 1 dead, 1 marker', () => {
    const first = addWounds({ woundsPerModel: 3, markers: 0, models: 5, eligible: 5 }, 8);
    expect(first).toMatchObject({ killed: 2, markers: 2, models_left: 3 });
    const second = addWounds({ woundsPerModel: 3, markers: first.markers, models: first.models_left, eligible: first.models_left }, 2);
    expect(second).toMatchObject({ killed: 1, markers: 1, models_left: 2 });
    // The same through the action: eight Мщ-1 wounds, then two.
    const weapon = { mshch: 1, hrk: { A: 2 } };
    const a = run({ action: 'wound-test', weapon, target: { armour_class: 'A', stk: 3, models: 5 }, hits: 8, dice: [20, 20, 20, 20, 20, 20, 20, 20] });
    expect(a).toMatchObject({ passed: 8, wounds: 8, killed: 2, markers: 2, models_left: 3 });
    const b = run({ action: 'wound-test', weapon, target: { armour_class: 'A', stk: 3, markers: 2, models: 3 }, hits: 2, dice: [5, 5] });
    expect(b).toMatchObject({ wounds: 2, killed: 1, markers: 1, models_left: 2 });
  });

  it('СТК 2, 1 marker, +7 wounds with only 2 visible → those 2 die, 4 markers discarded', () => {
    expect(addWounds({ woundsPerModel: 2, markers: 1, models: 6, eligible: 2 }, 7)).toEqual({ killed: 2, markers: 0, models_left: 4, discarded: 4 });
    const out = run({
      action: 'wound-test',
      weapon: { mshch: 7, hrk: { B: 10 } },
      target: { armour_class: 'B', stk: 2, markers: 1, models: 6, eligible_models: 2 },
      hits: 1,
      dice: [15],
    });
    expect(out).toMatchObject({ passed: 1, wounds: 7, killed: 2, markers: 0, models_left: 4 });
  });

  it('markers short of a whole СТК stay when eligible figures run out; a wiped unit keeps none', () => {
    expect(addWounds({ woundsPerModel: 2, markers: 1, models: 6, eligible: 2 }, 8)).toEqual({ killed: 2, markers: 1, models_left: 4, discarded: 4 });
    expect(addWounds({ woundsPerModel: 2, markers: 1, models: 2, eligible: 2 }, 8)).toEqual({ killed: 2, markers: 0, models_left: 0, discarded: 5 });
  });
});

describe('zvezdny-desant melee (digest EX)', () => {
  it('БСП 7, rolls 3, 7, 12, 15, 5 → 3 wounds', () => {
    const out = run({
      action: 'melee',
      sides: [
        { player: 'A', models: 5, in_contact: 2, strikers: 5, bsp: 7, stk: 1 },
        { player: 'B', models: 5, in_contact: 2, strikers: 0, bsp: 7, stk: 1 },
      ],
      dice: [3, 7, 12, 15, 5],
    });
    expect(out).toEqual({
      A: { bsp_effective: 7, wounds_taken: 0, killed: 0, markers: 0 },
      B: { bsp_effective: 7, wounds_taken: 3, killed: 3, markers: 0 },
      dice_used: [3, 7, 12, 15, 5],
    });
  });

  it('БСП bonuses: +1 for more models, +2 for more in base contact, never above 20; first side rolls first', () => {
    const out = run({
      action: 'melee',
      sides: [
        { player: 'B', models: 6, in_contact: 4, strikers: 2, bsp: 18, stk: 2, markers: 1 },
        { player: 'A', models: 3, in_contact: 1, strikers: 2, bsp: 7, stk: 1 },
      ],
      dice: [8, 7, 20, 19],
    });
    expect(out).toMatchObject({
      B: { bsp_effective: 20, wounds_taken: 1, killed: 1, markers: 0 },
      A: { bsp_effective: 7, wounds_taken: 2, killed: 2, markers: 0 },
    });
    expect(zvezdnyDesant.data.melee.bsp_max.value).toBe(20);
  });
});

describe('zvezdny-desant to-hit (default numbers: the seed lost the page)', () => {
  it('11+ in the open, 15+ in cover', () => {
    expect(run({ action: 'to-hit', shots: 4, dice: [11, 10, 20, 1] })).toEqual({ needed: 11, hits: 2, dice_used: [11, 10, 20, 1] });
    expect(run({ action: 'to-hit', shots: 4, in_cover: true, dice: [11, 15, 20, 14] })).toMatchObject({ needed: 15, hits: 2 });
    expect(zvezdnyDesant.data.to_hit.open).toMatchObject({ value: 11, source: 'default' });
  });
});

describe('zvezdny-desant melee removal', () => {
  it('figures behind a sight obstacle are never removed: their whole-СТК wounds are discarded', () => {
    const out = run({
      action: 'melee',
      sides: [
        { player: 'A', models: 4, in_contact: 2, strikers: 4, bsp: 9, stk: 1 },
        { player: 'B', models: 4, in_contact: 2, strikers: 0, bsp: 5, stk: 1, eligible_models: 1 },
      ],
      dice: [6, 6, 6, 1],
    });
    expect(out.B).toEqual({ bsp_effective: 5, wounds_taken: 3, killed: 1, markers: 0 });
  });
});
