import { beforeAll, describe, expect, it } from 'vitest';
import { both, compiledOnce, refused as rejected } from './resolve-helpers.js';

beforeAll(compiledOnce);

const vt = (fields: Record<string, unknown>) => ({ ruleset: 'vtorzhenie', ...fields });
const bp = (fields: Record<string, unknown>) => ({ ruleset: 'bronepekhota', ...fields });

describe('the digest\'s EX with weapons chosen by id, library and CLI', () => {
  it('EX: «боец с пистолетом может стрелять на дальность 8 шагов … 41 см … в зоне поражения … 42 см, то стрелять нельзя»', () => {
    const target = { armour: 0, stamina: 1 };
    expect(both(vt({ action: 'virtual-shot', distance_cm: 41, shooter: { weapon: 'pistol' }, target, dice: [1, 1] }))).toMatchObject({ allowed: true, steps: 8, band: 'medium', weapon: 'pistol' });
    expect(both(vt({ action: 'virtual-shot', distance_cm: 42, shooter: { weapon: 'pistol' }, target, dice: [] }))).toMatchObject({ allowed: false, steps: 9, dice_used: [] });
    expect(both(vt({ action: 'measure', distance_cm: 44 }))).toEqual({ steps: 9, band: 'medium', close_combat: false, dice_used: [] });
  });

  it('EX: sniper «Выпало 3 и 5. 3+5+1=9 … 4+3=7 > 3+3=6. Кибер-пехотинец погиб.»', () => {
    const out = both(vt({ action: 'virtual-shot', distance_cm: 44, shooter: { weapon: 'sniper-rifle' }, target: { armour: 3, stamina: 1 }, dice: [3, 5, 4, 3], exact: true }));
    expect(out).toMatchObject({ steps: 9, to_hit: 9, accuracy: 9, hit: true, penetrated: true, damage: 1, destroyed: true, weapon: 'sniper-rifle', reroll_used: false, dice_used: [3, 5, 4, 3] });
    const odds = out.odds as Record<string, string>;
    expect(odds['destroyed=true']).toBeDefined();
    expect(odds['weapon=sniper-rifle']).toBe('1/1');
  });

  it('EX: close combat «4 и 1 … =4 … Силу 4 и Броню 3. Получилось 11 … 3+1+3=7 … десантник погиб»', () => {
    const out = both(vt({
      action: 'close-combat',
      attackers: [{ id: 'cyber', cc: 4, armour: 3, attack_dice: 2 }],
      defenders: [{ id: 'landing', kind: 'infantry', cc: 1, armour: 3 }],
      dice: [4, 1, 3],
    }));
    expect(out).toEqual({
      attacker_total: 11, defender_total: 7, winner: 'attacker', rounds: 1,
      fighters: { cyber: { hit: false, damage: 0, destroyed: false }, landing: { hit: true, damage: 1, destroyed: true } },
      dice_used: [4, 1, 3],
    });
  });

  it('EX: «боец с пистолетом может стрелять на дальность 4 Шагов … 18 см … не в зоне поражения»', () => {
    const target = { armour: 3, kind: 'infantry', unit_type: 'infantry' };
    expect(both(bp({ action: 'virtual-shot', distance_cm: 16, shooters: [{ weapons: ['pistol'] }], target, dice: [2] }))).toMatchObject({ allowed: true, steps: 4, hit: true, effect: 'killed', damage: 1, destroyed: true, state: 'destroyed' });
    expect(both(bp({ action: 'virtual-shot', distance_cm: 18, shooters: [{ weapons: ['pistol'] }], target, dice: [] }))).toMatchObject({ allowed: false, steps: 4.5, range_steps: 4, damage: 0, state: 'normal' });
  });
});

