import { describe, expect, it } from 'vitest';
import { foldGame, type GameEventInput } from '../../../src/core/game/index.js';
import type { TableAction, TableActionContext, TableParty } from '../../../src/core/rulesets/table-actions.js';
import { stalnayaVoyna } from '../../../src/core/rulesets/stalnaya-voyna/system.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const IN = 2.54;

function party(id: string, type: string, figures: number, distanceCm: number | null, extra: Partial<TableParty['model']> = {}): TableParty {
  const t = stalnayaVoyna.catalogue.unit_types.find((u) => u.id === type);
  if (!t) throw new Error(type);
  return {
    model: { id, player: id[0] as string, kind: t.kind, unitType: t.unit_type ?? null, armour: t.armour, stamina: t.stamina, damage: 0, fallen: false, destroyed: false, figuresLeft: figures, markers: 0, suppression: 0, stats: { ...t.stats, catalogue_type: type }, ...extra },
    weapons: t.weapons.map((w) => ({ id: w, rangeSteps: stalnayaVoyna.catalogue.weapons[w]?.range_steps ?? 0, quality: String(t.stats.quality), rof: stalnayaVoyna.catalogue.weapons[w]?.stats.rof as number })),
    pair: distanceCm === null ? null : { distanceCm, cover: 'none', closeCombat: distanceCm <= 1 },
  };
}
const action = (id: string): TableAction => {
  const a = stalnayaVoyna.tableActions.find((x) => x.action === id);
  if (!a) throw new Error(id);
  return a;
};
const ctx = (actor: TableParty, targets: TableParty[], choices: TableActionContext['choices'] = {}, aim: TableActionContext['aim'] = null): TableActionContext => ({ actor, targets, others: [], aim, choices });
function run(a: TableAction, c: TableActionContext, extra: Record<string, unknown>) {
  const built = a.input(c);
  if (!built.ok) throw new Error(built.reason.en);
  const out = resolveScenario({ ruleset: 'stalnaya-voyna', action: a.action, ...built.input, ...extra });
  if (!out.ok) throw new Error(`${out.error.field}: ${out.error.problem}`);
  return { built, output: out.output };
}
const game = (events: GameEventInput[]) =>
  foldGame([
    { type: 'game-created', ruleset: 'stalnaya-voyna', seed: 'sv' },
    { type: 'model-added', model: { id: 'A1', player: 'A', figures: 8 } },
    { type: 'model-added', model: { id: 'B1', player: 'B', figures: 8 } },
    { type: 'model-added', model: { id: 'B2', player: 'B', figures: 1, max_damage: 2 } },
    ...events,
  ]);

describe('Стальная война fire from the table, in inches', () => {
  const shooter = (figures: number, weapon: { id: string; rof: number; quality: string }, stats: TableParty['model']['stats'] = {}) => ({ ...party('A1', 'rifle-squad', figures, null).model, stats });
  it('EX: 12" from a d8 shooter is zone 2 (d6)', () => {
    const a = stalnayaVoyna.attacks.input(shooter(1, { id: 'rifle', rof: 1, quality: 'd8' }), party('B1', 'rifle-squad', 8, 0).model, { id: 'rifle', rangeSteps: 24, quality: 'd8', rof: 1 }, { distanceCm: 12 * IN, cover: 'none', closeCombat: false });
    const out = a.ok ? resolveScenario({ ruleset: 'stalnaya-voyna', action: a.action, ...a.input, dice: [1, 1, 1] }) : null;
    expect(out?.ok && out.output).toMatchObject({ zone: 2, range_die: 'd6' });
  });
  it('EX: four SMGs of rate 3 fire as d12 (4 × 3 = 12); every figure of the squad fires its weapon', () => {
    const a = stalnayaVoyna.attacks.input(shooter(4, { id: 'smg', rof: 3, quality: 'd6' }), party('B1', 'rifle-squad', 8, 0).model, { id: 'smg', rangeSteps: 12, quality: 'd6', rof: 3 }, { distanceCm: 5 * IN, cover: 'none', closeCombat: false });
    expect(a.ok && a.input.shooter).toEqual({ quality: 'd6', small_arms_rof: [3, 3, 3, 3], small_arms_power: 'd6', support: [] });
    const squad = stalnayaVoyna.attacks.input(party('A1', 'rifle-squad', 8, null).model, party('B1', 'rifle-squad', 8, 0).model, { id: 'rifle', rangeSteps: 24, quality: 'd6', rof: 1 }, { distanceCm: 5 * IN, cover: 'none', closeCombat: false });
    const out = squad.ok ? resolveScenario({ ruleset: 'stalnaya-voyna', action: squad.action, ...squad.input, dice: [1, 1, 1] }) : null;
    expect(out?.ok && out.output.firepower_die).toBe('d8');
  });
  it('EX casualties: d6 + d10 against d10 → 16/10 = 1.6 → 2; the suppression lands on the target', () => {
    // Ten rifles (ROF 1 each: 10 → d10) from a d6 shooter at 20": zone 4, range die d10.
    const a = stalnayaVoyna.attacks.input(party('A1', 'rifle-squad', 10, null).model, party('B1', 'rifle-squad', 8, 0).model, { id: 'rifle', rangeSteps: 24, quality: 'd6', rof: 1 }, { distanceCm: 20 * IN, cover: 'none', closeCombat: false });
    if (!a.ok) throw new Error('no attack');
    const s = game([{ type: 'action-resolved', action: a.action, input: a.input, dice: [6, 9, 3], targets: { '': 'B1' } }]);
    expect(s.journal[0]?.output).toMatchObject({ zone: 4, range_die: 'd10', firepower_die: 'd10', result: 'casualties', casualties: 2 });
    expect(s.models.B1?.suppression).toBe(1);
  });
});

