import { describe, expect, it } from 'vitest';
import { bronepekhota } from '../../../src/core/rulesets/bronepekhota/system.js';
import { NEW_UNIT_TURN, startPhase } from '../../../src/core/rulesets/bronepekhota/turn.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const data = bronepekhota.data;
const resolve = (fields: Record<string, unknown>) => {
  const r = resolveScenario({ ruleset: 'bronepekhota', ...fields });
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
  return r.output;
};
const refused = (fields: Record<string, unknown>) => {
  const r = resolveScenario({ ruleset: 'bronepekhota', ...fields });
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.output)}`);
  return r.error;
};
const odds = (fields: Record<string, unknown>) => resolve({ ...fields, exact: true }).odds as Record<string, string>;
const rifle = { weapons: ['assault-rifle'] };
const infantry = { armour: 4, kind: 'infantry' };

describe('issue 10 defect, Бронепехота: virtual damage reaches the damage track', () => {
  it('a virtual hit on a walker adds 1 and reports the track: critical at 3, destroyed at 6', () => {
    // «Если сумма Показателя Стрельбы и броска D6 на этот выстрел,больше Брони цели –пехотинец убит, боевая техника или Киборг получают 1 повреждение.»
    const shot = (damage: number) => ({ action: 'virtual-shot', distance_cm: 20, shooters: [{ shooting: 4, range_steps: 12 }], target: { armour: 5, kind: 'vehicle', unit_type: 'walker', damage }, dice: [2] });
    expect(resolve(shot(2))).toEqual({
      allowed: true, steps: 5, attacker_total: 6, defender_total: 5, hit: true, effect: 'damage',
      damage_added: 1, damage: 3, destroyed: false, critical: true, state: 'stands-shoots', dice_used: [2],
    });
    // Hit after hit, the output's total fed back as the next input: critical, then maximum.
    let damage = 0;
    const states: string[] = [];
    while (damage < data.unit_types.walker!.max_damage.value) {
      const out = resolve(shot(damage));
      damage = out.damage as number;
      states.push(out.state as string);
    }
    expect(states).toEqual(['normal', 'normal', 'stands-shoots', 'stands-shoots', 'stands-shoots', 'destroyed']);
    // A miss adds nothing and still reports the state.
    expect(resolve({ ...shot(3), dice: [1] })).toMatchObject({ hit: false, damage_added: 0, damage: 3, critical: true, state: 'stands-shoots' });
    const o = odds({ ...shot(5), dice: undefined });
    expect(o['destroyed=true']).toBe('5/6'); // 4 + D6 > 5 unless a 1
    expect(o['state=destroyed']).toBe('5/6');
  });

  it('a close-combat blow on a cyborg or alien counts 1 on its track; infantry struck is killed', () => {
    // «После определения результатов обоих ударов, поражённые пехотинцы убираются с поля, а «Чужим» и Киборгам записывают 1 повреждение.»
    const out = resolve({ action: 'close-combat', attacker: { cc: 2, armour: 3 }, defender: { cc: 1, armour: 4, kind: 'cyborg', damage: 1 }, dice: [3, 3] });
    expect(out).toMatchObject({
      defender_struck: true, attacker_struck: true,
      attacker: { damage_added: 1, damage: 1, destroyed: true, critical: false, state: 'destroyed' },
      defender: { damage_added: 1, damage: 2, destroyed: false, critical: true, state: 'stands-shoots' },
    });
    expect(resolve({ action: 'close-combat', attacker: { cc: 4, armour: 3 }, defender: { cc: 0, armour: 2, kind: 'alien', damage: 3 }, dice: [1, 1] }).defender).toMatchObject({ damage: 4, destroyed: true });
    expect(refused({ action: 'close-combat', attacker: { cc: 1, armour: 3 }, defender: { cc: 1, armour: 3, kind: 'cyborg', unit_type: 'walker' } })).toMatchObject({ field: 'defender.unit_type' });
  });

  it('a vehicle or gun without its unit type cannot be counted: the field is named', () => {
    expect(refused({ action: 'virtual-shot', distance_cm: 8, shooters: [rifle], target: { armour: 5, kind: 'vehicle', damage: 1 } })).toMatchObject({ field: 'target.unit_type' });
    expect(refused({ action: 'virtual-shot', distance_cm: 8, shooters: [rifle], target: { armour: 5, kind: 'vehicle', unit_type: 'walker', damage: 6 } })).toMatchObject({ field: 'target.damage' });
  });
});

describe('Бронепехота hand grenades', () => {
  it('a volley within 2 steps adds the grenade of each trooper who passes his own check', () => {
    // «В случае Атаки с расстояния 2 Шага и меньше, к результату Показателя Стрельбы можно добавить результат использования Ручных Гранат всех бойцов, участвовавших в ЗАЛПе.»
    // «с Лёгким вооружением: D6 = 2 и более»
    const volley = { action: 'virtual-shot', distance_cm: 8, shooters: [rifle, rifle], target: infantry, grenades: true };
    const grenade = data.hand_grenade.shooting.value;
    expect(resolve({ ...volley, dice: [6, 1, 3, 4] })).toEqual({
      allowed: true, steps: 2, attacker_total: 3 + 3 + grenade + 3, defender_total: 4 + 2 + 4, hit: true, effect: 'killed',
      weapons_firing: 2, range_steps: 8,
      grenade_checks: [{ rolled: true, may_throw: true }, { rolled: true, may_throw: false }], grenades_thrown: 1, grenades_left: [1, 2],
      dice_used: [6, 1, 3, 4],
    });
    // 3 steps: no grenades, no checks.
    expect(resolve({ ...volley, distance_cm: 12, dice: [3, 4] })).toMatchObject({ attacker_total: 9, grenades_thrown: 0, grenades_left: [2, 2] });
    // Pilots and gun operators always; nobody throws a grenade he no longer has.
    expect(resolve({ ...volley, shooters: [{ ...rifle, role: 'pilot' }, { ...rifle, grenades_left: 0 }], dice: [1, 1] })).toMatchObject({ grenades_thrown: 1, grenades_left: [1, 0], dice_used: [1, 1] });
    const o = odds({ ...volley, shooters: [rifle, { weapons: ['machine-gun'] }] });
    const hit = o['hit=true'];
    expect(hit).toBeDefined();
  });

  it('a grenade thrown on its own: always with only close-combat weapons, else after the class check; only 2', () => {
    // «Если у пехотинца только Контактное оружие для Ближнего боя – граната ВСЕГДА (без броска D6) может использоваться в фазе Атака. Помните: у одного пехотинца ТОЛЬКО 2 Гранаты!!!»
    const throwAt = (thrower: Record<string, unknown>, dice: number[]) => resolve({ action: 'grenade-throw', distance_cm: 8, thrower, target: infantry, dice });
    expect(throwAt({ weapon_class: null }, [2])).toEqual({
      allowed: true, steps: 2, attacker_total: 5, defender_total: 4, hit: true, effect: 'killed', rolled: false, may_throw: true, grenades_left: 1, dice_used: [2],
    });
    expect(throwAt({ weapon_class: 'heavy' }, [4])).toMatchObject({ allowed: false, rolled: true, may_throw: false, grenades_left: 2, dice_used: [4] });
    expect(throwAt({ weapon_class: 'heavy' }, [5, 1])).toMatchObject({ allowed: true, may_throw: true, hit: false, grenades_left: 1 });
    expect(throwAt({ weapon_class: null, grenades_left: 0 }, [])).toMatchObject({ may_throw: false, grenades_left: 0 });
    expect(odds({ action: 'grenade-throw', distance_cm: 8, thrower: { weapon_class: 'special' }, target: { armour: 5, kind: 'cyborg', damage: 1 } })['damage=2']).toBe('1/3'); // 4+ then 3 + D6 > 5: 1/2 × 2/3
  });
});

describe('Бронепехота two weapons in a volley', () => {
  it('a trooper with a weapon in each hand brings their combined Shooting and counts as two weapons firing', () => {
    // «В армлистах отрядов, для пехотинца имеющего два оружия в руках, указан Общий Показатель Стрельбы.»
    // «Цель прибавляет к своей Броне столько единиц, сколько было стреляющих оружий в этой Атаке»
    expect(data.two_weapons.counts_as_weapons).toMatchObject({ value: 2, source: 'seed' });
    const pair = { action: 'virtual-shot', distance_cm: 12, shooters: [{ weapons: ['smg', 'pistol'] }, rifle], target: infantry, dice: [4, 2] };
    expect(resolve(pair)).toEqual({ allowed: true, steps: 3, attacker_total: 3 + 2 + 3 + 4, defender_total: 4 + 3 + 2, hit: true, effect: 'killed', weapons_firing: 3, range_steps: 4, dice_used: [4, 2] });
    // The same with the armlist's numbers.
    const numbers = { ...pair, shooters: [{ shooting: 5, range_steps: 4, weapon_count: 2 }, { shooting: 3, range_steps: 8 }] };
    expect(resolve(numbers)).toMatchObject({ attacker_total: 12, defender_total: 9, weapons_firing: 3 });
    // The pistol's 4 steps limit the volley: 18 cm is out of reach.
    expect(resolve({ ...pair, distance_cm: 18, dice: [] })).toMatchObject({ allowed: false, range_steps: 4 });
    expect(refused({ ...pair, shooters: [{ weapons: ['smg', 'blaster'] }] })).toMatchObject({ field: 'shooters[0].weapons[1]' });
  });
});

describe('Бронепехота states and turns', () => {
  it('shoots every other turn: a mobile gun at its critical damage shoots on the first, third… own turn', () => {
    // «Мобильное стреляющее орудие с бойцом … стреляет через ход»; «Стандартный бронеход … стоит, но стреляет»
    const turns = [0, 1, 2, 3].map((t) => resolve({ action: 'allowance', unit_type: 'mobile-gun', damage: 2, own_turns_since_critical: t }));
    expect(turns.map((a) => a.shoot)).toEqual([true, false, true, false]);
    expect(turns[0]).toEqual({ state: 'shoots-every-other-turn', critical: true, move: true, shoot: true, dice_used: [] });
    expect(data.critical_states.every_other_turn_first).toMatchObject({ value: 'shoots', source: 'default' });
    expect(resolve({ action: 'allowance', unit_type: 'walker', damage: 3 })).toMatchObject({ state: 'stands-shoots', move: false, shoot: true });
    expect(resolve({ action: 'allowance', unit_type: 'walker', damage: 1 })).toMatchObject({ state: 'normal', move: true, shoot: true });
    expect(resolve({ action: 'allowance', unit_type: 'walker', damage: 6 })).toMatchObject({ state: 'destroyed', move: false, shoot: false });
    expect(refused({ action: 'allowance', unit_type: 'walker', damage: 7 })).toMatchObject({ field: 'damage' });
  });

  it('one unit per turn, as turn data the game enforces; the phase check refuses a second unit', () => {
    // «Полный Ход игрока состоит из трёх фаз одного Юнита: Маневр, Атака, Ближний Бой.»
    expect(data.turn.units_per_turn).toMatchObject({ value: 1, source: 'seed' });
    expect(data.turn.phases).toMatchObject({ value: ['maneuver', 'attack', 'close-combat'], source: 'seed' });
    const first = startPhase(NEW_UNIT_TURN, 'squad-1', 'infantry', 'maneuver', data);
    expect(first.ok).toBe(true);
    if (first.ok) expect(startPhase(first.turn, 'walker-1', 'walker', 'attack', data)).toEqual({ ok: false, reason: 'this turn belongs to unit squad-1: a turn is one unit\'s phases' });
  });

  it('the first player by D6', () => {
    // «Кто ходит первым, решается броском кубика D6 – у кого выпало больше, тот и начинает.»
    expect(resolve({ action: 'first-player', dice: [2, 5] })).toMatchObject({ first: 'B', order: ['B', 'A'] });
    expect(odds({ action: 'first-player', players: ['A', 'B', 'C'] })).toEqual({ 'first=A': '1/3', 'first=B': '1/3', 'first=C': '1/3' });
  });
});
