import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

function run(fields: Record<string, unknown>): Record<string, unknown> {
  const r = resolveScenario({ ruleset: 'stalnaya-voyna', ...fields });
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
  return r.output;
}

function refusedField(fields: Record<string, unknown>): string {
  const r = resolveScenario({ ruleset: 'stalnaya-voyna', ...fields });
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.output)}`);
  return r.error.field;
}

describe('unsuppress (seed example)', () => {
  it('«На кубе качества к6 должно выпасть больше единицы. Но, как раз, «1» и выпадает! ... Выпадает «2». Маркер подавления снимается»', () => {
    const partisans = { action: 'unsuppress', quality: 'd6', leadership: 1, suppression: 1 };
    expect(run({ ...partisans, attempt: 1, dice: [1] })).toEqual({ passed: false, needed_above: 1, suppression: 1, attempts_left: 1, dice_used: [1] });
    expect(run({ ...partisans, attempt: 2, dice: [2] })).toEqual({ passed: true, needed_above: 1, suppression: 0, attempts_left: 0, dice_used: [2] });
  });

  it('«может быть предпринято за активацию дважды»: a third attempt is refused', () => {
    expect(refusedField({ action: 'unsuppress', quality: 'd6', leadership: 1, suppression: 2, attempt: 3 })).toBe('attempt');
  });
});

describe('charge test', () => {
  it('«При обычном командире (лидерство 2) «стойкому» отделению нужно на кубе качества выбросить больше «3»»', () => {
    const steady = { action: 'charge-test', quality: 'd8', leadership: 2, morale: 'steady' };
    expect(run({ ...steady, dice: [3] })).toMatchObject({ needed_above: 3, passed: false, charges: false, activation_lost: true });
    expect(run({ ...steady, dice: [4] })).toMatchObject({ needed_above: 3, passed: true, charges: true, activation_lost: false });
    expect(run({ ...steady, morale: 'shaken', dice: [5] })).toMatchObject({ needed_above: 5, passed: false });
  });

  it('«Разбитые и бегущие отделения в рукопашный бой не пойдут ни при каких обстоятельствах»', () => {
    expect(refusedField({ action: 'charge-test', quality: 'd8', leadership: 2, morale: 'broken' })).toBe('morale');
    expect(refusedField({ action: 'charge-test', quality: 'd8', leadership: 2, morale: 'fleeing' })).toBe('morale');
  });

  it('«выбросить на своём кубе качества больше, чем лидерства командира +1 за каждую потерю ... Если тест не пройден, атакующие получают маркер «подавления» и возвращаются на исходные позиции»', () => {
    const retest = { action: 'charge-test', quality: 'd8', leadership: 2, morale: 'steady', casualties_from_defensive_fire: 2 };
    expect(run({ ...retest, dice: [4] })).toMatchObject({ test: 'after-fire', needed_above: 4, passed: false, suppressed: true, back_to_start: true });
    expect(run({ ...retest, dice: [5] })).toMatchObject({ passed: true, charges: true, suppressed: false });
  });

  it('«Если они остановились в двух дюймах или меньше атака считается удачной»', () => {
    expect(run({ action: 'charge-reach', gap_in: 2 })).toMatchObject({ reached: true, defender_free_fire: false });
    expect(run({ action: 'charge-reach', gap_in: 2.1 })).toMatchObject({ reached: false, defender_free_fire: true, free_fire_suppresses: false });
  });
});

describe('paired melee', () => {
  it('««регулярный» (к8), вооружённый автоматом ПМ-24 «Кошмар» (считается пистолет-пулемётом), с примкнутым штыком ... будет иметь на самом деле к12»', () => {
    const out = run({
      action: 'paired-melee',
      fights: [{ attackers: [{ quality: 'd8', weapons: ['smg', 'melee-weapon'] }], defenders: [{ quality: 'd6', weapons: ['flamethrower'] }, { quality: 'd6', cavalry_easy_ground: true }] }],
      dice: [12, 1, 1],
    });
    expect(out.dice).toEqual([{ attackers: ['d12'], defenders: ['d10', 'd10'] }]);
    expect(out).toMatchObject({ attacker: { casualties: 0 }, defender: { casualties: 2 } });
  });

  it('«У андроида выпало «6» у гвардейцев «1» и «8» ... потерян оказывается один андроид и один гвардеец»', () => {
    const out = run({
      action: 'paired-melee',
      fights: [{ attackers: [{ id: 'guard-1', quality: 'd10' }, { id: 'guard-2', quality: 'd10' }], defenders: [{ id: 'android', quality: 'd8' }] }],
      dice: [6, 1, 8],
    });
    expect(out).toMatchObject({ attacker: { casualties: 1 }, defender: { casualties: 1 }, roll_order: ['android', 'guard-1', 'guard-2'] });
  });

  it('«У кого меньше – тот сразу в потери. Если результат равный – бой продолжается»; the side with more casualties tests first, threat +1 per casualty', () => {
    const pair = { attackers: [{ quality: 'd6' }], defenders: [{ quality: 'd6' }] };
    const out = run({ action: 'paired-melee', fights: [pair, pair, pair], dice: [3, 3, 2, 5, 1, 4] });
    expect(out).toMatchObject({ attacker: { casualties: 2 }, defender: { casualties: 0 }, morale_first: 'attacker', threat: 2 });
  });

  it('many on many is refused: one side of each fight is a single fighter', () => {
    const two = [{ quality: 'd6' }, { quality: 'd6' }];
    expect(refusedField({ action: 'paired-melee', fights: [{ attackers: two, defenders: two }] })).toBe('fights[0].defenders');
  });
});

describe('morale and threat', () => {
  const test = { action: 'morale', quality: 'd8', leadership: 2, morale: 'steady' };
  it('«Если атакующих больше, чем атакованных надо добавить +1 к угрозе, если вдвое больше – то +2, если втрое, то +3»', () => {
    expect(run({ ...test, threat_from: { attackers: 5, defenders: 4 }, dice: [8] }).threat).toBe(1);
    expect(run({ ...test, threat_from: { attackers: 8, defenders: 4 }, dice: [8] }).threat).toBe(2);
    expect(run({ ...test, threat_from: { attackers: 12, defenders: 4 }, dice: [8] }).threat).toBe(3);
    expect(run({ ...test, threat_from: { attackers: 4, defenders: 4 }, dice: [8] }).threat).toBe(0);
  });

  it('«атакующий «в клинки» всадник считается как два пехотинца»; «страшные» бойцы: «модификаторы угрозы удваиваются»', () => {
    expect(run({ ...test, threat_from: { cavalry: 4, defenders: 4 }, dice: [8] }).threat).toBe(2);
    expect(run({ ...test, threat_from: { attackers: 8, defenders: 4, terrifying: true, melee_casualties: 1 }, dice: [8] }).threat).toBe(6);
  });

  it('«не прошёл тест на мораль ... снижает свой показатель боевого духа ... оказаться в 6 дюймах»', () => {
    expect(run({ ...test, threat: 2, dice: [4] })).toEqual({ threat: 2, needed_above: 4, passed: false, morale: 'shaken', falls_back_in: 6, dice_used: [4] });
    expect(run({ ...test, threat: 2, dice: [5] })).toMatchObject({ passed: true, morale: 'steady', falls_back_in: 0 });
    expect(run({ ...test, morale: 'fleeing', threat: 2, dice: [1] })).toMatchObject({ morale: 'fleeing' });
  });
});

describe('prone and standing up', () => {
  it('«Пехотное отделение может потратить одно своё действие, чтобы залечь» ... «залегать» нельзя в воде', () => {
    expect(run({ action: 'lie-down' })).toMatchObject({ prone: true, actions_spent: 1, may_move: false });
    expect(refusedField({ action: 'lie-down', in_water: true })).toBe('in_water');
  });

  it('«или потратить одно действие, чтобы выйти из «залегания», или ... пройти командирский тест, если удачно – движемся как обычно. Если нет – действие потеряно»', () => {
    expect(run({ action: 'stand-up', by: 'action' })).toMatchObject({ prone: false, moves_now: false, actions_spent: 1 });
    expect(run({ action: 'stand-up', by: 'test', quality: 'd6', leadership: 2, dice: [3] })).toMatchObject({ prone: false, passed: true, moves_now: true });
    expect(run({ action: 'stand-up', by: 'test', quality: 'd6', leadership: 2, dice: [2] })).toMatchObject({ prone: true, passed: false, moves_now: false });
    expect(refusedField({ action: 'stand-up', by: 'test', leadership: 2 })).toBe('quality');
  });
});

describe('casualties by kind, carried to later events', () => {
  it('«При попадании (но не подавлении) из огнемёта любая его жертва «ранена» автоматически а результат «убит» означает, что она не ранена, а убита»', () => {
    expect(run({ action: 'casualty', power: 'd6', flamethrower: true, dice: [1, 3] })).toMatchObject({ result: 'wounded', outcome: 'wounded', out_of_action: true });
    expect(run({ action: 'casualty', power: 'd6', flamethrower: false, dice: [1, 3] })).toMatchObject({ result: 'unharmed' });
    expect(run({ action: 'casualty', power: 'd12', flamethrower: true, dice: [9, 3] })).toMatchObject({ result: 'killed', outcome: 'killed' });
  });

  it('«Раненый» робот теряет возможность двигаться, но сохраняет возможность стрелять. Следующее попадание ведёт к уничтожению робота, если выпадает «ранен» или убит»', () => {
    const first = run({ action: 'casualty', power: 'd10', target: { kind: 'robot' }, dice: [7, 5] });
    expect(first).toMatchObject({ armour_die: 'd8', result: 'wounded', outcome: 'immobilised', out_of_action: false });
    expect(first.later).toEqual({ kind: 'robot', armour_die: 'd8', can_move: false, can_shoot: true, robot_wounded: true });
    const later = first.later as { robot_wounded: boolean };
    expect(run({ action: 'casualty', power: 'd10', target: { kind: 'robot', robot_wounded: later.robot_wounded }, dice: [2, 5] })).toMatchObject({ outcome: 'unharmed', later: { can_move: false, robot_wounded: true } });
    expect(run({ action: 'casualty', power: 'd10', target: { kind: 'robot', robot_wounded: later.robot_wounded }, dice: [7, 5] })).toMatchObject({ outcome: 'destroyed', out_of_action: true });
  });

  it('«боец в бронескафе – потерял бронескаф, и стал просто человеком»: later hits roll the ordinary d4', () => {
    const out = run({ action: 'casualty', power: 'd12', target: { kind: 'armoured-suit' }, dice: [11, 9] });
    expect(out).toMatchObject({ armour_die: 'd10', result: 'wounded', outcome: 'suit-lost', out_of_action: false, later: { kind: 'infantry', armour_die: 'd4', can_move: true } });
    const after = out.later as { kind: string };
    expect(run({ action: 'casualty', power: 'd12', target: { kind: after.kind }, dice: [8, 3] })).toMatchObject({ armour_die: 'd4', outcome: 'wounded' });
    expect(run({ action: 'casualty', power: 'd8', target: { kind: 'cavalry' }, dice: [5, 2] })).toMatchObject({ outcome: 'horse-lost', later: { kind: 'infantry' } });
  });

  it('«бросают куб брони к6, когда стоят под осколочными попаданиями. От всех других попаданий ... к4»', () => {
    expect(run({ action: 'casualty', power: 'd8', target: { armour_kind: 'flak-vest' }, fragments: true, dice: [5, 5] })).toMatchObject({ armour_die: 'd6', result: 'unharmed' });
    expect(run({ action: 'casualty', power: 'd8', target: { armour_kind: 'flak-vest' }, dice: [5, 4] })).toMatchObject({ armour_die: 'd4', result: 'wounded' });
    expect(refusedField({ action: 'casualty', power: 'd8', target: { armour_kind: 'chainmail' } })).toBe('target.armour_kind');
  });

  it('«показатель «ранен» считается как «разрушен». Разрушенное такое оружие «потерей» с точки зрения тестов на мораль не считается»', () => {
    expect(run({ action: 'casualty', power: 'd10', target: { kind: 'man-sized-weapon' }, dice: [9, 4] })).toMatchObject({ armour_die: 'd8', outcome: 'destroyed', out_of_action: true, counts_as_loss: false });
  });

  it('«Огнемётчик сразу гибнет, все бойцы в радиусе 4 дюймов от него получают попадание из огнемёта, и должны тоже пройти тест «ранен или убит»»', () => {
    const out = run({
      action: 'backpack-explosion',
      power: 'd10',
      figures: [
        { id: 'near', distance_in: 1 },
        { id: 'edge', distance_in: 4 },
        { id: 'far', distance_in: 4.5 },
        { id: 'suit', distance_in: 3, target: { kind: 'armoured-suit' } },
      ],
      dice: [9, 2, 1, 4, 3, 10],
    });
    expect(out).toMatchObject({ carrier: 'killed', caught: ['near', 'edge', 'suit'], killed: 1 });
    expect(out.outcome).toEqual({ near: 'killed', edge: 'wounded', suit: 'suit-lost' });
    expect(out).toMatchObject({ killed: 1, losses: 2 });
    expect(out.later).toEqual([{ id: 'suit', kind: 'infantry', armour_die: 'd4', can_move: true, can_shoot: true, robot_wounded: false }]);
  });
});

describe('fire: fragments cover, support fire, missiles', () => {
  const fire = { action: 'fire', distance_in: 10, shooter: { quality: 'd6', small_arms_rof: [4], support: [] }, dice: [1, 1, 1] };
  it('«при артиллерийском обстреле кустарник от осколков совсем не защищает»; capital cover still gives two steps', () => {
    expect(run({ ...fire, target: { cover: 'light' } })).toMatchObject({ zone: 2, range_die: 'd8' });
    expect(run({ ...fire, fragments: true, target: { cover: 'light' } })).toMatchObject({ range_die: 'd6' });
    expect(run({ ...fire, fragments: true, target: { cover: 'heavy' } })).toMatchObject({ range_die: 'd10' });
  });

  it('«его огневая мощь считается, как мощь обычного оружия, которое оно поддерживает ... снайперским винтовкам нельзя выцеливать»', () => {
    const supported = run({ ...fire, shooter: { quality: 'd6', small_arms_rof: [3, 3, 3], small_arms_power: 'd8', support: [{ die: 'd4', power: 'd10', special: 'sniper' }] }, target: {}, dice: [6, 8, 4, 2] });
    expect(supported).toMatchObject({ result: 'casualties', power_die: 'd8', victims: 'random', flamethrower_hit: false });
    const alone = run({ ...fire, shooter: { quality: 'd6', small_arms_rof: [], support: [{ die: 'd4', power: 'd10', special: 'sniper' }] }, target: {}, dice: [6, 4, 2] });
    expect(alone).toMatchObject({ result: 'casualties', power_die: 'd10', victims: 'chosen' });
    const suppressedOnly = run({ ...fire, shooter: { quality: 'd6', small_arms_rof: [], support: [{ die: 'd4', power: 'd10', special: 'sniper' }] }, target: {}, dice: [6, 1, 2] });
    expect(suppressedOnly).toMatchObject({ result: 'suppressed', victims: 'random' });
    const flamer = run({ ...fire, distance_in: 3, shooter: { quality: 'd6', small_arms_rof: [], support: [{ die: 'd8', power: 'd6', special: 'flamethrower' }] }, target: {}, dice: [5, 5, 1] });
    expect(flamer).toMatchObject({ result: 'casualties', flamethrower_hit: true });
  });

  it('«Стрельба упраляемыми ракетами ... Стрелок: куб качества, куб системы наведения. Цель: куб уклонения»', () => {
    expect(run({ action: 'guided-missile', shooter: { quality: 'd8', guidance: 'd10' }, target: { evasion: 'd6' }, dice: [7, 9, 5] })).toEqual({ evasion_die: 'd6', result: 'casualties', casualties: 3, dice_used: [7, 9, 5] });
    expect(run({ action: 'guided-missile', shooter: { quality: 'd8', guidance: 'd10' }, target: { evasion: 'd12' }, dice: [7, 2, 5] })).toMatchObject({ result: 'suppressed', casualties: 0 });
  });
});

describe('weapons: once per activation, emplaced twice, limited ammunition', () => {
  it('«никакое оружие не должно стрелять больше одного раза за одну активацию ... установленное на земле (но не на технике!) тяжёлое оружие пехоты ... два раза»', () => {
    expect(run({ action: 'weapon-check', weapon: {}, fired_this_activation: 1 })).toMatchObject({ may_fire: false, reason: 'fired-enough-this-activation', per_activation: 1 });
    const emplaced = { heavy_infantry: true, emplaced: true };
    expect(run({ action: 'weapon-check', weapon: emplaced, fired_this_activation: 1 })).toMatchObject({ may_fire: true, per_activation: 2, fires_left_this_activation: 0 });
    expect(run({ action: 'weapon-check', weapon: emplaced, fired_this_activation: 2 })).toMatchObject({ may_fire: false });
    expect(run({ action: 'weapon-check', weapon: { heavy_infantry: true, on_vehicle: true }, fired_this_activation: 1 })).toMatchObject({ may_fire: false, per_activation: 1 });
    expect(refusedField({ action: 'weapon-check', weapon: { emplaced: true, on_vehicle: true } })).toBe('weapon.emplaced');
  });

  it('«Гранатомёты, например, за бой могут сделать только три выстрела, а лианрийский огнемёт ОПКа 13 четыре»', () => {
    expect(run({ action: 'weapon-check', weapon: { ammunition: 'grenade-launcher' }, shots_fired_in_battle: 2 })).toMatchObject({ may_fire: true, shots_per_battle: 3, shots_left_after: 0 });
    expect(run({ action: 'weapon-check', weapon: { ammunition: 'grenade-launcher' }, shots_fired_in_battle: 3 })).toMatchObject({ may_fire: false, reason: 'out-of-ammunition', shots_left_after: 0 });
    expect(run({ action: 'weapon-check', weapon: { ammunition: 'opka-13' }, shots_fired_in_battle: 3 })).toMatchObject({ may_fire: true, shots_per_battle: 4 });
    expect(refusedField({ action: 'weapon-check', weapon: { ammunition: 'bazooka' } })).toBe('weapon.ammunition');
  });
});

describe('loading and unloading', () => {
  it('«Погрузка на технику пехоты возможна только если самый дальний от машины пехотинец находится от неё на расстоянии не больше 6 дюймов»', () => {
    expect(run({ action: 'transport', operation: 'load', farthest_in: 6 })).toMatchObject({ allowed: true, actions: 1 });
    expect(run({ action: 'transport', operation: 'load', farthest_in: 6.5 })).toMatchObject({ allowed: false, reason: 'farthest-trooper-too-far' });
    expect(run({ action: 'transport', operation: 'unload', farthest_in: 5 })).toMatchObject({ allowed: true, actions: 1 });
    expect(run({ action: 'transport', operation: 'load', farthest_in: 3, passengers: 9, capacity_left: 8 })).toMatchObject({ allowed: false, reason: 'not-enough-capacity' });
  });

  it('«отцепление пушки от тягача занимает полную активацию»', () => {
    expect(run({ action: 'transport', operation: 'unhitch' })).toMatchObject({ allowed: true, whole_activation: true });
    expect(refusedField({ action: 'transport', operation: 'unload' })).toBe('farthest_in');
  });
});

describe('defaults a club may change in its ruleset file', () => {
  it('without the automatic flamethrower wound a victim may come out unharmed; the joint odds still sum to 1', async () => {
    const { stalnayaVoyna } = await import('../../../src/core/rulesets/stalnaya-voyna/system.js');
    const data = structuredClone(stalnayaVoyna.data);
    data.flamethrower.automatic_wound = { value: false, source: 'default', note: 'our club: armour still saves' };
    const input = { ruleset: 'stalnaya-voyna', action: 'backpack-explosion', power: 'd6', figures: [{ id: 'a', distance_in: 1 }, { id: 'b', distance_in: 2, target: { kind: 'robot' } }] };
    const club = resolveScenario({ ...input, dice: [1, 4, 2, 3], exact: true }, data);
    if (!club.ok) throw new Error(club.error.problem);
    expect(club.output.outcome).toEqual({ a: 'unharmed', b: 'unharmed' });
    const odds = club.output.odds as Record<string, string>;
    const total = (id: string) => Object.entries(odds).filter(([k]) => k.startsWith(`outcome.${id}=`)).reduce((s, [, p]) => s + Number(p.split('/')[0]) / Number(p.split('/')[1]), 0);
    expect(total('a')).toBeCloseTo(1, 12);
    expect(total('b')).toBeCloseTo(1, 12);
    expect(Object.keys(odds)).toContain('outcome.b=immobilised');
    expect(Object.keys(odds).filter((k) => k.startsWith('later'))).toEqual([]);
    expect(run({ ...input, dice: [1, 4, 2, 3] }).outcome).toEqual({ a: 'wounded', b: 'immobilised' });
  });

  it('equal melee casualties: the ruleset names who tests morale first', async () => {
    const { stalnayaVoyna } = await import('../../../src/core/rulesets/stalnaya-voyna/system.js');
    const data = structuredClone(stalnayaVoyna.data);
    data.morale.equal_casualties_first = { value: 'defender', source: 'default' };
    const input = { ruleset: 'stalnaya-voyna', action: 'paired-melee', fights: [{ attackers: [{ quality: 'd6' }], defenders: [{ quality: 'd6' }] }], dice: [3, 3] };
    expect(run(input)).toMatchObject({ morale_first: 'attacker', threat: 0 });
    const club = resolveScenario(input, data);
    expect(club.ok && club.output.morale_first).toBe('defender');
  });
});
