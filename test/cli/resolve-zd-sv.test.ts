import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stalnayaVoyna } from '../../src/core/rulesets/stalnaya-voyna/system.js';
import { both, compiledOnce, refused, resolveCli } from './resolve-helpers.js';

beforeAll(compiledOnce);

const ZD = 'zvezdny-desant';
const SV = 'stalnaya-voyna';

describe('zvezdny-desant examples through resolve', () => {
  it('EX: activation A = {5,3,2}, B = {6,4} → B6, A5, B4, A3, A2', () => {
    const units = [
      { id: 'A5', player: 'A', initiative: 5 },
      { id: 'A3', player: 'A', initiative: 3 },
      { id: 'A2', player: 'A', initiative: 2 },
      { id: 'B6', player: 'B', initiative: 6 },
      { id: 'B4', player: 'B', initiative: 4 },
    ];
    expect(both({ ruleset: ZD, action: 'activation-order', first_player: 'A', units })).toEqual({ order: ['B6', 'A5', 'B4', 'A3', 'A2'], dice_used: [] });
  });

  it('EX: first player {5,4,4,2}, B {7,4,4} → B7, F5, F4, B4, F4, B4, F2', () => {
    const units = [
      { id: 'F5', player: 'B', initiative: 5 },
      { id: 'F4a', player: 'B', initiative: 4 },
      { id: 'F4b', player: 'B', initiative: 4 },
      { id: 'F2', player: 'B', initiative: 2 },
      { id: 'O7', player: 'A', initiative: 7 },
      { id: 'O4a', player: 'A', initiative: 4 },
      { id: 'O4b', player: 'A', initiative: 4 },
    ];
    expect(both({ ruleset: ZD, action: 'activation-order', first_player: 'B', units }).order).toEqual(['O7', 'F5', 'F4a', 'O4a', 'F4b', 'O4b', 'F2']);
  });

  it('EX: armour B, Хрк B12, rolls 13, 17, 9 → 2 tests passed', () => {
    const out = both({ ruleset: ZD, action: 'wound-test', weapon: { mshch: 1, hrk: { B: 12 } }, target: { armour_class: 'B', stk: 1, models: 5 }, hits: 3, dice: [13, 17, 9], exact: true });
    expect(out).toMatchObject({ passed: 2, wounds: 2, killed: 2, markers: 0, models_left: 3, dice_used: [13, 17, 9] });
  });

  it('EX: СТК 3, 8 wounds → 2 dead, 2 markers; then +2 wounds → 1 dead, 1 marker', () => {
    const weapon = { mshch: 4, hrk: { C: 11 } };
    const a = both({ ruleset: ZD, action: 'wound-test', weapon, target: { armour_class: 'C', stk: 3, models: 5 }, hits: 2, dice: [11, 20] });
    expect(a).toMatchObject({ wounds: 8, killed: 2, markers: 2, models_left: 3 });
    const b = both({ ruleset: ZD, action: 'wound-test', weapon: { mshch: 2, hrk: { C: 11 } }, target: { armour_class: 'C', stk: 3, markers: 2, models: 3 }, hits: 1, dice: [14] });
    expect(b).toMatchObject({ wounds: 2, killed: 1, markers: 1, models_left: 2 });
  });

  it('EX: СТК 2, 1 marker, +7 wounds, only 2 visible → 2 die, 4 markers discarded', () => {
    const out = both({ ruleset: ZD, action: 'wound-test', weapon: { mshch: 7, hrk: { A: 5 } }, target: { armour_class: 'A', stk: 2, markers: 1, models: 6, eligible_models: 2 }, hits: 1, dice: [5] });
    expect(out).toMatchObject({ wounds: 7, killed: 2, markers: 0, models_left: 4 });
  });

  it('EX: БСП 7, rolls 3, 7, 12, 15, 5 → 3 wounds', () => {
    const out = both({
      ruleset: ZD,
      action: 'melee',
      sides: [
        { player: 'B', models: 5, in_contact: 3, strikers: 5, bsp: 10, stk: 1 },
        { player: 'A', models: 5, in_contact: 3, strikers: 1, bsp: 7, stk: 2 },
      ],
      dice: [3, 7, 12, 15, 5, 20],
    });
    expect(out).toEqual({
      B: { bsp_effective: 10, wounds_taken: 1, killed: 1, markers: 0 },
      A: { bsp_effective: 7, wounds_taken: 3, killed: 1, markers: 1 },
      dice_used: [3, 7, 12, 15, 5, 20],
    });
  });

  it('measure: steps of 2.5 cm, close combat within 3 steps', () => {
    expect(both({ ruleset: ZD, action: 'measure', distance_cm: 7.5 })).toEqual({ steps: 3, band: null, close_combat: true, dice_used: [] });
  });
});

