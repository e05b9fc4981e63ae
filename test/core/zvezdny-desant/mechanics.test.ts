import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

function run(fields: Record<string, unknown>): Record<string, unknown> {
  const r = resolveScenario({ ruleset: 'zvezdny-desant', ...fields });
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
  return r.output;
}

function refused(fields: Record<string, unknown>): { field: string; problem: string } {
  const r = resolveScenario({ ruleset: 'zvezdny-desant', ...fields });
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.output)}`);
  return r.error;
}

const card = (id: string, player: string, initiative: number, order = 'attack') => ({ id, player, order, initiative });

describe('orders and command points', () => {
  it('EX through the orders phase: A = {5,3,2}, B = {6,4} → B6, A5, B4, A3, A2', () => {
    const units = [card('A5', 'A', 5), card('A3', 'A', 3, 'defence'), card('A2', 'A', 2, 'move'), card('B6', 'B', 6), card('B4', 'B', 4)];
    expect(run({ action: 'orders', first_player: 'A', units })).toEqual({
      command_points: { A: 10, B: 10 },
      spent: { A: 10, B: 10 },
      overspent: { A: 0, B: 0 },
      awaiting_lowering: false,
      initiative: { A5: 5, A3: 3, A2: 2, B6: 6, B4: 4 },
      no_order: [],
      order: ['B6', 'A5', 'B4', 'A3', 'A2'],
      dice_used: [],
    });
  });

  it('EX: first player {5,4,4,2}, B {7,4,4} → B7, F5, F4, B4, F4, B4, F2 (15 points each by agreement)', () => {
    const units = [card('F5', 'A', 5), card('F4a', 'A', 4), card('F4b', 'A', 4), card('F2', 'A', 2), card('B7', 'B', 7), card('B4a', 'B', 4), card('B4b', 'B', 4)];
    expect(run({ action: 'orders', first_player: 'A', command_points: { A: 15, B: 15 }, units }).order).toEqual(['B7', 'F5', 'F4a', 'B4a', 'F4b', 'B4b', 'F2']);
  });

  it('«он не может потратить 11 очков, когда у него есть только 10» — «его противник имеет право уменьшить инициативу одного или нескольких подразделений по его выбору»', () => {
    const units = [card('a1', 'A', 7), card('a2', 'A', 4), card('b1', 'B', 10)];
    const revealed = run({ action: 'orders', first_player: 'B', units });
    expect(revealed).toMatchObject({ spent: { A: 11, B: 10 }, overspent: { A: 1, B: 0 }, awaiting_lowering: true, order: null });
    const cut = run({ action: 'orders', first_player: 'B', units, lowered: [{ id: 'a1', by: 1 }] });
    expect(cut).toMatchObject({ awaiting_lowering: false, initiative: { a1: 6, a2: 4, b1: 10 }, order: ['b1', 'a1', 'a2'] });
    expect(refused({ action: 'orders', first_player: 'B', units, lowered: [{ id: 'a1', by: 2 }] }).field).toBe('lowered');
    expect(refused({ action: 'orders', first_player: 'B', units, lowered: [{ id: 'b1', by: 1 }] }).field).toBe('lowered[0].id');
    expect(refused({ action: 'orders', first_player: 'B', units, lowered: [{ id: 'a2', by: 5 }] }).field).toBe('lowered[0].by');
  });

  it('«Игрок обязан распределить все свои командные очки»; later units get «0»', () => {
    const e = refused({ action: 'orders', first_player: 'A', units: [card('a1', 'A', 8), card('b1', 'B', 10)] });
    expect(e.field).toBe('units');
    expect(e.problem).toMatch(/spent 8 of 10/);
    expect(run({ action: 'orders', first_player: 'A', units: [card('a1', 'A', 10), card('a2', 'A', 0), card('b1', 'B', 10)] }).order).toEqual(['a1', 'b1', 'a2']);
  });

  it('«Исключение составляют лишь два вида подразделений: вступившее в ближний бой или находящееся в состоянии паники»', () => {
    const units = [card('a1', 'A', 10), { id: 'a2', player: 'A', in_melee: true }, { id: 'a3', player: 'A', panic: true }, card('b1', 'B', 10)];
    expect(run({ action: 'orders', first_player: 'A', units })).toMatchObject({ no_order: ['a2', 'a3'], order: ['a1', 'b1'] });
    expect(refused({ action: 'orders', first_player: 'A', units: [card('a1', 'A', 10), { id: 'a2', player: 'A', in_melee: true, order: 'move' }, card('b1', 'B', 10)] })).toMatchObject({
      field: 'units[1].order',
      problem: 'a unit in melee gets no order',
    });
    expect(refused({ action: 'orders', first_player: 'A', units: [card('a1', 'A', 9), { id: 'a3', player: 'A', panic: true, initiative: 1 }, card('b1', 'B', 10)] }).field).toBe('units[1].initiative');
    expect(refused({ action: 'orders', first_player: 'A', units: [{ id: 'a1', player: 'A', initiative: 10 }, card('b1', 'B', 10)] }).field).toBe('units[0].order');
  });

  it('«Оборона»: «Оставаться на месте и стрелять»; «Движение» cannot shoot; «Атака» may «Стрелять, потом объявлять нападение»', () => {
    expect(run({ action: 'order-check', order: 'defence', conduct: 'stay-shoot' })).toMatchObject({ allowed: true, shoots: true });
    expect(run({ action: 'order-check', order: 'defence', conduct: 'charge' })).toMatchObject({ allowed: false, reason: 'not-in-order' });
    expect(run({ action: 'order-check', order: 'move', conduct: 'move-then-shoot' })).toMatchObject({ allowed: false });
    expect(run({ action: 'order-check', order: 'attack', conduct: 'shoot-then-charge' })).toMatchObject({ allowed: true, shoots: true, charges: true });
    expect(run({ action: 'order-check', order: 'attack', conduct: 'move', in_melee: true })).toMatchObject({ allowed: false, reason: 'in-melee' });
  });
});

describe('charge and consolidation', () => {
  it('«Ближний бой начинается, если фигурка приблизилась к фигурке противника на 3 и менее шагов. Если в ближний бой вступила одна фигурка подразделения, то все подразделение считается вступившим»', () => {
    const out = run({ action: 'charge', order: 'move', models: [{ id: 'm1', gap_steps: 8, pdv: 6 }, { id: 'm2', gap_steps: 12, pdv: 6 }, { id: 'm3', gap_steps: 5, pdv: 6 }] });
    expect(out).toMatchObject({ melee: true, may_shoot: false, in_contact: 1, strikers: 2 });
    expect(out.models).toEqual([
      { id: 'm1', moved_steps: 6, gap_steps: 2, base_contact: false, strikes: true },
      { id: 'm2', moved_steps: 6, gap_steps: 6, base_contact: false, strikes: false },
      { id: 'm3', moved_steps: 5, gap_steps: 0, base_contact: true, strikes: true },
    ]);
  });

  it('«ни одна его фигурка не подошла к противнику достаточно близко, то считается, что бойцы просто двигались в сторону противника»', () => {
    expect(run({ action: 'charge', order: 'attack', models: [{ gap_steps: 10, pdv: 6 }] })).toMatchObject({ melee: false, may_shoot: true, in_contact: 0 });
  });

  it('«Объявлять нападение можно, только если приказ подразделения подразумевает движение (т.е. «Атака» или «Движение»)»', () => {
    expect(refused({ action: 'charge', order: 'defence', models: [{ gap_steps: 2, pdv: 6 }] }).field).toBe('order');
    expect(refused({ action: 'charge', order: 'move', shot_first: true, models: [{ gap_steps: 2, pdv: 6 }] }).field).toBe('shot_first');
  });

  it('«Фигурки, находящиеся в базовом контакте с противником, не двигаются ... Первыми совершают сближение фигурки Первого игрока»', () => {
    const out = run({
      action: 'consolidate',
      first_player: 'B',
      units: [
        { id: 'a', player: 'A', models: [{ gap_steps: 0, pdv: 5 }, { gap_steps: 4, pdv: 5 }] },
        { id: 'b', player: 'B', models: [{ gap_steps: 9, pdv: 5, behind_obstacle: true }] },
      ],
    });
    expect(out.order).toEqual(['b', 'a']);
    expect(out.units).toMatchObject({ a: { in_contact: 2, strikers: 2 }, b: { in_contact: 0, strikers: 0, models: [{ moved_steps: 5, gap_steps: 4 }] } });
  });
});

describe('melee of more than two units', () => {
  it('EX through a multi-unit melee: БСП 7, rolls 3, 7, 12, 15, 5 → 3 wounds', () => {
    const out = run({
      action: 'multi-melee',
      units: [
        { id: 'target', player: 'A', models: 5, in_contact: 3, bsp: 7, stk: 1 },
        { id: 'strikers', player: 'B', models: 5, in_contact: 3, bsp: 10, stk: 1 },
      ],
      strikes: [{ from: 'strikers', to: 'target', strikers: 5 }],
      dice: [3, 7, 12, 15, 5],
    });
    expect(out.units).toMatchObject({ target: { bsp_effective: 7, wounds_taken: 3, killed: 3, models_left: 2 }, strikers: { wounds_taken: 0 } });
    expect(out).toMatchObject({ result: { A: 'lost', B: 'won' }, panic_test: ['target'], melee_over: false });
  });

  it('«Все подразделения игрока, участвующие в ближнем бою, получают «+1» ... если в подразделениях игрока в сумме больше фигурок ... «+2» если ... в базовом контакте ... в сумме»; the striker picks the unit', () => {
    const out = run({
      action: 'multi-melee',
      units: [
        { id: 'a1', player: 'A', models: 4, in_contact: 2, bsp: 8, stk: 1 },
        { id: 'a2', player: 'A', models: 3, in_contact: 2, bsp: 19, stk: 1 },
        { id: 'b1', player: 'B', models: 6, in_contact: 3, bsp: 9, stk: 2 },
      ],
      strikes: [
        { from: 'a1', to: 'b1', strikers: 2 },
        { from: 'a2', to: 'b1', strikers: 2 },
        { from: 'b1', to: 'a1', strikers: 2 },
        { from: 'b1', to: 'a2', strikers: 1 },
      ],
      dice: [20, 20, 20, 1, 11, 11, 20],
    });
    // A: 7 figures > 6 and 4 in contact > 3 → +3 on every A unit (a2 capped at 20); B no bonus.
    expect(out.units).toMatchObject({
      a1: { bsp_effective: 11, wounds_taken: 2, killed: 2 },
      a2: { bsp_effective: 20, wounds_taken: 1, killed: 1 },
      b1: { bsp_effective: 9, wounds_taken: 3, killed: 1, markers: 1 },
    });
    expect(out).toMatchObject({ result: { A: 'lost', B: 'won' }, panic_test: ['a1', 'a2'] });
    const e = refused({ action: 'multi-melee', units: [{ id: 'a', player: 'A', models: 2, in_contact: 1, bsp: 7, stk: 1 }, { id: 'b', player: 'B', models: 2, in_contact: 1, bsp: 7, stk: 1 }], strikes: [{ from: 'a', to: 'a', strikers: 1 }] });
    expect(e.field).toBe('strikes[0].to');
    expect(refused({ action: 'multi-melee', units: [{ id: 'a', player: 'A', models: 2, in_contact: 1, bsp: 7, stk: 1 }, { id: 'b', player: 'B', models: 2, in_contact: 1, bsp: 7, stk: 1 }], strikes: [{ from: 'a', to: 'b', strikers: 3 }] }).field).toBe('strikes[0].strikers');
  });

  it('«Если подразделение полностью уничтожило противника, то оно в любом случае считается победившим в ближнем бою»', () => {
    const out = run({
      action: 'multi-melee',
      units: [
        { id: 'a', player: 'A', models: 4, in_contact: 2, bsp: 7, stk: 1 },
        { id: 'b', player: 'B', models: 1, in_contact: 1, bsp: 7, stk: 1 },
      ],
      strikes: [{ from: 'a', to: 'b', strikers: 2 }, { from: 'b', to: 'a', strikers: 1, strikes_per_model: 2 }],
      dice: [20, 20, 10, 10],
    });
    expect(out).toMatchObject({ result: { A: 'won', B: 'lost' }, panic_test: [], melee_over: true });
  });
});

describe('panic', () => {
  it('«Тесты на панику проигравших» (the test itself is in the full rulebook: default D20 ≤ ЛДР)', () => {
    expect(run({ action: 'panic-test', ldr: 12, dice: [12] })).toEqual({ needed_at_most: 12, passed: true, panic: false, dice_used: [12] });
    expect(run({ action: 'panic-test', ldr: 12, modifier: -2, dice: [11] })).toMatchObject({ passed: false, panic: true });
    expect(run({ action: 'panic-test', ldr: 12, reroll_failed: true, dice: [15, 4] })).toMatchObject({ passed: true, dice_used: [15, 4] });
    expect(run({ action: 'panic-test', ldr: 12, reroll_failed: true, exact: true }).odds).toEqual({ 'passed=true': '21/25', 'passed=false': '4/25', 'panic=false': '21/25', 'panic=true': '4/25' });
  });
});
