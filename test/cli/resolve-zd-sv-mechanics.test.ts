import { beforeAll, describe, expect, it } from 'vitest';
import { both, compiledOnce, refused } from './resolve-helpers.js';

/** Issue 10's new Звездный Десант and Стальная война actions through the compiled command. */

beforeAll(compiledOnce);

const ZD = 'zvezdny-desant';
const SV = 'stalnaya-voyna';

describe('zvezdny-desant issue 10 actions through resolve', () => {
  it('EX: A = {5,3,2}, B = {6,4} → B6, A5, B4, A3, A2 through the orders phase', () => {
    const units = [
      { id: 'A5', player: 'A', order: 'attack', initiative: 5 },
      { id: 'A3', player: 'A', order: 'defence', initiative: 3 },
      { id: 'A2', player: 'A', order: 'move', initiative: 2 },
      { id: 'B6', player: 'B', order: 'attack', initiative: 6 },
      { id: 'B4', player: 'B', order: 'move', initiative: 4 },
    ];
    expect(both({ ruleset: ZD, action: 'orders', first_player: 'A', units }).order).toEqual(['B6', 'A5', 'B4', 'A3', 'A2']);
  });

  it('EX: first player {5,4,4,2}, B {7,4,4} → B7, F5, F4, B4, F4, B4, F2', () => {
    const units = [
      { id: 'F5', player: 'B', order: 'attack', initiative: 5 },
      { id: 'F4a', player: 'B', order: 'attack', initiative: 4 },
      { id: 'F4b', player: 'B', order: 'attack', initiative: 4 },
      { id: 'F2', player: 'B', order: 'attack', initiative: 2 },
      { id: 'B7', player: 'A', order: 'attack', initiative: 7 },
      { id: 'B4a', player: 'A', order: 'attack', initiative: 4 },
      { id: 'B4b', player: 'A', order: 'attack', initiative: 4 },
    ];
    expect(both({ ruleset: ZD, action: 'orders', first_player: 'B', command_points: { A: 15, B: 15 }, units }).order).toEqual(['B7', 'F5', 'F4a', 'B4a', 'F4b', 'B4b', 'F2']);
  });

  it('an overspent total waits for the opponent, then the execution order follows his cut', () => {
    const units = [
      { id: 'a1', player: 'A', order: 'attack', initiative: 8 },
      { id: 'a2', player: 'A', order: 'move', initiative: 4 },
      { id: 'b1', player: 'B', order: 'defence', initiative: 10 },
    ];
    expect(both({ ruleset: ZD, action: 'orders', first_player: 'A', units })).toMatchObject({ overspent: { A: 2, B: 0 }, awaiting_lowering: true, order: null });
    expect(both({ ruleset: ZD, action: 'orders', first_player: 'A', units, lowered: [{ id: 'a2', by: 2 }] })).toMatchObject({ initiative: { a1: 8, a2: 2 }, order: ['b1', 'a1', 'a2'] });
  });

  it('EX: БСП 7, rolls 3, 7, 12, 15, 5 → 3 wounds, in a melee of three units with exact odds', () => {
    const out = both({
      ruleset: ZD,
      action: 'multi-melee',
      units: [
        { id: 'x', player: 'A', models: 5, in_contact: 2, bsp: 7, stk: 1 },
        { id: 'y', player: 'A', models: 1, in_contact: 1, bsp: 15, stk: 3 },
        { id: 'z', player: 'B', models: 6, in_contact: 3, bsp: 8, stk: 1 },
      ],
      strikes: [{ from: 'z', to: 'x', strikers: 5 }],
      dice: [3, 7, 12, 15, 5],
      exact: true,
    });
    expect(out.units).toMatchObject({ x: { bsp_effective: 7, wounds_taken: 3, killed: 3 }, y: { wounds_taken: 0 }, z: { wounds_taken: 0 } });
    const odds = out.odds as Record<string, string>;
    const sum = (prefix: string) => Object.entries(odds).filter(([k]) => k.startsWith(prefix)).reduce((s, [, p]) => s + Number(p.split('/')[0]) / Number(p.split('/')[1]), 0);
    expect(sum('result.A=')).toBeCloseTo(1, 12);
  });

  it('charge, consolidation, order check and panic test', () => {
    expect(both({ ruleset: ZD, action: 'charge', order: 'attack', shot_first: true, models: [{ gap_steps: 9, pdv: 6 }] })).toMatchObject({ melee: true, in_contact: 0, strikers: 1 });
    expect(both({ ruleset: ZD, action: 'consolidate', first_player: 'A', units: [{ id: 'b', player: 'B', models: [{ gap_steps: 3, pdv: 6 }] }, { id: 'a', player: 'A', models: [{ gap_steps: 0, pdv: 6 }] }] }).order).toEqual(['a', 'b']);
    expect(both({ ruleset: ZD, action: 'order-check', order: 'move', conduct: 'charge' })).toMatchObject({ allowed: true, charges: true });
    expect(both({ ruleset: ZD, action: 'panic-test', ldr: 9, dice: [10], exact: true })).toEqual({
      needed_at_most: 9,
      passed: false,
      panic: true,
      dice_used: [10],
      odds: { 'passed=true': '9/20', 'passed=false': '11/20', 'panic=false': '9/20', 'panic=true': '11/20' },
    });
  });

  it('bad input of each new action exits 2 with one line naming the field', () => {
    expect(refused({ ruleset: ZD, action: 'orders', first_player: 'A', units: [{ id: 'a', player: 'A', order: 'attack', initiative: 10 }, { id: 'b', player: 'A', in_melee: true, order: 'move' }] }, 'units[1].order')).toBe(
      'resolve: units[1].order: a unit in melee gets no order',
    );
    refused({ ruleset: ZD, action: 'orders', first_player: 'A', units: [{ id: 'a', player: 'A', order: 'charge', initiative: 10 }] }, 'units[0].order');
    refused({ ruleset: ZD, action: 'orders', first_player: 'A', units: [{ id: 'a', player: 'A', order: 'move', initiative: 9 }] }, 'units');
    refused({ ruleset: ZD, action: 'order-check', order: 'attack', conduct: 'fly' }, 'conduct');
    refused({ ruleset: ZD, action: 'charge', order: 'defence', models: [{ gap_steps: 2, pdv: 6 }] }, 'order');
    refused({ ruleset: ZD, action: 'charge', order: 'move', models: [{ gap_steps: -1, pdv: 6 }] }, 'models[0].gap_steps');
    refused({ ruleset: ZD, action: 'consolidate', first_player: 'A', units: [{ id: 'a', player: 'A', models: [] }] }, 'units[0].models');
    refused({ ruleset: ZD, action: 'multi-melee', units: [{ id: 'a', player: 'A', models: 2, in_contact: 3, bsp: 7, stk: 1 }, { id: 'b', player: 'B', models: 2, in_contact: 1, bsp: 7, stk: 1 }], strikes: [] }, 'units[0].in_contact');
    refused({ ruleset: ZD, action: 'multi-melee', units: [{ id: 'a', player: 'A', models: 2, in_contact: 1, bsp: 7, stk: 1 }, { id: 'b', player: 'B', models: 2, in_contact: 1, bsp: 7, stk: 1 }], strikes: [{ from: 'q', to: 'b', strikers: 1 }] }, 'strikes[0].from');
    refused({ ruleset: ZD, action: 'panic-test', ldr: 21 }, 'ldr');
    refused({ ruleset: ZD, action: 'panic-test', ldr: 9, dice: [21] }, 'dice[0]');
  });
});