describe('stalnaya-voyna examples through resolve', () => {
  it('EX: 12" from a d8 shooter is zone 2 (d6); prone makes it d8', () => {
    const fire = { ruleset: SV, action: 'fire', distance_in: 12, shooter: { quality: 'd8', small_arms_rof: [2, 2], support: [] } };
    expect(both({ ...fire, target: {}, dice: [2, 2, 1] })).toMatchObject({ allowed: true, zone: 2, range_die: 'd6', firepower_die: 'd4', result: 'casualties' });
    expect(both({ ...fire, target: { prone: true }, dice: [2, 2, 1] })).toMatchObject({ zone: 2, range_die: 'd8' });
  });

  it('EX: firepower 4 × 3 = 12 → d12; 9 + 1 = 10 → d10', () => {
    const at = (rof: number[]) => both({ ruleset: SV, action: 'fire', distance_in: 5, shooter: { quality: 'd10', small_arms_rof: rof, support: [] }, target: {}, dice: [1, 1, 1] });
    expect(at([3, 3, 3, 3])).toMatchObject({ firepower_die: 'd12' });
    expect(at([9, 1])).toMatchObject({ firepower_die: 'd10' });
  });

  it('EX: casualties d6+d10 vs d10 → 16/10 → 2; d6+d8 vs d10 → 14/10 → 1', () => {
    const target = { prone: true, cover: 'light' };
    const a = both({ ruleset: SV, action: 'fire', distance_in: 8, shooter: { quality: 'd6', small_arms_rof: [10], support: [] }, target, dice: [5, 7, 3], exact: true });
    expect(a).toMatchObject({ zone: 2, range_die: 'd10', firepower_die: 'd10', result: 'casualties', casualties: 2 });
    const odds = a.odds as Record<string, string>;
    expect(Object.keys(odds).filter((k) => k.startsWith('result=')).sort()).toEqual(['result=casualties', 'result=no-effect', 'result=suppressed']);
    const b = both({ ruleset: SV, action: 'fire', distance_in: 8, shooter: { quality: 'd6', small_arms_rof: [8], support: [] }, target, dice: [5, 7, 3] });
    expect(b).toMatchObject({ firepower_die: 'd8', result: 'casualties', casualties: 1 });
  });

  it('EX: wound d10 rolls 5 vs d4 rolls 4 → wounded', () => {
    const out = both({ ruleset: SV, action: 'wound', power: 'd10', armour: 'd4', dice: [5, 4], exact: true });
    expect(out).toEqual({ result: 'wounded', dice_used: [5, 4], odds: { 'result=unharmed': '1/4', 'result=wounded': '3/8', 'result=killed': '3/8' } });
  });

  it('without dice the default seed rolls, and the same seed rolls the same', () => {
    const input = { ruleset: SV, action: 'fire', distance_in: 20, shooter: { quality: 'd8', small_arms_rof: [3, 3], support: ['d10'] }, target: {}, seed: 'club-night' };
    const a = both(input);
    expect(a.dice_used).toHaveLength(4);
    expect(both(input)).toEqual(a);
  });

  it("a club's ruleset file changes a default: left-closed zones put 6\" from a d6 in zone 2", () => {
    const data = structuredClone(stalnayaVoyna.data);
    data.range.right_closed = { value: false, source: 'default', note: 'our club reads the seed literally' };
    const dir = mkdtempSync(join(tmpdir(), 'sv-club-'));
    const file = join(dir, 'ruleset.json');
    writeFileSync(file, JSON.stringify(data));
    const input = { ruleset: SV, action: 'fire', distance_in: 6, shooter: { quality: 'd6', small_arms_rof: [4], support: [] }, target: {}, dice: [1, 1, 1] };
    expect(both(input)).toMatchObject({ zone: 1, range_die: 'd4' });
    const r = resolveCli(input, ['--ruleset-file', file]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ zone: 2, range_die: 'd6' });
    data.range.right_closed = { value: 'yes', source: 'default' } as never;
    writeFileSync(file, JSON.stringify(data));
    refused(input, 'range.right_closed.value', ['--ruleset-file', file]);
  });
});