describe('the new actions through the compiled CLI', () => {
  it('Вторжение', () => {
    expect(both(vt({ action: 'blast', weapon: 'grenade-launcher', victims: [{ id: 'm2', distance_cm: 9, armour: 3, stamina: 1 }], dice: [6, 1] }))).toMatchObject({ victims: { m2: { caught: true, destroyed: true } } });
    expect(both(vt({ action: 'close-combat-vehicle', attackers: [{ cc: 4 }], vehicle: { side: 'rear' }, dice: [4] }))).toMatchObject({ damaged: true, damage: 1 });
    expect(both(vt({ action: 'ram', rammer: {}, target: { kind: 'infantry', armour: 3 }, dice: [6, 1] }))).toMatchObject({ target_effect: 'killed' });
    expect(both(vt({ action: 'stand-up', kind: 'infantry', at_start_of_turn: true }))).toMatchObject({ allowed: true, fallen: false });
    expect(both(vt({ action: 'first-player', seed: 'club-night' }))).toHaveProperty('first');
    expect(both(vt({ action: 'real-shot', target: { kind: 'gun' }, hit: true, fell: false }))).toEqual({ damage: 0, destroyed: false, fallen: false, next_turn: 'skip', dice_used: [] });
    expect(both(vt({ action: 'real-shot', target: { kind: 'infantry', stamina: 1 }, hit: false, fell: true }))).toMatchObject({ fallen: true, damage: 0, destroyed: false });
  });

  it('Бронепехота', () => {
    expect(both(bp({ action: 'grenade-throw', distance_cm: 8, thrower: { weapon_class: null }, target: { armour: 4, kind: 'infantry' }, dice: [2] }))).toMatchObject({ hit: true, grenades_left: 1 });
    expect(both(bp({ action: 'allowance', unit_type: 'fixed-gun', damage: 2, own_turns_since_critical: 1 }))).toMatchObject({ shoot: false });
    expect(both(bp({ action: 'close-combat', attacker: { cc: 3, armour: 3 }, defender: { cc: 1, armour: 3, kind: 'cyborg', damage: 1 }, dice: [4, 1] }))).toMatchObject({ defender: { damage: 2, critical: true, state: 'stands-shoots' } });
    expect(both(bp({ action: 'first-player', dice: [6, 1] }))).toMatchObject({ first: 'A' });
  });
});