describe('stalnaya-voyna issue 10 actions through resolve', () => {
  it('unsuppress: the partisans\' two attempts (rolls 1, then 2, leadership 1)', () => {
    expect(both({ ruleset: SV, action: 'unsuppress', quality: 'd6', leadership: 1, suppression: 1, dice: [1] })).toMatchObject({ passed: false, suppression: 1, attempts_left: 1 });
    expect(both({ ruleset: SV, action: 'unsuppress', quality: 'd6', leadership: 1, suppression: 1, attempt: 2, dice: [2], exact: true })).toEqual({
      passed: true,
      needed_above: 1,
      suppression: 0,
      attempts_left: 0,
      dice_used: [2],
      odds: { 'passed=true': '5/6', 'passed=false': '1/6' },
    });
  });

  it('charge test (leadership 2, steady: more than 3), paired melee (android 6 vs guards 1 and 8), morale', () => {
    expect(both({ ruleset: SV, action: 'charge-test', quality: 'd8', leadership: 2, morale: 'steady', dice: [4] })).toMatchObject({ needed_above: 3, passed: true });
    const melee = both({ ruleset: SV, action: 'paired-melee', fights: [{ attackers: [{ quality: 'd10' }, { quality: 'd10' }], defenders: [{ quality: 'd8' }] }], dice: [6, 1, 8], exact: true });
    expect(melee).toMatchObject({ attacker: { casualties: 1 }, defender: { casualties: 1 }, morale_first: 'attacker', threat: 1 });
    expect(both({ ruleset: SV, action: 'morale', quality: 'd8', leadership: 2, morale: 'shaken', threat: 1, dice: [3] })).toMatchObject({ passed: false, morale: 'broken', falls_back_in: 6 });
  });

  it('casualties carry their later state; the backpack explodes within 4"', () => {
    const robot = both({ ruleset: SV, action: 'casualty', power: 'd10', target: { kind: 'robot' }, dice: [7, 5] });
    expect(robot).toMatchObject({ outcome: 'immobilised', later: { can_move: false, can_shoot: true, robot_wounded: true } });
    expect(both({ ruleset: SV, action: 'casualty', power: 'd10', target: { kind: 'robot', robot_wounded: true }, dice: [6, 5] })).toMatchObject({ outcome: 'destroyed' });
    expect(both({ ruleset: SV, action: 'casualty', power: 'd12', target: { kind: 'armoured-suit' }, dice: [11, 9] })).toMatchObject({ outcome: 'suit-lost', later: { kind: 'infantry', armour_die: 'd4' } });
    expect(both({ ruleset: SV, action: 'backpack-explosion', power: 'd8', figures: [{ id: 'a', distance_in: 4 }, { id: 'b', distance_in: 4.01 }], dice: [1, 4], exact: true })).toMatchObject({
      carrier: 'killed',
      caught: ['a'],
      outcome: { a: 'wounded' },
      killed: 0,
    });
  });

  it('fire with fragments and support power, guided missiles, weapons, transport, prone', () => {
    expect(both({ ruleset: SV, action: 'fire', distance_in: 10, fragments: true, shooter: { quality: 'd6', small_arms_rof: [4], small_arms_power: 'd8', support: [{ die: 'd8', power: 'd10' }] }, target: { cover: 'light' }, dice: [5, 4, 6, 3] })).toMatchObject({
      range_die: 'd6',
      result: 'casualties',
      power_die: 'd8',
    });
    expect(both({ ruleset: SV, action: 'guided-missile', shooter: { quality: 'd8', guidance: 'd10' }, target: { evasion: 'd8' }, dice: [2, 9, 4] })).toMatchObject({ result: 'suppressed' });
    expect(both({ ruleset: SV, action: 'weapon-check', weapon: { heavy_infantry: true, emplaced: true }, fired_this_activation: 1 })).toMatchObject({ may_fire: true, per_activation: 2 });
    expect(both({ ruleset: SV, action: 'transport', operation: 'unload', farthest_in: 7 })).toMatchObject({ allowed: false, reason: 'farthest-trooper-too-far' });
    expect(both({ ruleset: SV, action: 'lie-down' })).toMatchObject({ prone: true });
    expect(both({ ruleset: SV, action: 'stand-up', by: 'test', quality: 'd4', leadership: 3, dice: [4] })).toMatchObject({ prone: false, moves_now: true });
    expect(both({ ruleset: SV, action: 'charge-reach', gap_in: 1.5 })).toMatchObject({ reached: true });
  });

  it('bad input of each new action exits 2 with one line naming the field', () => {
    refused({ ruleset: SV, action: 'unsuppress', quality: 'd6', leadership: 1, suppression: 1, attempt: 3 }, 'attempt');
    refused({ ruleset: SV, action: 'unsuppress', quality: 'd6', leadership: 4, suppression: 1 }, 'leadership');
    refused({ ruleset: SV, action: 'charge-test', quality: 'd8', leadership: 2, morale: 'broken' }, 'morale');
    refused({ ruleset: SV, action: 'charge-reach', gap_in: 'near' }, 'gap_in');
    refused({ ruleset: SV, action: 'paired-melee', fights: [{ attackers: [{ quality: 'd8', weapons: ['lance'] }], defenders: [{ quality: 'd6' }] }] }, 'fights[0].attackers[0].weapons[0]');
    refused({ ruleset: SV, action: 'paired-melee', fights: [{ attackers: Array.from({ length: 7 }, () => ({ quality: 'd6' })), defenders: [{ quality: 'd6' }] }] }, 'fights[0].attackers');
    refused({ ruleset: SV, action: 'morale', quality: 'd8', leadership: 2, morale: 'calm' }, 'morale');
    refused({ ruleset: SV, action: 'morale', quality: 'd8', leadership: 2, morale: 'steady', threat: 1, threat_from: { defenders: 3 } }, 'threat_from');
    refused({ ruleset: SV, action: 'lie-down', in_water: true }, 'in_water');
    refused({ ruleset: SV, action: 'stand-up', by: 'jump' }, 'by');
    refused({ ruleset: SV, action: 'casualty', power: 'd10', target: { kind: 'tank' } }, 'target.kind');
    refused({ ruleset: SV, action: 'casualty', power: 'd10', target: { armour: 'd4', armour_kind: 'robot' } }, 'target.armour_kind');
    refused({ ruleset: SV, action: 'backpack-explosion', power: 'd8', figures: [{ id: 'a', distance_in: 1 }, { id: 'a', distance_in: 2 }] }, 'figures[1].id');
    refused({ ruleset: SV, action: 'fire', distance_in: 5, shooter: { quality: 'd6', small_arms_rof: [], support: [{ die: 'd8', special: 'mortar' }] }, target: {} }, 'shooter.support[0]');
    refused({ ruleset: SV, action: 'guided-missile', shooter: { quality: 'd8' }, target: { evasion: 'd8' } }, 'shooter.guidance');
    refused({ ruleset: SV, action: 'weapon-check', weapon: { ammunition: 'bazooka' } }, 'weapon.ammunition');
    refused({ ruleset: SV, action: 'transport', operation: 'load' }, 'farthest_in');
    refused({ ruleset: SV, action: 'transport', operation: 'load', farthest_in: 3, passengers: 4 }, 'capacity_left');
  });
});
