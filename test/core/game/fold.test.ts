import { describe, expect, it } from 'vitest';
import { applyEvent, emptyGame, foldGame, tryApplyEvent, type GameEventInput, type GameState } from '../../../src/core/game/index.js';
import { seedRng } from '../../../src/core/random/rng.js';

const created = (ruleset: string, seed = 'table-1'): GameEventInput => ({ type: 'game-created', ruleset, seed } as GameEventInput);

const zdGame: GameEventInput[] = [
  created('zvezdny-desant'),
  { type: 'model-added', model: { id: 'marines', player: 'A', figures: 5, max_damage: 1 } },
  { type: 'model-added', model: { id: 'bugs', player: 'B', figures: 6, max_damage: 2, stats: { armour_class: 'B', bsp: 7 } } },
];

const woundBugs = (dice?: number[]): GameEventInput => ({
  type: 'action-resolved',
  action: 'wound-test',
  input: { weapon: { mshch: 1, hrk: { B: 12 } }, target: { armour_class: 'B', stk: 2, markers: 1, models: 6 }, hits: 3 },
  ...(dice ? { dice } : {}),
  targets: { '': 'bugs' },
});

describe('game state folded from events', () => {
  it('starts from the seed and keeps the rules, models and turn bookkeeping', () => {
    const s = foldGame(zdGame);
    expect(s.ruleset).toBe('zvezdny-desant');
    expect(s.rng).toEqual(seedRng('table-1'));
    expect(Object.keys(s.models)).toEqual(['marines', 'bugs']);
    expect(s.models.bugs).toMatchObject({ figures_left: 6, markers: 0, destroyed: false, next_turn: 'normal' });
    expect(s.turn).toEqual({ number: 1, first_player: 'A', active_player: 'A', activated: [], acting: null, phases: [], initiative: {}, orders: {} });
    expect(s.seq).toBe(3);
    expect(s.rejected).toEqual([]);
  });

  it('typed dice are used as given and leave the generator alone; the output lands on the target', () => {
    const before = foldGame(zdGame);
    const s = applyEvent(before, woundBugs([13, 17, 9]));
    expect(s.rng).toEqual(before.rng);
    expect(s.journal).toEqual([
      {
        seq: 4,
        turn: 1,
        action: 'wound-test',
        input: woundBugs().type === 'action-resolved' ? (woundBugs() as { input: Record<string, unknown> }).input : {},
        dice_source: 'typed',
        dice_used: [13, 17, 9],
        output: { passed: 2, wounds: 2, killed: 1, markers: 1, models_left: 5 },
        targets: { '': 'bugs' },
        actor: null,
      },
    ]);
    expect(s.models.bugs).toMatchObject({ figures_left: 5, markers: 1, destroyed: false });
    expect(s.models.marines).toBe(before.models.marines);
  });

  it('without dice the game\'s generator rolls, advances and is stored; replays roll the same', () => {
    const s = foldGame([...zdGame, woundBugs()]);
    const entry = s.journal[0];
    expect(entry?.dice_source).toBe('seeded');
    expect(entry?.dice_used).toHaveLength(3);
    expect(s.rng).not.toEqual(seedRng('table-1'));
    expect(foldGame([...zdGame, woundBugs()])).toEqual(s);
    // The stored dice, typed back in, give the same output.
    const typed = foldGame([...zdGame, woundBugs(entry?.dice_used)]);
    expect(typed.journal[0]?.output).toEqual(entry?.output);
  });

  it('melee outputs land per player; a wiped unit is destroyed', () => {
    const s = foldGame([
      ...zdGame,
      {
        type: 'action-resolved',
        action: 'melee',
        input: {
          sides: [
            { player: 'A', models: 5, in_contact: 3, strikers: 5, bsp: 9, stk: 1 },
            { player: 'B', models: 6, in_contact: 3, strikers: 2, bsp: 7, stk: 2 },
          ],
        },
        dice: [20, 20, 20, 20, 20, 10, 1],
        targets: { A: 'marines', B: 'bugs' },
      },
    ]);
    expect(s.journal[0]?.output).toMatchObject({ A: { wounds_taken: 1, killed: 1 }, B: { wounds_taken: 5, killed: 2, markers: 1 } });
    expect(s.models.marines).toMatchObject({ figures_left: 4 });
    expect(s.models.bugs).toMatchObject({ figures_left: 4, markers: 1 });
  });

  it('Стальная война: fire suppresses (at most 3 markers), a killed casualty leaves the unit', () => {
    const fire: GameEventInput = {
      type: 'action-resolved',
      action: 'fire',
      input: { distance_in: 5, shooter: { quality: 'd8', small_arms_rof: [4], support: [] }, target: {} },
      dice: [8, 4, 2],
      targets: { '': 'squad' },
    };
    const s = foldGame([
      created('stalnaya-voyna'),
      { type: 'model-added', model: { id: 'squad', player: 'B', figures: 8 } },
      fire,
      fire,
      fire,
      fire,
      { type: 'action-resolved', action: 'wound', input: { power: 'd10', armour: 'd4' }, dice: [9, 3], targets: { '': 'squad' } },
    ]);
    expect(s.models.squad).toMatchObject({ suppression: 3, figures_left: 7 });
    expect(s.journal.map((j) => j.output.result)).toEqual(['casualties', 'casualties', 'casualties', 'casualties', 'killed']);
  });

  it('next-turn states expire after the owner\'s own next turn; activations are per turn', () => {
    const events: GameEventInput[] = [
      created('vtorzhenie'),
      { type: 'model-added', model: { id: 'tank', player: 'B', max_damage: 3 } },
      { type: 'action-resolved', action: 'real-shot', input: { target: { kind: 'vehicle', stamina: 3 }, hit: true, fell: true }, dice: [5], targets: { '': 'tank' } },
    ];
    const hit = foldGame(events);
    expect(hit.models.tank).toMatchObject({ damage: 2, fallen: true, next_turn: 'skip', next_turn_since: 1 });
    const afterA = applyEvent(hit, { type: 'turn-ended' });
    expect(afterA.turn).toMatchObject({ number: 2, active_player: 'B' });
    expect(afterA.models.tank?.next_turn).toBe('skip');
    // 5–6 on the critical test: the tank skips its next turn, so it cannot be activated in it.
    const refused = tryApplyEvent(afterA, { type: 'unit-activated', model_id: 'tank' });
    expect(refused.ok ? null : refused.reason).toEqual({ ru: 'tank пропускает этот ход', en: 'tank skips this turn' });
    const afterB = applyEvent(afterA, { type: 'turn-ended' });
    expect(afterB.models.tank).toMatchObject({ next_turn: 'normal', next_turn_since: null });
    expect(afterB.turn.activated).toEqual([]);
  });

  it('a referee corrects damage, markers, figures, falls and destruction directly', () => {
    const s = foldGame([...zdGame, { type: 'damage-corrected', model_id: 'bugs', markers: 1, figures_left: 0, destroyed: true }]);
    expect(s.models.bugs).toMatchObject({ markers: 1, figures_left: 0, destroyed: true, next_turn: 'destroyed' });
    const revived = applyEvent(s, { type: 'damage-corrected', model_id: 'bugs', figures_left: 2, destroyed: false });
    expect(revived.models.bugs).toMatchObject({ figures_left: 2, destroyed: false, next_turn: 'normal' });
  });
});