describe('Стальная война table actions', () => {
  it('registers every mechanic of the brief, each a system action with a label', () => {
    expect(stalnayaVoyna.tableActions.map((a) => a.action)).toEqual(['paired-melee', 'charge-test', 'charge-reach', 'morale', 'unsuppress', 'casualty', 'weapon-check', 'backpack-explosion', 'guided-missile', 'lie-down', 'stand-up']);
    for (const a of stalnayaVoyna.tableActions) expect(stalnayaVoyna.labels.actions[a.action]?.ru.length, a.action).toBeGreaterThan(0);
  });

  it('paired melee: figures face one another, the larger side\'s extras gang up; weapon steps raise the die', () => {
    const a = party('A1', 'rifle-squad', 3, null);
    const b = party('B1', 'rifle-squad', 2, 0.5);
    expect(action('paired-melee').offered(a, [party('B2', 'rifle-squad', 2, 30)])).toEqual({ ru: 'рядом нет противника в контакте', en: 'no enemy stands in contact' });
    expect(action('paired-melee').suggest(a, [b])).toEqual(['B1']);
    const { built, output } = run(action('paired-melee'), ctx(a, [b], { weapon: 'smg', 'enemy-weapon': 'none' }), { exact: true });
    expect(built.ok && (built.input.fights as unknown[]).length).toBe(2);
    // SMG: one step up from d6 → d8; the enemy's bare d6.
    expect(output.dice).toEqual([
      { attackers: ['d8', 'd8'], defenders: ['d6'] },
      { attackers: ['d8'], defenders: ['d6'] },
    ]);
    expect(Object.keys(output.odds as object)).toContain('morale_first=defender');
  });

  it('the charge test: steady d6 > 2 + 1 holds on 4, 5, 6 (1/2); after 2 casualties the second test is leadership + 2', () => {
    const a = party('A1', 'rifle-squad', 8, null);
    expect((run(action('charge-test'), ctx(a, [], { morale: 'steady' }), { exact: true }).output.odds as Record<string, string>)['charges=true']).toBe('1/2');
    expect(run(action('charge-test'), ctx(a, [], { morale: 'steady', casualties: 2 }), { dice: [4] }).output).toMatchObject({ test: 'after-fire', needed_above: 4, passed: false, suppressed: true });
  });

  it('where the charge stopped, from the table in inches: within 2" it reached', () => {
    const a = party('A1', 'rifle-squad', 8, null);
    expect(run(action('charge-reach'), ctx(a, [party('B1', 'rifle-squad', 8, 2 * IN)]), {}).output).toMatchObject({ reached: true });
    expect(run(action('charge-reach'), ctx(a, [party('B1', 'rifle-squad', 8, 2.2 * IN)]), {}).output).toMatchObject({ reached: false, defender_free_fire: true });
  });

  it('morale with the threat from the attackers picked: 8 against 3 → +2, so d6 must beat 2 + 2', () => {
    const a = party('A1', 'rifle-squad', 3, null);
    const { built, output } = run(action('morale'), ctx(a, [party('B1', 'rifle-squad', 8, 0.5)], { morale: 'steady' }), { dice: [4] });
    expect(built.ok && built.input.threat_from).toMatchObject({ attackers: 8, defenders: 3 });
    expect(output).toMatchObject({ threat: 2, needed_above: 4, passed: false, morale: 'shaken' });
  });

  it('unsuppress takes a marker off the unit in the game', () => {
    const a = party('A1', 'rifle-squad', 8, null, { suppression: 2 });
    expect(action('unsuppress').offered(party('A1', 'rifle-squad', 8, null), [])).toEqual({ ru: 'на отделении нет маркеров подавления', en: 'the unit has no suppression markers' });
    const built = action('unsuppress').input(ctx(a, []));
    if (!built.ok) throw new Error('not built');
    const s = game([
      { type: 'action-resolved', action: 'fire', input: { distance_in: 1, shooter: { quality: 'd12', small_arms_rof: [12], support: [] }, target: {} }, dice: [12, 12, 1], targets: { '': 'A1' } },
      { type: 'action-resolved', action: 'fire', input: { distance_in: 1, shooter: { quality: 'd12', small_arms_rof: [12], support: [] }, target: {} }, dice: [12, 12, 1], targets: { '': 'A1' } },
      { type: 'action-resolved', action: 'unsuppress', input: built.input, dice: [6], targets: built.targets },
    ]);
    expect(s.rejected).toEqual([]);
    expect(s.models.A1?.suppression).toBe(1);
  });

  it('a casualty: a wound takes the infantryman out of the unit; a wounded robot stands but shoots; a suit is lost', () => {
    const tank = party('A1', 'tank', 1, null);
    // Tank gun d12: 5 against the infantryman's d4 rolling 4 → wounded (digest: power > armour wounds).
    const inf = run(action('casualty'), ctx(tank, [party('B1', 'rifle-squad', 8, 20)], { weapon: 'tank-gun' }), { dice: [5, 4] });
    expect(inf.output).toMatchObject({ armour_die: 'd4', result: 'wounded', outcome: 'wounded', out_of_action: true });
    const robot = run(action('casualty'), ctx(tank, [party('B2', 'robot', 1, 20)], { weapon: 'tank-gun' }), { dice: [10, 4] });
    expect(robot.output).toMatchObject({ armour_die: 'd8', outcome: 'immobilised', out_of_action: false, later: { can_move: false, can_shoot: true, robot_wounded: true } });
    const s = game([
      { type: 'action-resolved', action: 'casualty', input: inf.built.ok ? inf.built.input : {}, dice: [5, 4], targets: { '': 'B1' } },
      { type: 'action-resolved', action: 'casualty', input: robot.built.ok ? robot.built.input : {}, dice: [10, 4], targets: { '': 'B2' } },
    ]);
    expect(s.models.B1?.figures_left).toBe(7);
    expect(s.models.B2).toMatchObject({ figures_left: 1, next_turn: 'stands-shoots', destroyed: false });
    // A flamethrower firing alone wounds at least; flak vests count against fragments only.
    expect(run(action('casualty'), ctx(tank, [party('B1', 'rifle-squad', 8, 20)], { weapon: 'tank-gun', flamethrower: true }), { dice: [1, 4] }).output).toMatchObject({ result: 'wounded' });
    expect(run(action('casualty'), ctx(tank, [party('B2', 'robot', 1, 20)], { weapon: 'tank-gun', robot_wounded: true }), { dice: [9, 4] }).output).toMatchObject({ outcome: 'destroyed' });
  });

  it('weapon check: an emplaced machine gun fires twice per activation, a tank\'s once', () => {
    const mg = party('A1', 'mg-team', 2, null);
    expect(run(action('weapon-check'), ctx(mg, [], { weapon: 'hmg', fired: 1 }), {}).output).toMatchObject({ may_fire: true, per_activation: 2 });
    expect(run(action('weapon-check'), ctx(party('A1', 'tank', 1, null), [], { weapon: 'lmg', fired: 1 }), {}).output).toMatchObject({ may_fire: false, reason: 'fired-enough-this-activation' });
  });

  it('the backpack explodes over the figures within 4" of the carrier (the aim), no one farther', () => {
    const a = party('A1', 'rifle-squad', 8, null);
    const near = party('B1', 'rifle-squad', 8, 10);
    const far = party('B2', 'robot', 1, 10);
    // Power d6 rolls 2 against d4 rolling 2: no wound by the dice, but a flamethrower's hit wounds at least.
    const { built, output } = run(action('backpack-explosion'), ctx(a, [near, far], { weapon: 'rifle' }, { distancesCm: { B1: 3.9 * IN, B2: 4.5 * IN } }), { dice: [2, 2] });
    expect(built.ok && built.input.figures).toEqual([{ id: 'B1', distance_in: expect.closeTo(3.9, 6), target: { kind: 'infantry', robot_wounded: false } }]);
    expect(output).toMatchObject({ carrier: 'killed', caught: ['B1'], outcome: { B1: 'wounded' } });
  });

  it('a guided missile suppresses its target in the game; prone and standing up from the sheet', () => {
    const a = party('A1', 'tank', 1, null);
    const g = action('guided-missile').input(ctx(a, [party('B1', 'rifle-squad', 8, 40)], { guidance: 'd10', evasion: 'd4' }));
    expect(g.ok && g.input).toEqual({ shooter: { quality: 'd8', guidance: 'd10' }, target: { evasion: 'd4' } });
    const s = game([{ type: 'action-resolved', action: 'guided-missile', input: g.ok ? g.input : {}, dice: [8, 1, 4], targets: g.ok ? g.targets : {} }]);
    expect(s.models.B1?.suppression).toBe(1);
    expect(run(action('lie-down'), ctx(party('A1', 'rifle-squad', 8, null), []), {}).output).toMatchObject({ prone: true, may_move: false });
    expect(action('lie-down').offered(a, [])).toEqual({ ru: 'залегает только пехота', en: 'only infantry goes prone' });
    expect(run(action('stand-up'), ctx(party('A1', 'rifle-squad', 8, null), [], { by: 'test' }), { dice: [3] }).output).toMatchObject({ passed: true, moves_now: true });
  });
});