describe('bad input exits 2 with one line naming the field', () => {
  const woundTest = { ruleset: ZD, action: 'wound-test', weapon: { mshch: 1, hrk: { B: 12 } }, target: { armour_class: 'B', stk: 1, models: 5 }, hits: 3 };
  const melee = {
    ruleset: ZD,
    action: 'melee',
    sides: [
      { player: 'A', models: 5, in_contact: 2, strikers: 5, bsp: 7, stk: 1 },
      { player: 'B', models: 5, in_contact: 2, strikers: 2, bsp: 7, stk: 1 },
    ],
  };
  const fire = { ruleset: SV, action: 'fire', distance_in: 12, shooter: { quality: 'd8', small_arms_rof: [4], support: [] }, target: {} };

  it('missing fields', () => {
    expect(refused({ ...woundTest, hits: undefined }, 'hits')).toMatch(/is missing/);
    refused({ ...woundTest, target: { armour_class: 'B', models: 5 } }, 'target.stk');
    refused({ ruleset: ZD, action: 'activation-order', units: [] }, 'first_player');
    refused({ ...fire, shooter: { quality: 'd8', support: [] } }, 'shooter.small_arms_rof');
    refused({ ruleset: SV, action: 'wound', power: 'd10' }, 'armour');
  });

  it('wrong types and values outside their range', () => {
    expect(refused({ ...woundTest, target: { armour_class: 'F', stk: 1, models: 5 } }, 'target.armour_class')).toMatch(/"F"/);
    refused({ ...woundTest, weapon: { mshch: 1, hrk: { B: 21 } } }, 'weapon.hrk.B');
    refused({ ...woundTest, hits: 'x' }, 'hits');
    refused({ ...woundTest, target: { armour_class: 'B', stk: 1, models: 2, eligible_models: 3 } }, 'target.eligible_models');
    refused({ ...melee, sides: [melee.sides[0], { ...melee.sides[1], player: 'A' }] }, 'sides[1].player');
    refused({ ...melee, sides: [{ ...melee.sides[0], strikers: 9 }, melee.sides[1]] }, 'sides[0].strikers');
    refused({ ruleset: ZD, action: 'activation-order', first_player: 'A', units: [{ id: 'x', player: 'A', initiative: 1 }, { id: 'x', player: 'B', initiative: 2 }] }, 'units[1].id');
    refused({ ...fire, distance_in: -1 }, 'distance_in');
    refused({ ...fire, target: { cover: 'medium' } }, 'target.cover');
  });

  it('a die name that is not a die step ("d7")', () => {
    expect(refused({ ...fire, shooter: { quality: 'd7', small_arms_rof: [4], support: [] } }, 'shooter.quality')).toMatch(/"d7"/);
    refused({ ...fire, shooter: { quality: 'd8', small_arms_rof: [4], support: ['d6', 'd20'] } }, 'shooter.support[1]');
    refused({ ruleset: SV, action: 'wound', power: 'd7', armour: 'd4' }, 'power');
  });

  it('a die outside its range', () => {
    expect(refused({ ...woundTest, dice: [13, 21, 9] }, 'dice[1]')).toMatch(/d20/);
    refused({ ...fire, dice: [9, 1, 1] }, 'dice[0]');
    refused({ ruleset: SV, action: 'wound', power: 'd10', armour: 'd4', dice: [5, 0] }, 'dice[1]');
  });

  it('too few dice', () => {
    expect(refused({ ...woundTest, dice: [13, 17] }, 'dice')).toMatch(/too few dice/);
    refused({ ...melee, dice: [1, 2, 3, 4, 5, 6] }, 'dice');
    refused({ ...fire, dice: [3, 2] }, 'dice');
  });
});
