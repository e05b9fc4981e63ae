import { describe, expect, it } from 'vitest';
import { applyEvent, foldGame, tryApplyEvent, type GameEventInput, type GameState } from '../../../src/core/game/index.js';
import { executionOrder, mayActNext } from '../../../src/core/game/turn-engine.js';
import { gameSystem } from '../../../src/core/rulesets/registry.js';

const created = (ruleset: string, extra: Partial<Extract<GameEventInput, { type: 'game-created' }>> = {}): GameEventInput => ({ type: 'game-created', ruleset, seed: 'turns', ...extra });
const model = (id: string, player: 'A' | 'B', extra: Record<string, unknown> = {}): GameEventInput => ({ type: 'model-added', model: { id, player, ...extra } }) as GameEventInput;
const turnOf = (id: string) => {
  const system = gameSystem(id);
  if (!system) throw new Error(`no system ${id}`);
  return system.turn;
};
const reasonOf = (s: GameState, e: GameEventInput): unknown => {
  const r = tryApplyEvent(s, e);
  return r.ok ? null : r.reason;
};

describe('state only accumulates (defect 1)', () => {
  // Seed 003: «Если 5-6, то модель получает 2 повреждения и пропускает след.ход.»
  const fall5 = { type: 'action-resolved', action: 'real-shot', input: { target: { kind: 'vehicle', stamina: 3 }, hit: true, fell: true }, dice: [5], targets: { '': 'B1' } } as const;
  const base = [created('vtorzhenie'), model('A1', 'A', { max_damage: 3 }), model('B1', 'B', { max_damage: 3 }), fall5];

  it('a later miss on a model due to skip its next turn leaves it due to skip', () => {
    const miss: GameEventInput = { type: 'action-resolved', action: 'real-shot', input: { target: { kind: 'vehicle', stamina: 3, damage: 2, fallen: true }, hit: false, fell: false }, targets: { '': 'B1' } };
    const s = foldGame([...base, miss]);
    expect(s.journal[1]?.output.next_turn).toBe('normal');
    expect(s.models.B1).toMatchObject({ damage: 2, fallen: true, next_turn: 'skip', next_turn_since: 1 });
  });

  it('a milder critical (3–4: no move) does not soften a pending skip; a harsher one replaces a milder', () => {
    // «Если 3-4, то модель получает 2 повреждения и не может двигаться в след.ходу, только стрелять.»
    const s0 = foldGame([created('vtorzhenie'), model('B1', 'B', { max_damage: 9 }), model('B2', 'B', { max_damage: 9 })]);
    const fall = (id: string, face: number, damage = 0): GameEventInput => ({ type: 'action-resolved', action: 'real-shot', input: { target: { kind: 'cyborg', stamina: 9, damage }, hit: true, fell: true }, dice: [face], targets: { '': id } });
    const s1 = foldGame([fall('B1', 5), fall('B1', 3, 2), fall('B2', 3), fall('B2', 6, 2)], s0);
    expect(s1.models.B1?.next_turn).toBe('skip');
    expect(s1.models.B2?.next_turn).toBe('skip');
  });

  it('the pending skip is in force in the owner\'s next turn and expires after it', () => {
    let s = foldGame(base);
    s = applyEvent(s, { type: 'turn-ended' });
    expect(reasonOf(s, { type: 'unit-activated', model_id: 'B1' })).toEqual({ ru: 'B1 пропускает этот ход', en: 'B1 skips this turn' });
    s = applyEvent(applyEvent(s, { type: 'turn-ended' }), { type: 'turn-ended' });
    expect(s.models.B1?.next_turn).toBe('normal');
    expect(tryApplyEvent(s, { type: 'unit-activated', model_id: 'B1' }).ok).toBe(true);
  });
});

