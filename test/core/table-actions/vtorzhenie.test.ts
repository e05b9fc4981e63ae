import { describe, expect, it } from 'vitest';
import { gameSystem } from '../../../src/core/rulesets/registry.js';
import type { TableAction } from '../../../src/core/rulesets/table-actions.js';
import { ctx, made, odds, party, play, tape } from './fixtures.js';

/** Вторжение's table-action builders against the real engine: what they write, what it resolves, where it lands. */

const action = (id: string): TableAction => {
  const a = gameSystem('vtorzhenie')?.tableActions.find((x) => x.action === id);
  if (!a) throw new Error(`no table action ${id}`);
  return a;
};

const chainsword = { id: 'chainsword', rangeSteps: 0 };
const knife = { id: 'knife', rangeSteps: 0 };

describe('Вторжение close combat', () => {
  const attacker = party('a1', 'A', {}, [chainsword]);
  const defender = party('b1', 'B', {}, [knife], tape(0, true));
  const far = party('b2', 'B', {}, [knife], tape(30, false));

  it('is offered with an enemy in base contact and suggests it; not without one', () => {
    const cc = action('close-combat');
    expect(cc.offered(attacker, [defender, far])).toBeNull();
    expect(cc.suggest(attacker, [defender, far])).toEqual(['b1']);
    expect(cc.offered(attacker, [far])?.en).toBe('no enemy stands in contact');
    expect(made(cc.input(ctx(attacker, [defender]))).targets).toEqual({ 'fighters.a1': 'a1', 'fighters.b1': 'b1' });
    const refused = cc.input(ctx(attacker, [far]));
    expect(refused.ok ? null : refused.reason.en).toBe('b2 is not in contact');
  });

  it('EX: 4 and 1 kept 4 + chainsword 4 + armour 3 = 11 against 3 + knife 1 + armour 3 = 7: the defender dies', () => {
    const r = made(action('close-combat').input(ctx(attacker, [defender])));
    expect(r.input).toEqual({
      attackers: [{ cc: 4, armour: 3, attack_dice: 2, id: 'a1', kind: 'infantry', stamina: 1, damage: 0 }],
      defenders: [{ cc: 1, armour: 3, defence_dice: 1, id: 'b1', kind: 'infantry', stamina: 1, damage: 0 }],
    });
    const game = play('vtorzhenie', [attacker, defender], 'close-combat', r, [4, 1, 3]);
    expect(game.journal.at(-1)?.output).toMatchObject({ attacker_total: 11, defender_total: 7, winner: 'attacker' });
    expect(game.models.b1).toMatchObject({ damage: 1, destroyed: true });
    expect(game.models.a1).toMatchObject({ damage: 0, destroyed: false });
    expect(odds('vtorzhenie', 'close-combat', r.input)[r.harmKey]).toBe('202/207');
  });

  it('a declared weapon replaces what the model carries; friends join the attacking side', () => {
    const friend = party('a2', 'A', { armour: 2 }, [knife], tape(3, true));
    const r = made(action('close-combat').input(ctx(attacker, [defender, friend], [defender, friend], { choices: { weapon: 'none', 'enemy-weapon': 'sword' } })));
    expect(r.input.attackers).toEqual([
      { cc: 0, armour: 3, attack_dice: 1, id: 'a1', kind: 'infantry', stamina: 1, damage: 0 },
      { cc: 1, armour: 2, attack_dice: 1, id: 'a2', kind: 'infantry', stamina: 1, damage: 0 },
    ]);
    expect(r.input.defenders).toEqual([{ cc: 2, armour: 3, defence_dice: 1, id: 'b1', kind: 'infantry', stamina: 1, damage: 0 }]);
    // Both attackers lose with a 1 against a 6: each model of the losing side is hit.
    const game = play('vtorzhenie', [attacker, friend, defender], 'close-combat', r, [1, 6]);
    expect(game.models.a1?.destroyed).toBe(true);
    expect(game.models.a2?.destroyed).toBe(true);
    expect(game.models.b1?.damage).toBe(0);
  });

  it('a gun is not attacked, a vehicle is not fought this way', () => {
    const gun = party('g', 'B', { kind: 'gun' }, [], tape(0, true));
    const r = action('close-combat').input(ctx(attacker, [gun]));
    expect(r.ok ? null : r.reason.en).toBe('a gun is not attacked in close combat, only its crew');
  });
});

