import { describe, expect, it } from 'vitest';
import { gameSystem } from '../../../src/core/rulesets/registry.js';
import type { TableAction } from '../../../src/core/rulesets/table-actions.js';
import { ctx, made, odds, party, play, tape } from './fixtures.js';

/** Бронепехота's table-action builders against the real engine. */

const action = (id: string): TableAction => {
  const a = gameSystem('bronepekhota')?.tableActions.find((x) => x.action === id);
  if (!a) throw new Error(`no table action ${id}`);
  return a;
};

const rifle = { id: 'assault-rifle', rangeSteps: 8 };
const pistol = { id: 'pistol', rangeSteps: 4 };

describe('Бронепехота close combat', () => {
  const cc = action('close-combat');
  const a = party('a1', 'A', { armour: 2 }, [rifle]);
  const b = party('b1', 'B', { armour: 3 }, [rifle], tape(2, true));

  it('one on one within the close-combat gap; both blows land where they strike', () => {
    expect(cc.offered(a, [b])).toBeNull();
    expect(cc.offered(a, [party('b2', 'B', {}, [], tape(3.5, false))])?.en).toBe('no enemy stands in contact');
    const r = made(cc.input(ctx(a, [b], [b], { choices: { cc: 2, 'enemy-cc': 1 } })));
    expect(r.input).toEqual({
      distance_cm: 2,
      attacker: { cc: 2, armour: 2, kind: 'infantry', unit_type: 'infantry', damage: 0 },
      defender: { cc: 1, armour: 3, kind: 'infantry', unit_type: 'infantry', damage: 0 },
    });
    expect(r.targets).toEqual({ attacker: 'a1', defender: 'b1' });
    // 2 + D6 > 3 and 1 + D6 > 2: each strikes on 2 or more. Independent blows.
    const o = odds('bronepekhota', 'close-combat', r.input);
    expect(o['defender_struck=true']).toBe('5/6');
    expect(o['attacker_struck=true']).toBe('5/6');
    const game = play('bronepekhota', [a, b], 'close-combat', r, [4, 6]);
    expect(game.models.b1?.destroyed).toBe(true);
    expect(game.models.a1?.destroyed).toBe(true);
  });

  it('a vehicle does not fight in close combat', () => {
    const walker = party('w', 'B', { kind: 'vehicle', unitType: 'walker', stamina: 6 }, [], tape(1, true));
    const r = cc.input(ctx(a, [walker]));
    expect(r.ok ? null : r.reason.en).toBe('infantry, cyborgs and aliens fight in close combat');
  });
});

describe('Бронепехота hand grenade', () => {
  const grenade = action('grenade-throw');

  it('a trooper besides his rifle checks 2+, then Shooting 3 + D6 > armour; the hit reaches the damage track', () => {
    const thrower = party('a1', 'A', {}, [rifle]);
    const cyborg = party('b1', 'B', { kind: 'cyborg', armour: 4, stamina: 4, damage: 1 }, [], tape(10));
    expect(grenade.offered(thrower, [cyborg])).toBeNull();
    expect(grenade.offered(party('w', 'A', { kind: 'vehicle' }), [cyborg])?.en).toBe('only infantry and gun operators carry hand grenades');
    const r = made(grenade.input(ctx(thrower, [cyborg])));
    expect(r.input).toEqual({ distance_cm: 10, thrower: { role: 'trooper', weapon_class: 'light' }, target: { armour: 4, cover: 'none', kind: 'cyborg', unit_type: 'cyborg', damage: 1 } });
    // Check 2+ (5/6), then 3 + D6 > 4 (5/6): 25/36.
    expect(odds('bronepekhota', 'grenade-throw', r.input)['hit=true']).toBe('25/36');
    const game = play('bronepekhota', [thrower, cyborg], 'grenade-throw', r, [2, 6]);
    expect(game.models.b1?.damage).toBe(2);
  });

  it('out of reach (3 steps = 12 cm) it is not thrown', () => {
    const thrower = party('a1', 'A', {}, [{ id: 'knife', rangeSteps: 0 }]);
    const r = made(grenade.input(ctx(thrower, [party('b1', 'B', {}, [], tape(13))])));
    expect(r.input.thrower).toEqual({ role: 'trooper', weapon_class: null });
    expect(odds('bronepekhota', 'grenade-throw', r.input)['allowed=false']).toBe('1/1');
  });
});

describe('Бронепехота squad volley', () => {
  const volley = action('volley');

  it('EX: the volley reaches as far as its shortest weapon — pistols 4 steps = 16 cm; at 18 cm it is out of range', () => {
    const a1 = party('a1', 'A', {}, [pistol]);
    const a2 = party('a2', 'A', {}, [rifle], tape(4));
    const far = party('b1', 'B', { armour: 3 }, [], tape(18));
    const near = party('b1', 'B', { armour: 3 }, [], tape(16));
    expect(volley.offered(a1, [a2, far])).toBeNull();
    expect(volley.offered(a1, [far])?.en).toMatch(/^a volley is fired by an infantry squad/);
    const out = made(volley.input(ctx(a1, [a2, far])));
    expect(odds('bronepekhota', 'volley', out.input)['allowed=false']).toBe('1/1');
    const r = made(volley.input(ctx(a1, [a2, near])));
    expect(r.input).toEqual({ distance_cm: 16, shooters: [{ weapons: ['pistol'] }, { weapons: ['assault-rifle'] }], target: { armour: 3, cover: 'none', kind: 'infantry', unit_type: 'infantry', damage: 0 }, grenades: true });
    expect(r.targets).toEqual({ '': 'b1' });
    // 2 + 3 + D6 against 3 + 2 weapons + D6: strictly greater 15 of 36.
    expect(odds('bronepekhota', 'volley', r.input)['hit=true']).toBe('5/12');
    const game = play('bronepekhota', [a1, a2, near], 'volley', r, [6, 1]);
    expect(game.models.b1?.destroyed).toBe(true);
  });

  it("a squad's own figures fire too; within 2 steps each trooper's grenade joins on its check", () => {
    const squad = party('a1', 'A', { figuresLeft: 3 }, [rifle]);
    const target = party('b1', 'B', { kind: 'cyborg', armour: 5, stamina: 4 }, [], tape(6));
    expect(volley.offered(squad, [target])).toBeNull();
    const r = made(volley.input(ctx(squad, [target])));
    expect((r.input.shooters as unknown[]).length).toBe(3);
    // Three checks of 2 pass; then 1 against 6: 3 × 3 rifles + 3 × 3 grenades + 1 = 19 > 5 + 3 weapons + 6 = 14.
    const game = play('bronepekhota', [squad, target], 'volley', r, [2, 2, 2, 1, 6]);
    expect(game.journal.at(-1)?.output).toMatchObject({ grenades_thrown: 3, hit: true, attacker_total: 19, defender_total: 14 });
    expect(game.models.b1?.damage).toBe(1);
    // Without the grenades (three checks of 1) the same dice miss: 10 against 14.
    const miss = play('bronepekhota', [squad, target], 'volley', r, [1, 1, 1, 1, 6]);
    expect(miss.journal.at(-1)?.output).toMatchObject({ grenades_thrown: 0, hit: false });
    const two = volley.input(ctx(squad, [target, party('b2', 'B', {}, [], tape(8))]));
    expect(two.ok ? null : two.reason.en).toBe('a volley has one enemy target');
  });
});
