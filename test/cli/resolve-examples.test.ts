import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bronepekhota } from '../../src/core/rulesets/bronepekhota/system.js';
import { vtorzhenie } from '../../src/core/rulesets/vtorzhenie/system.js';
import { both, compiledOnce, resolveCli } from './resolve-helpers.js';

beforeAll(compiledOnce);

describe('vtorzhenie examples through resolve', () => {
  it('EX: 41 cm is 8 steps (in range of an 8-step pistol), 42 cm is 9, 44 cm is 9', () => {
    expect(both({ ruleset: 'vtorzhenie', action: 'measure', distance_cm: 41 })).toEqual({ steps: 8, band: 'medium', close_combat: false, dice_used: [] });
    expect(both({ ruleset: 'vtorzhenie', action: 'measure', distance_cm: 42 })).toMatchObject({ steps: 9 });
    expect(both({ ruleset: 'vtorzhenie', action: 'measure', distance_cm: 44 })).toMatchObject({ steps: 9, band: 'medium' });
    const pistol = { power: 1, range_steps: vtorzhenie.data.weapons.pistol!.range_steps.value };
    const target = { armour: 0, stamina: 1 };
    expect(both({ ruleset: 'vtorzhenie', action: 'virtual-shot', distance_cm: 41, shooter: pistol, target, dice: [1, 1] })).toMatchObject({ allowed: true, steps: 8 });
    expect(both({ ruleset: 'vtorzhenie', action: 'virtual-shot', distance_cm: 42, shooter: pistol, target, dice: [] })).toMatchObject({ allowed: false, steps: 9, dice_used: [] });
  });

  it('EX: sniper at 44 cm with dice 3,5,4,3 hits, penetrates and kills the cyber-infantryman', () => {
    const out = both({
      ruleset: 'vtorzhenie',
      action: 'virtual-shot',
      distance_cm: 44,
      shooter: { power: 3, accuracy_bonus: 1, range_steps: 20 },
      target: { armour: 3, stamina: 1 },
      dice: [3, 5, 4, 3],
      exact: true,
    });
    expect(out).toMatchObject({ allowed: true, steps: 9, band: 'medium', to_hit: 9, accuracy: 9, hit: true, penetrated: true, damage: 1, destroyed: true, dice_used: [3, 5, 4, 3] });
    expect((out.odds as Record<string, string>)['hit=true']).toBe('5/12');
  });

  it('EX: close combat 4,1 keep 4 → 11 against 3 → 7, the defender loses', () => {
    const out = both({
      ruleset: 'vtorzhenie',
      action: 'close-combat',
      attackers: [{ cc: 4, armour: 3, attack_dice: 2 }],
      defenders: [{ cc: vtorzhenie.data.cc_weapons.knife!.cc.value, armour: 3 }],
      dice: [4, 1, 3],
    });
    expect(out).toEqual({ attacker_total: 11, defender_total: 7, winner: 'attacker', rounds: 1, dice_used: [4, 1, 3] });
  });

  it('real shot: a knocked-over vehicle takes 2 and its critical die decides the next turn', () => {
    expect(both({ ruleset: 'vtorzhenie', action: 'real-shot', target: { kind: 'vehicle', stamina: 3 }, hit: true, fell: true, dice: [6] })).toEqual({
      damage: 2, destroyed: false, fallen: true, next_turn: 'skip', dice_used: [6],
    });
  });

  it('seeded dice replay: the same seed gives the same dice', () => {
    const input = { ruleset: 'vtorzhenie', action: 'close-combat', attackers: [{ cc: 1, armour: 1 }], defenders: [{ cc: 1, armour: 1 }], seed: 'replay' };
    expect(both(input)).toEqual(both(input));
  });
});

describe('bronepekhota examples through resolve', () => {
  it('EX: a pistol of 4 steps reaches 16 cm, not 18 cm', () => {
    const pistol = { shooting: 2, range_steps: bronepekhota.data.weapons.pistol!.range_steps.value };
    expect(both({ ruleset: 'bronepekhota', action: 'measure', distance_cm: 16 })).toEqual({ steps: 4, band: null, close_combat: false, dice_used: [] });
    expect(both({ ruleset: 'bronepekhota', action: 'measure', distance_cm: 18 })).toMatchObject({ steps: 4.5 });
    expect(both({ ruleset: 'bronepekhota', action: 'virtual-shot', distance_cm: 16, shooters: [pistol], target: { armour: 3, kind: 'infantry' }, dice: [2] })).toEqual({
      allowed: true, steps: 4, attacker_total: 4, defender_total: 3, hit: true, effect: 'killed', dice_used: [2],
    });
    expect(both({ ruleset: 'bronepekhota', action: 'virtual-shot', distance_cm: 18, shooters: [pistol], target: { armour: 3, kind: 'infantry' } })).toMatchObject({ allowed: false, dice_used: [] });
  });

  it('real shot: a walker knocked over takes 3 and reaches its critical state', () => {
    expect(both({ ruleset: 'bronepekhota', action: 'real-shot', target: { kind: 'vehicle', unit_type: 'walker' }, hit: true, fell: true })).toEqual({
      damage: 3, destroyed: false, critical: true, state: 'stands-shoots', dice_used: [],
    });
  });
});

describe('a club ruleset file changes defaults without code', () => {
  it('a longer pistol and a stronger knife', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-ruleset-'));
    const club = structuredClone(vtorzhenie.data);
    club.cc_weapons.knife!.cc = { value: 2, source: 'default', note: 'our club' };
    const file = join(dir, 'club.json');
    writeFileSync(file, JSON.stringify(club));
    const input = { ruleset: 'vtorzhenie', action: 'close-combat', attackers: [{ cc: 4, armour: 3 }], defenders: [{ cc: club.cc_weapons.knife!.cc.value, armour: 3 }], dice: [2, 5] };
    const r = resolveCli(input, ['--ruleset-file', file]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ attacker_total: 9, defender_total: 10, winner: 'defender' });
    const broken = { ...club, stamina: { ...club.stamina, vehicle: { value: 'three', source: 'seed' } } };
    writeFileSync(file, JSON.stringify(broken));
    const bad = resolveCli(input, ['--ruleset-file', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('stamina.vehicle.value: expected an integer, got "three"');
  });

  it('bronepekhota: a club unit type with its own damage track', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-ruleset-'));
    const club = structuredClone(bronepekhota.data);
    club.unit_types['scout-buggy'] = { ...club.unit_types.wheeled!, label_ru: 'Багги', max_damage: { value: 2, source: 'default' }, critical_damage: { value: 1, source: 'default' } };
    const file = join(dir, 'club.json');
    writeFileSync(file, JSON.stringify(club));
    const r = resolveCli({ ruleset: 'bronepekhota', action: 'real-shot', target: { kind: 'vehicle', unit_type: 'scout-buggy' }, hit: true, fell: false }, ['--ruleset-file', file]);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ damage: 1, destroyed: false, critical: true, state: 'stands-shoots', dice_used: [] });
  });
});
