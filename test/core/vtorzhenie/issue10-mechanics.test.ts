import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';

const data = vtorzhenie.data;
const resolve = (fields: Record<string, unknown>) => {
  const r = resolveScenario({ ruleset: 'vtorzhenie', ...fields });
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
  return r.output;
};
const refused = (fields: Record<string, unknown>) => {
  const r = resolveScenario({ ruleset: 'vtorzhenie', ...fields });
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.output)}`);
  return r.error;
};
const odds = (fields: Record<string, unknown>) => resolve({ ...fields, exact: true }).odds as Record<string, string>;
const infantry = { armour: 3, stamina: 1 };

describe('Вторжение blasts', () => {
  it('a hit with a blast weapon says so; every model within 2 steps then gets a Power 3 hit', () => {
    // «Если Тест на Точность пройден успешно, то в радиусе 2 шагов от Цели все фигурки получают попадание с мощностью 3.»
    const shot = resolve({ action: 'virtual-shot', distance_cm: 30, shooter: { weapon: 'grenade-launcher' }, target: infantry, dice: [3, 4, 4, 2] });
    expect(shot).toMatchObject({ allowed: true, to_hit: 6, accuracy: 7, hit: true, penetrated: true, destroyed: true, weapon: 'grenade-launcher', blast: true });
    expect(resolve({ action: 'virtual-shot', distance_cm: 30, shooter: { weapon: 'grenade-launcher' }, target: infantry, dice: [1, 2] })).toMatchObject({ hit: false, blast: false });
    expect(resolve({ action: 'virtual-shot', distance_cm: 30, shooter: { weapon: 'pistol' }, target: infantry, dice: [3, 4, 6, 1] })).toMatchObject({ hit: true, blast: false });

    const victims = [
      { id: 'a', distance_cm: 10, armour: 3, stamina: 1 },
      { id: 'b', distance_cm: 11, armour: 3, stamina: 1 },
      { id: 'c', distance_cm: 12, armour: 3, stamina: 1 },
      { id: 'g', distance_cm: 5, armour: 0, stamina: 1, gun: true },
    ];
    // a: 4 + 3 = 7 against 3 + 3 = 6, through; b: 1 + 3 = 4 against 6 + 3, held; c is 3 steps off; a gun is never shot virtually.
    expect(resolve({ action: 'blast', weapon: 'grenade-launcher', victims, dice: [4, 3, 1, 6] })).toEqual({
      power: 3,
      radius_steps: 2,
      victims: {
        a: { steps: 2, caught: true, penetrated: true, damage: 1, destroyed: true },
        b: { steps: 2, caught: true, penetrated: false, damage: 0, destroyed: false },
        c: { steps: 3, caught: false, penetrated: false, damage: 0, destroyed: false },
        g: { steps: 1, caught: false, penetrated: false, damage: 0, destroyed: false },
      },
      dice_used: [4, 3, 1, 6],
    });
    const o = odds({ action: 'blast', weapon: 'tank-gun', victims: [victims[0], { id: 'v', distance_cm: 9, armour: 7, stamina: 3, damage: 2, vehicle: true }] });
    expect(o['victims.a.destroyed=true']).toBe('5/12'); // 15 of 36: D6 + 3 > D6 + 3
    expect(o['victims.v.destroyed=true']).toBe('1/3'); // a vehicle does not roll: D6 + 3 > 7 on a 5 or a 6
  });

  it('a real launcher\'s blast by its numbers; no weapon and no power is named', () => {
    expect(resolve({ action: 'blast', power: 3, radius_steps: 2, victims: [{ id: 'x', distance_cm: 3, armour: 0, stamina: 1 }], dice: [1, 4] })).toMatchObject({ victims: { x: { caught: true, penetrated: false } } });
    expect(refused({ action: 'blast', victims: [{ id: 'x', distance_cm: 3, armour: 0, stamina: 1 }] })).toMatchObject({ field: 'power' });
    expect(refused({ action: 'blast', weapon: 'pistol', victims: [{ id: 'x', distance_cm: 3, armour: 0, stamina: 1 }] })).toMatchObject({ field: 'weapon' });
  });
});

describe('Вторжение close combat against vehicles and ramming', () => {
  it('D6 + CC against the armour of the side attacked, the vehicle rolls nothing; strictly greater is 1 damage', () => {
    // «Защитник кубик не бросает. Результат сравнивается с показателем Брони машины с учётом той стороны, с которой она была атакована. Если результат строго больше, то техника получает 1 повреждение.»
    const rear = { action: 'close-combat-vehicle', attackers: [{ cc: 4, attack_dice: 2 }], vehicle: { side: 'rear', damage: 2 } };
    expect(resolve({ ...rear, dice: [4, 1] })).toEqual({ attacker_total: 8, armour: 7, damaged: true, damage: 3, destroyed: true, dice_used: [4, 1] });
    expect(resolve({ ...rear, dice: [3, 2] })).toMatchObject({ attacker_total: 7, damaged: false, damage: 2, destroyed: false });
    expect(odds({ action: 'close-combat-vehicle', attackers: [{ cc: 4 }], vehicle: { side: 'front' } })['damaged=false']).toBe('1/1');
    expect(odds({ action: 'close-combat-vehicle', attackers: [{ cc: 4 }], vehicle: { side: 'rear' } })['damaged=true']).toBe('1/2');
  });

  it('ramming: both D6 + armour; higher kills infantry (a necrocyborg too) or deals 2; lower: steps back or the rammer takes 1', () => {
    // «Если результат техники больше, то цель погибает/получает два повреждения. Если меньше, то: Пехота отбегает на 1 шаг от техники. … Атаковавшая техника получает 1 повреждение.»
    expect(resolve({ action: 'ram', rammer: {}, target: { kind: 'infantry', armour: 3 }, dice: [1, 6] })).toMatchObject({
      vehicle_total: 11, target_total: 9, target_effect: 'killed', target: { damage: 1, destroyed: true }, rammer: { damage: 0, destroyed: false },
    });
    expect(resolve({ action: 'ram', rammer: {}, target: { kind: 'cyborg', armour: 4 }, dice: [3, 2] })).toMatchObject({ target_effect: 'killed', target: { damage: 2, destroyed: true } });
    expect(resolve({ action: 'ram', rammer: { armour: 7 }, target: { kind: 'infantry', armour: 3 }, dice: [1, 6] })).toMatchObject({ target_effect: 'steps-back', target: { damage: 0, destroyed: false } });
    expect(resolve({ action: 'ram', rammer: { damage: 2 }, target: { kind: 'vehicle', side: 'side' }, dice: [1, 6] })).toMatchObject({
      vehicle_total: 11, target_total: 14, target_effect: 'none', rammer_damage: 1, rammer: { damage: 3, destroyed: true }, target: { damage: 0 },
    });
    expect(resolve({ action: 'ram', rammer: {}, target: { kind: 'vehicle', side: 'side', damage: 1 }, dice: [2, 4, 5, 1] })).toMatchObject({ rounds: 2, target_effect: 'damaged', target: { damage: 3, destroyed: true } });
    expect(odds({ action: 'ram', rammer: { armour: 8 }, target: { kind: 'vehicle', armour: 8 } })['target_effect=damaged']).toBe('1/2');
  });
});

describe('Вторжение close combat: the loser is hit', () => {
  it('a necrocyborg that loses takes 1 damage of its stamina 2, and falls to a second lost fight', () => {
    // «Стойкость … для некрокиборгов составляет 2»; «Результаты сравниваются. У кого больше, тот и выиграл.»
    const fight = (damage: number) => ({ action: 'close-combat', attackers: [{ id: 'necro', kind: 'cyborg', cc: 2, armour: 4, damage }], defenders: [{ id: 'trooper', cc: 4, armour: 3 }], dice: [1, 6] });
    expect(resolve(fight(0))).toEqual({
      attacker_total: 7, defender_total: 13, winner: 'defender', rounds: 1,
      fighters: { necro: { hit: true, damage: 1, destroyed: false }, trooper: { hit: false, damage: 0, destroyed: false } },
      dice_used: [1, 6],
    });
    expect(resolve(fight(1))).toMatchObject({ fighters: { necro: { damage: 2, destroyed: true } } });
    const o = odds({ action: 'close-combat', attackers: [{ kind: 'cyborg', cc: 2, armour: 4 }], defenders: [{ cc: 4, armour: 3 }] });
    expect(Object.keys(o).filter((k) => k.startsWith('fighters.a1.destroyed'))).toEqual(['fighters.a1.destroyed=false']);
  });

  it('several models on the losing side: each is hit (default)', () => {
    expect(data.close_combat.loser_hit).toMatchObject({ value: 'every-model', source: 'default' });
    const out = resolve({ action: 'close-combat', attackers: [{ cc: 1, armour: 3 }, { cc: 1, armour: 3, stamina: 2 }], defenders: [{ cc: 4, armour: 4, kind: 'cyborg' }], dice: [1, 6] });
    expect(out.fighters).toEqual({ a1: { hit: true, damage: 1, destroyed: true }, a2: { hit: true, damage: 1, destroyed: false }, d1: { hit: false, damage: 0, destroyed: false } });
  });

  it('guns cannot be attacked in close combat, only their crew', () => {
    // «Атаковать в ББ орудия нельзя, можно нападать только на фигурки, управляющие орудием.»
    expect(refused({ action: 'close-combat', attackers: [{ cc: 1, armour: 3 }], defenders: [{ cc: 0, armour: 0, gun: true }] })).toEqual({ field: 'defenders[0].gun', problem: 'guns cannot be attacked in close combat, only the models serving them' });
  });
});

describe('Вторжение weapons by id, fire modes and shot counts', () => {
  it('the sniper EX by weapon id: range 20, Power 3, +1, one shot', () => {
    const out = resolve({ action: 'virtual-shot', distance_cm: 44, shooter: { weapon: 'sniper-rifle' }, target: infantry, dice: [3, 5, 4, 3] });
    expect(out).toEqual({
      allowed: true, steps: 9, band: 'medium', to_hit: 9, accuracy: 9, hit: true, penetrated: true, damage: 1, destroyed: true,
      weapon: 'sniper-rifle', mode: null, shots: 1, shots_left: 0, blast: false, reroll_used: false, dice_used: [3, 5, 4, 3],
    });
  });

  it('SMG, assault rifle and machine gun declare a mode before the accuracy roll; its shots are the turn\'s rate of fire', () => {
    // «До броска на Точность, Игрок должен объявить, какой режим стрельбы будет использован»
    expect(refused({ action: 'virtual-shot', distance_cm: 20, shooter: { weapon: 'assault-rifle' }, target: infantry })).toMatchObject({ field: 'shooter.mode' });
    expect(refused({ action: 'virtual-shot', distance_cm: 20, shooter: { weapon: 'pistol', mode: 'burst' }, target: infantry })).toMatchObject({ field: 'shooter.mode' });
    expect(refused({ action: 'virtual-shot', distance_cm: 20, shooter: { weapon: 'railgun' }, target: infantry })).toMatchObject({ field: 'shooter.weapon' });
    const burst = { action: 'virtual-shot', distance_cm: 20, shooter: { weapon: 'assault-rifle', mode: 'burst', shots_fired: 1 }, target: infantry };
    // burst: −1 accuracy, so 3 + 3 − 1 = 5 misses the short band's 6+.
    expect(resolve({ ...burst, dice: [3, 3] })).toMatchObject({ allowed: true, accuracy: 5, hit: false, mode: 'burst', shots: 3, shots_left: 1 });
    expect(resolve({ ...burst, shooter: { ...burst.shooter, shots_fired: 3 } })).toMatchObject({ allowed: false, reason: 'assault-rifle has fired its 3 shot(s) this turn', dice_used: [] });
    expect(resolve({ action: 'virtual-shot', distance_cm: 20, shooter: { weapon: 'machine-gun', mode: 'long-burst' }, target: infantry, dice: [1, 1] })).toMatchObject({ shots: 5, shots_left: 4 });
  });
});

describe('Вторжение per-turn limits, checked by the action', () => {
  it('the limits are ruleset data from the seed', () => {
    expect(data.limits.weapons_fired_two_hands).toMatchObject({ value: 1, source: 'seed' });
    expect(data.limits.sniper_rerolls_per_turn).toMatchObject({ value: 1, source: 'seed' });
    expect(data.vehicle_virtual_weapons_per_turn).toMatchObject({ value: 2, source: 'seed' });
    expect(data.guns.crew_within_steps).toMatchObject({ value: 1, source: 'seed' });
    expect(data.turn.unit_activations_per_turn).toMatchObject({ value: 1, source: 'seed' });
    expect(data.turn.phases_interleaved).toMatchObject({ value: false, source: 'seed' });
  });

  it('two guns in two hands: only the declared one fires this turn', () => {
    // «во время своего хода она может выстрелить только из 1 оружия. Перед стрельбой, Игрок обязан указать из какого именно оружия»
    const shot = { action: 'virtual-shot', distance_cm: 20, target: infantry };
    expect(resolve({ ...shot, shooter: { weapon: 'smg', mode: 'single', declared_weapon: 'pistol' } })).toMatchObject({ allowed: false, reason: 'only 1 of the weapons in its hands fires per turn: pistol was declared', dice_used: [] });
    expect(resolve({ ...shot, shooter: { weapon: 'pistol', declared_weapon: 'pistol' }, dice: [1, 1] })).toMatchObject({ allowed: true });
  });

  it('a vehicle fires at most two of its weapons virtually per turn', () => {
    // «При виртуальной стрельбе, за один ход одна единица техники может использовать не больше двух своих орудий.»
    const shot = { action: 'virtual-shot', distance_cm: 50, target: { armour: 8, stamina: 3, vehicle: true } };
    expect(resolve({ ...shot, shooter: { weapon: 'grenade-launcher', vehicle_weapons_fired: ['tank-gun', 'machine-gun'] } })).toMatchObject({ allowed: false, reason: 'a vehicle uses at most 2 weapons per turn for virtual fire' });
    expect(resolve({ ...shot, shooter: { weapon: 'machine-gun', mode: 'short-burst', shots_fired: 1, vehicle_weapons_fired: ['tank-gun', 'machine-gun'] }, dice: [1, 1] })).toMatchObject({ allowed: true, shots_left: 1 });
  });

  it('a gun fires only with a friendly model within 1 step, one shot per barrel', () => {
    // «Орудие может стрелять, только при условии, что рядом с ним (на дистанции не более 1 шага) находится союзная фигурка. Орудие может совершать за ход по одному выстрелу из каждого ствола.»
    const shot = (gun: Record<string, unknown>) => resolve({ action: 'virtual-shot', distance_cm: 50, shooter: { weapon: 'tank-gun', gun }, target: infantry, dice: [1, 1] });
    expect(shot({ crew_distance_cm: 6 })).toMatchObject({ allowed: true });
    expect(shot({ crew_distance_cm: 7 })).toMatchObject({ allowed: false, reason: 'a gun fires only with a friendly model within 1 step' });
    expect(shot({ crew_distance_cm: null })).toMatchObject({ allowed: false });
    expect(shot({ crew_distance_cm: 2, barrel: 1, barrels_fired: [1] })).toMatchObject({ allowed: false, reason: 'barrel 1 has already fired this turn' });
    expect(shot({ crew_distance_cm: 2, barrel: 2, barrels_fired: [1] })).toMatchObject({ allowed: true });
  });

  it('the sniper rerolls one accuracy die once per turn', () => {
    // «При броске на Точность, Игрок может перекинуть 1 из кубиков 1 раз за ход»
    const shot = { action: 'virtual-shot', distance_cm: 44, target: infantry };
    expect(resolve({ ...shot, shooter: { weapon: 'sniper-rifle' }, dice: [2, 1, 6, 1, 6] })).toMatchObject({ accuracy: 9, hit: true, reroll_used: true, dice_used: [2, 1, 6, 1, 6] });
    expect(resolve({ ...shot, shooter: { weapon: 'sniper-rifle', reroll_used: true }, dice: [2, 1] })).toMatchObject({ accuracy: 4, hit: false, reroll_used: true, dice_used: [2, 1] });
    const fresh = odds({ ...shot, shooter: { weapon: 'sniper-rifle', reroll_used: false } });
    const spent = odds({ ...shot, shooter: { weapon: 'sniper-rifle', reroll_used: true } });
    expect(spent['hit=true']).toBe('5/12'); // 8+ on 2D6
    expect(fresh['hit=true']).not.toBe(spent['hit=true']);
  });

  it('no virtual fire at guns', () => {
    // «Стрельба по орудиям. Виртуальную стрельбу по ним вести нельзя.»
    expect(resolve({ action: 'virtual-shot', distance_cm: 20, shooter: { power: 3 }, target: { ...infantry, gun: true } })).toMatchObject({ allowed: false, reason: 'guns cannot be shot virtually (only real launchers hit them)', dice_used: [] });
  });
});

describe('Вторжение standing up and the first player', () => {
  it('standing up: only at the start of the owner\'s turn, for 5 speed points', () => {
    // «Поднять упавшую модель Игрок-владелец может только в начале своего хода. На совершение этого действия, модель тратит 5 очков своей «Скорости».»
    expect(resolve({ action: 'stand-up', kind: 'vehicle', at_start_of_turn: true })).toEqual({ allowed: true, speed_steps: 8, left_steps: 3, fallen: false, dice_used: [] });
    expect(resolve({ action: 'stand-up', kind: 'infantry', armour: 3, at_start_of_turn: false })).toMatchObject({ allowed: false, fallen: true, reason: "a fallen model is stood up only at the start of its owner's turn" });
    // A necrocyborg (speed 3) spends its whole move (default).
    expect(data.movement.stand_up_below_cost).toMatchObject({ value: 'whole-move', source: 'default' });
    expect(resolve({ action: 'stand-up', kind: 'cyborg', at_start_of_turn: true })).toMatchObject({ allowed: true, speed_steps: 3, left_steps: 0 });
    expect(resolve({ action: 'stand-up', kind: 'infantry', at_start_of_turn: true, fallen: false })).toMatchObject({ allowed: false, reason: 'the model is standing' });
  });

  it('the first player by a die roll, a tie rolled again (default)', () => {
    // «Кто ходит первым, решается броском кубика – у кого выпало больше, тот и начинает.»
    expect(resolve({ action: 'first-player', dice: [3, 5] })).toEqual({ first: 'B', order: ['B', 'A'], rolls: [3, 5], dice_used: [3, 5] });
    expect(resolve({ action: 'first-player', players: ['red', 'blue'], dice: [4, 4, 6, 2] })).toMatchObject({ first: 'red', order: ['red', 'blue'], rolls: [6, 2] });
    expect(odds({ action: 'first-player' })).toEqual({ 'first=A': '1/2', 'first=B': '1/2' });
    expect(data.turn.first_player_tie).toMatchObject({ value: 'roll-again', source: 'default' });
  });
});