describe('undo is an event', () => {
  it('cancels the latest event not yet cancelled, dice included: redoing rolls the same dice', () => {
    const before = foldGame(zdGame);
    const rolled = applyEvent(before, woundBugs());
    const undone = applyEvent(rolled, { type: 'undo' });
    for (const k of ['rng', 'turn', 'models', 'journal', 'undo_stack'] as const) expect(undone[k]).toEqual(before[k]);
    expect(undone.seq).toBe(5);
    const redone = applyEvent(undone, woundBugs());
    expect(redone.journal[0]?.dice_used).toEqual(rolled.journal[0]?.dice_used);
  });

  it('successive undos walk back; undo of model-added removes it; an empty stack refuses', () => {
    const s = foldGame([...zdGame, { type: 'turn-ended' }, { type: 'undo' }, { type: 'undo' }, { type: 'undo' }]);
    expect(s.turn.number).toBe(1);
    expect(Object.keys(s.models)).toEqual([]);
    expect(s.undo_stack).toEqual([]);
    const refused = tryApplyEvent(s, { type: 'undo' });
    expect(refused).toEqual({ ok: false, error: { field: 'type', problem: 'nothing to undo' }, reason: { ru: 'нечего отменять', en: 'type: nothing to undo' } });
    expect(applyEvent(s, { type: 'undo' }).rejected).toEqual([{ seq: 8, type: 'undo', problem: 'type: nothing to undo', reason: { ru: 'нечего отменять', en: 'type: nothing to undo' } }]);
  });
});

describe('events that do not fit are refused and change nothing', () => {
  const base = foldGame(zdGame);
  const cases: [string, unknown, string][] = [
    ['not an event', { type: 'teleport' }, 'type'],
    ['a second game-created', created('vtorzhenie'), 'type'],
    ['a duplicate model', { type: 'model-added', model: { id: 'bugs', player: 'B' } }, 'model.id'],
    ['an unknown target', { ...woundBugs([1, 1, 1]), targets: { '': 'ghosts' } }, 'targets.""'],
    ['an unknown action', { type: 'action-resolved', action: 'fire', input: {} }, 'action'],
    ['a bad action input', { type: 'action-resolved', action: 'wound-test', input: { hits: 1 } }, 'input.weapon'],
    ['too few typed dice', woundBugs([13]), 'dice'],
    ['a die outside its range', woundBugs([13, 21, 1]), 'dice[1]'],
    ['another ruleset', { ...woundBugs([1, 1, 1]), ruleset: 'vtorzhenie' }, 'ruleset'],
    ['a model of the other player', { type: 'unit-activated', model_id: 'bugs' }, 'turn'],
  ];
  for (const [what, event, field] of cases) {
    it(what, () => {
      const r = tryApplyEvent(base, event);
      expect(r.ok ? null : r.error.field).toBe(field);
      const s = applyEvent(base, event);
      expect({ ...s, seq: base.seq, rejected: [] }).toEqual(base);
      expect(s.rejected).toHaveLength(1);
    });
  }

  it('events before game-created are refused', () => {
    expect(tryApplyEvent(emptyGame(), { type: 'turn-ended' })).toMatchObject({ ok: false, error: { field: 'type' } });
  });

  it("a club's ruleset data is checked and used by the game's actions", () => {
    const s: GameState = foldGame([{ type: 'game-created', ruleset: 'stalnaya-voyna', seed: 's', ruleset_data: { id: 'stalnaya-voyna' } }]);
    expect(s.ruleset).toBeNull();
    expect(s.rejected[0]?.problem).toMatch(/^ruleset_data\./);
  });
});