describe('Вторжение against vehicles', () => {
  const trooper = party('a1', 'A', {}, [chainsword]);
  const tank = party('t1', 'B', { kind: 'vehicle', armour: 10, stamina: 3, damage: 1 }, [], tape(0, true));

  it('close combat against the side attacked: D6 + CC against its armour, the vehicle rolls nothing', () => {
    const cv = action('close-combat-vehicle');
    expect(cv.offered(trooper, [tank])).toBeNull();
    const r = made(cv.input(ctx(trooper, [tank], [tank], { choices: { side: 'rear' } })));
    expect(r.input).toEqual({ attackers: [{ cc: 4, attack_dice: 2 }], vehicle: { side: 'rear', stamina: 3, damage: 1 } });
    // Keeps 5: 5 + 4 = 9 > rear armour 7.
    const game = play('vtorzhenie', [trooper, tank], 'close-combat-vehicle', r, [5, 2]);
    expect(game.models.t1).toMatchObject({ damage: 2, destroyed: false });
  });

  it('ramming: both roll D6 + armour; the infantry run over dies, the rammer is unharmed', () => {
    const rammer = party('t2', 'A', { kind: 'vehicle', armour: 10, stamina: 3 });
    const victim = party('b1', 'B', { armour: 3 }, [], tape(0, true));
    const ram = action('ram');
    expect(ram.offered(trooper, [victim])?.en).toBe('only a ground vehicle rams');
    expect(ram.offered(rammer, [victim])).toBeNull();
    const r = made(ram.input(ctx(rammer, [victim])));
    expect(r.targets).toEqual({ target: 'b1', rammer: 't2' });
    expect(odds('vtorzhenie', 'ram', r.input)['target_effect=killed']).toBe('1/1');
    const game = play('vtorzhenie', [rammer, victim], 'ram', r, [1, 6]);
    expect(game.models.b1?.destroyed).toBe(true);
    expect(game.models.t2?.damage).toBe(0);
  });
});

describe('Вторжение blast around a point of aim', () => {
  const grenadier = party('a1', 'A', {}, [{ id: 'grenade-launcher', rangeSteps: 20, power: 3 }]);
  const blast = action('blast');

  it('catches every model within 2 steps by the 1-cm rule: 11 cm is 2 steps, 11.5 cm is 3', () => {
    const near = party('b1', 'B', { armour: 1 }, [], tape(40));
    const edge = party('b2', 'B', { armour: 3, stamina: 2 }, [], tape(42));
    const out = party('b3', 'B', {}, [], tape(45));
    const gun = party('g', 'B', { kind: 'gun' }, [], tape(41));
    expect(blast.offered(grenadier, [])).toBeNull();
    expect(blast.offered(party('x', 'A', {}, [knife]), [])?.en).toMatch(/no blast weapon/);
    expect(blast.radiusCm?.(grenadier, {})).toBe(10);
    const aim = { distancesCm: { a1: 40, b1: 4, b2: 11, b3: 11.5, g: 1 } };
    const r = made(blast.input(ctx(grenadier, [], [near, edge, out, gun], { aim })));
    expect(r.targets).toEqual({ 'victims.b1': 'b1', 'victims.b2': 'b2' });
    expect(r.input).toEqual({
      weapon: 'grenade-launcher',
      victims: [
        { id: 'b1', distance_cm: 4, armour: 1, stamina: 1, damage: 0, vehicle: false },
        { id: 'b2', distance_cm: 11, armour: 3, stamina: 2, damage: 0, vehicle: false },
      ],
    });
    const o = odds('vtorzhenie', 'blast', r.input);
    // D6 + 3 against D6 + 1: 26/36; against D6 + 3: 15/36.
    expect(o['victims.b1.penetrated=true']).toBe('13/18');
    expect(o['victims.b2.penetrated=true']).toBe('5/12');
    // b1 penetrated (6 vs 1), b2 not (1 vs 6): each victim's part lands on its own model.
    const game = play('vtorzhenie', [grenadier, near, edge, out], 'blast', r, [6, 1, 1, 6]);
    expect(game.models.b1).toMatchObject({ damage: 1, destroyed: true });
    expect(game.models.b2).toMatchObject({ damage: 0, destroyed: false });
    expect(game.models.b3?.damage).toBe(0);
  });

  it('refuses an empty zone and more victims than the exact odds walk', () => {
    const none = blast.input(ctx(grenadier, [], [], { aim: { distancesCm: { a1: 80 } } }));
    expect(none.ok ? null : none.reason.en).toBe('nobody is inside the blast');
    const crowd = (n: number) => Array.from({ length: n }, (_, i) => party(`b${i}`, 'B', {}, [], tape(50)));
    const around = (ps: ReturnType<typeof crowd>) => blast.input(ctx(grenadier, [], ps, { aim: { distancesCm: Object.fromEntries(ps.map((p) => [p.model.id, 2])) } }));
    // Twelve are priced (each victim's test apart: 2 outcomes a victim); thirteen are refused.
    const twelve = around(crowd(12));
    expect(twelve.ok).toBe(true);
    if (twelve.ok) expect(odds('vtorzhenie', 'blast', twelve.input)['victims.b11.penetrated=true']).toMatch(/^\d+\/\d+$/);
    const many = around(crowd(13));
    expect(many.ok ? null : many.reason.en).toMatch(/^more than 12 models/);
  });
});

describe('Вторжение standing up', () => {
  it('a fallen model stands up at the start of its turn; the output lands on it', () => {
    const up = action('stand-up');
    const lying = party('a1', 'A', { fallen: true });
    expect(up.offered(party('a2', 'A', {}), [])?.en).toBe('the model is standing');
    const r = made(up.input(ctx(lying, [])));
    expect(odds('vtorzhenie', 'stand-up', r.input)['allowed=true']).toBe('1/1');
    const late = made(up.input(ctx(lying, [], [], { choices: { 'at-start': false } })));
    expect(odds('vtorzhenie', 'stand-up', late.input)['allowed=false']).toBe('1/1');
  });
});