describe('bad input of each new action: exit 2, one line naming the field', () => {
  it('Вторжение', () => {
    expect(rejected(vt({ action: 'virtual-shot', distance_cm: 20, shooter: { weapon: 'railgun' }, target: { armour: 3, stamina: 1 } }))).toMatch(/^resolve: shooter\.weapon: unknown weapon "railgun"/);
    expect(rejected(vt({ action: 'virtual-shot', distance_cm: 20, shooter: { weapon: 'smg' }, target: { armour: 3, stamina: 1 } }))).toMatch(/^resolve: shooter\.mode: declare a fire mode for smg/);
    expect(rejected(vt({ action: 'virtual-shot', distance_cm: 20, shooter: {}, target: { armour: 3, stamina: 1 } }))).toMatch(/^resolve: shooter\.power: is missing/);
    expect(rejected(vt({ action: 'virtual-shot', distance_cm: 20, shooter: { power: 3, gun: { crew_distance_cm: -1 } }, target: { armour: 3, stamina: 1 } }))).toMatch(/^resolve: shooter\.gun\.crew_distance_cm: /);
    expect(rejected(vt({ action: 'blast', weapon: 'pistol', victims: [{ id: 'a', distance_cm: 5, armour: 0, stamina: 1 }] }))).toMatch(/^resolve: weapon: pistol has no blast/);
    expect(rejected(vt({ action: 'blast', power: 3, radius_steps: 2, victims: [] }))).toMatch(/^resolve: victims: /);
    expect(rejected(vt({ action: 'blast', power: 3, radius_steps: 2, victims: Array.from({ length: 13 }, (_, i) => ({ id: `m${i}`, distance_cm: 5, armour: 0, stamina: 1 })) }))).toMatch(/^resolve: victims: /);
    expect(rejected(vt({ action: 'blast', power: 3, radius_steps: 2, victims: [{ id: 'a', distance_cm: 5, armour: 'x', stamina: 1 }] }))).toBe('resolve: victims[0].armour: expected an integer, got "x"');
    expect(rejected(vt({ action: 'close-combat', attackers: [{ cc: 1, armour: 1 }], defenders: [{ cc: 0, armour: 0, gun: true }] }))).toBe('resolve: defenders[0].gun: guns cannot be attacked in close combat, only the models serving them');
    expect(rejected(vt({ action: 'close-combat-vehicle', attackers: [{ cc: 1 }], vehicle: {} }))).toMatch(/^resolve: vehicle\.side: is missing/);
    expect(rejected(vt({ action: 'close-combat-vehicle', attackers: [{ cc: 1 }], vehicle: { side: 'top' } }))).toMatch(/^resolve: vehicle\.side: expected one of/);
    expect(rejected(vt({ action: 'close-combat-vehicle', attackers: [{ cc: 1 }], vehicle: { side: 'rear', damage: 3 } }))).toMatch(/^resolve: vehicle\.damage: must be less than stamina 3/);
    expect(rejected(vt({ action: 'ram', rammer: {}, target: { kind: 'infantry' } }))).toMatch(/^resolve: target\.armour: is missing/);
    expect(rejected(vt({ action: 'ram', rammer: {}, target: { kind: 'gun', armour: 2 } }))).toMatch(/^resolve: target\.kind: expected one of/);
    expect(rejected(vt({ action: 'stand-up', kind: 'infantry' }))).toBe('resolve: at_start_of_turn: is missing (expected a boolean)');
    expect(rejected(vt({ action: 'stand-up', kind: 'gun', at_start_of_turn: true }))).toMatch(/^resolve: kind: expected one of/);
    expect(rejected(vt({ action: 'first-player', players: ['A', 'A'] }))).toMatch(/^resolve: players: two players share one name/);
    expect(rejected(vt({ action: 'real-shot', target: { kind: 'vehicle' }, hit: true, fell: false }))).toMatch(/^resolve: target\.stamina: is missing/);
  });

  it('Бронепехота', () => {
    const target = { armour: 4, kind: 'infantry' };
    expect(rejected(bp({ action: 'virtual-shot', distance_cm: 8, shooters: [{ weapons: ['blaster'] }], target }))).toMatch(/^resolve: shooters\[0\]\.weapons\[0\]: unknown weapon "blaster"/);
    expect(rejected(bp({ action: 'virtual-shot', distance_cm: 8, shooters: [{ range_steps: 4 }], target }))).toMatch(/^resolve: shooters\[0\]\.shooting: is missing/);
    expect(rejected(bp({ action: 'virtual-shot', distance_cm: 8, shooters: [{ shooting: 3, range_steps: 4, weapon_count: 3 }], target }))).toMatch(/^resolve: shooters\[0\]\.weapon_count: /);
    expect(rejected(bp({ action: 'virtual-shot', distance_cm: 8, shooters: [{ weapons: ['smg'] }], target: { armour: 5, kind: 'vehicle', unit_type: 'dragon' } }))).toMatch(/^resolve: target\.unit_type: unknown unit type "dragon"/);
    expect(rejected(bp({ action: 'virtual-shot', distance_cm: 8, shooters: [{ weapons: ['smg'] }], target, grenades: 'yes' }))).toMatch(/^resolve: grenades: expected a boolean/);
    expect(rejected(bp({ action: 'grenade-throw', distance_cm: 8, thrower: {}, target }))).toMatch(/^resolve: thrower\.weapon_class: /);
    expect(rejected(bp({ action: 'grenade-throw', distance_cm: 8, thrower: { weapon_class: 'light', grenades_left: -1 }, target }))).toMatch(/^resolve: thrower\.grenades_left: /);
    expect(rejected(bp({ action: 'allowance', unit_type: 'walker', damage: 9 }))).toMatch(/^resolve: damage: must be at most 6/);
    expect(rejected(bp({ action: 'allowance', damage: 1 }))).toMatch(/^resolve: unit_type: is missing/);
    expect(rejected(bp({ action: 'close-combat', attacker: { cc: 1, armour: 3 }, defender: { cc: 1, armour: 3, kind: 'cyborg', damage: 4 } }))).toMatch(/^resolve: defender\.damage: must be less than 4/);
    expect(rejected(bp({ action: 'first-player', players: ['A'] }))).toMatch(/^resolve: players: /);
  });
});