describe('turn structure, per system', () => {
  it('Вторжение: each unit once a turn, manoeuvre and fire never interleaved, only the active player', () => {
    // Seed 003: «прерывать фазу стрельбы или маневра, а потом возобновлять – нельзя!»
    const shot = (actor: string, target: string): GameEventInput => ({ type: 'action-resolved', actor, action: 'real-shot', input: { target: { kind: 'infantry', stamina: 1 }, hit: false, fell: false }, targets: { '': target } });
    let s = foldGame([created('vtorzhenie'), model('A1', 'A'), model('A2', 'A'), model('B1', 'B'), shot('A1', 'B1')]);
    expect(s.turn).toMatchObject({ acting: 'A1', phases: ['fire'], activated: ['A1'] });
    s = applyEvent(s, shot('A1', 'B1'));
    expect(s.rejected).toEqual([]);
    s = applyEvent(s, { type: 'phase-started', model_id: 'A1', phase: 'maneuver' });
    expect(reasonOf(s, shot('A1', 'B1'))).toEqual({ ru: 'A1 уже закончил фазу «стрельба»: после «манёвр» к ней не вернуться', en: 'A1 has finished its fire phase: no going back to it after manoeuvre' });
    expect(reasonOf(s, shot('B1', 'A1'))).toEqual({ ru: 'B1 — отряд игрока B, а сейчас ход игрока A', en: "B1 belongs to player B; it is player A's turn" });
    s = applyEvent(s, { type: 'unit-activated', model_id: 'A2' });
    expect(reasonOf(s, { type: 'unit-activated', model_id: 'A1' })).toEqual({ ru: 'A1 уже действовал в этом ходу', en: 'A1 has already acted this turn' });
    expect(reasonOf(s, { type: 'phase-started', model_id: 'A2', phase: 'charge' })).toEqual({ ru: 'в этой системе нет фазы «charge»', en: 'this system has no "charge" phase' });
  });

  it('Бронепехота: a turn is one unit\'s phases, in order', () => {
    // Seed 002: «Полный Ход игрока состоит из трёх фаз одного Юнита: Маневр, Атака, Ближний Бой.»
    let s = foldGame([created('bronepekhota'), model('Б1', 'A'), model('Б2', 'A'), model('В1', 'B')]);
    s = applyEvent(s, { type: 'phase-started', model_id: 'Б1', phase: 'attack' });
    expect(reasonOf(s, { type: 'phase-started', model_id: 'Б1', phase: 'maneuver' })).toEqual({ ru: 'фаза «манёвр» идёт раньше фазы «атака»', en: 'the manoeuvre phase comes before the attack phase' });
    expect(reasonOf(s, { type: 'unit-activated', model_id: 'Б2' })).toEqual({ ru: 'этот ход уже отдан Б1: за ход действует только один отряд', en: 'this turn already belongs to Б1: one unit acts per turn' });
    expect(tryApplyEvent(s, { type: 'phase-started', model_id: 'Б1', phase: 'close-combat' }).ok).toBe(true);
    expect(mayActNext(s, turnOf('bronepekhota'))).toEqual([]);
    s = applyEvent(s, { type: 'turn-ended' });
    expect(s.turn).toMatchObject({ number: 2, active_player: 'B', activated: [] });
    expect(mayActNext(s, turnOf('bronepekhota'))).toEqual(['В1']);
  });

  it('Звездный Десант: execution by initiative across both players (EX A={5,3,2}, B={6,4} → B6, A5, B4, A3, A2)', () => {
    const units = [model('A5', 'A'), model('A3', 'A'), model('A2', 'A'), model('B6', 'B'), model('B4', 'B')];
    const cards: GameEventInput[] = [['A5', 5], ['A3', 3], ['A2', 2], ['B6', 6], ['B4', 4]].map(([id, n]) => ({ type: 'initiative-set', model_id: id as string, initiative: n as number }));
    let s = foldGame([created('zvezdny-desant'), ...units, ...cards]);
    const rules = turnOf('zvezdny-desant');
    expect(executionOrder(s, rules)).toEqual(['B6', 'A5', 'B4', 'A3', 'A2']);
    expect(reasonOf(s, { type: 'unit-activated', model_id: 'A5' })).toEqual({ ru: 'сейчас по инициативе действует B6 (инициатива 6), A5 — позже', en: 'by initiative B6 acts now (initiative 6); A5 comes later' });
    for (const id of ['B6', 'A5', 'B4', 'A3', 'A2']) {
      expect(mayActNext(s, rules)).toEqual([id]);
      s = applyEvent(s, { type: 'unit-activated', model_id: id });
    }
    expect(s.rejected).toEqual([]);
    // «Игрок никогда не может назначить своим подразделениям ... больше ... командных очков.»
    const over = foldGame([created('zvezdny-desant'), ...units, ...cards.slice(0, 2)]);
    expect(reasonOf(over, { type: 'initiative-set', model_id: 'A2', initiative: 3 })).toEqual({ ru: 'у игрока A 10 командных очков, а на инициативу назначено 11', en: 'player A has 10 command points, the initiatives add up to 11' });
    const next = applyEvent(s, { type: 'turn-ended', first_player: 'B' });
    expect(next.turn).toMatchObject({ number: 2, first_player: 'B', active_player: 'B', initiative: {}, activated: [] });
  });

  it('equal initiatives: within a player his choice, across players the first player first, alternating (EX F{5,4,4,2} B{7,4,4} → B7, F5, F4, B4, F4, B4, F2)', () => {
    const ids: [string, 'A' | 'B', number][] = [['F5', 'A', 5], ['F4a', 'A', 4], ['F4b', 'A', 4], ['F2', 'A', 2], ['B7', 'B', 7], ['B4a', 'B', 4], ['B4b', 'B', 4]];
    // The seed's example spends more than 10 points: the referee lets the cards stand.
    const s = foldGame([created('zvezdny-desant'), ...ids.map(([id, p]) => model(id, p)), ...ids.map(([id, , n]) => ({ type: 'initiative-set', model_id: id, initiative: n, override: true }) as GameEventInput)]);
    expect(s.rejected).toEqual([]);
    expect(s.overrides.map((o) => o.broke.en)).toEqual(['player A has 10 command points, the initiatives add up to 13', 'player A has 10 command points, the initiatives add up to 15', 'player B has 10 command points, the initiatives add up to 11', 'player B has 10 command points, the initiatives add up to 15']);
    expect(executionOrder(s, turnOf('zvezdny-desant'))).toEqual(['B7', 'F5', 'F4a', 'B4a', 'F4b', 'B4b', 'F2']);
    // Within one player equal initiatives are his choice: either F4 may go when they are due.
    let t = s;
    for (const id of ['B7', 'F5']) t = applyEvent(t, { type: 'unit-activated', model_id: id });
    expect(mayActNext(t, turnOf('zvezdny-desant'))).toEqual(['F4a', 'F4b']);
  });

  it('a referee override applies a rule-breaking event and journals it as such; undo takes it back', () => {
    let s = foldGame([created('vtorzhenie'), model('A1', 'A'), model('B1', 'B')]);
    s = applyEvent(s, { type: 'unit-activated', model_id: 'B1', override: { note: 'перепутали ход' } });
    expect(s.rejected).toEqual([]);
    expect(s.turn.activated).toEqual(['B1']);
    expect(s.overrides).toEqual([{ seq: 4, type: 'unit-activated', broke: { ru: 'B1 — отряд игрока B, а сейчас ход игрока A', en: "B1 belongs to player B; it is player A's turn" }, note: 'перепутали ход' }]);
    s = applyEvent(s, { type: 'undo' });
    expect(s.overrides).toEqual([]);
    expect(s.turn.activated).toEqual([]);
  });
});
