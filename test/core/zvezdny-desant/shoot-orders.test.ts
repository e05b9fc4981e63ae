import { describe, expect, it } from 'vitest';
import { foldGame, tryApplyEvent, type GameEventInput } from '../../../src/core/game/index.js';
import { zvezdnyDesant } from '../../../src/core/rulesets/zvezdny-desant/system.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';
import type { TableModel } from '../../../src/core/rulesets/table-play.js';

const shoot = (fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => resolveScenario({ ruleset: 'zvezdny-desant', action: 'shoot', ...fields, ...extra });

describe('Звездный Десант shooting as one action (the app\'s attack)', () => {
  it('EX wound test: armour B, Хрк B12, wound rolls 13, 17, 9 → 2 tests passed', () => {
    // Three hits first (to-hit 11+: 11, 15, 20), then the digest's wound rolls.
    const out = shoot({ shots: 3, weapon: { mshch: 1, hrk: { B: 12 } }, target: { armour_class: 'B', stk: 1, models: 5 } }, { dice: [11, 15, 20, 13, 17, 9] });
    expect(out.ok && out.output).toMatchObject({ hits: 3, wounds: 2, killed: 2, models_left: 3, hit: true, wounded: true });
  });

  it('EX casualties: СТК 3, 8 wounds → 2 dead, 2 markers; then +2 wounds → 1 dead, 1 marker', () => {
    const eight = shoot({ shots: 8, weapon: { mshch: 1, hrk: { C: 2 } }, target: { armour_class: 'C', stk: 3, models: 5 } }, { dice: [...Array(8).fill(20), ...Array(8).fill(20)] });
    expect(eight.ok && eight.output).toMatchObject({ wounds: 8, killed: 2, markers: 2, models_left: 3 });
    const two = shoot({ shots: 2, weapon: { mshch: 1, hrk: { C: 2 } }, target: { armour_class: 'C', stk: 3, markers: 2, models: 3 } }, { dice: [20, 20, 20, 20] });
    expect(two.ok && two.output).toMatchObject({ wounds: 2, killed: 1, markers: 1, models_left: 2 });
  });

  it('prices a whole squad\'s fire exactly: P(a hit among 5 shots at 11+) = 31/32', () => {
    const out = shoot({ shots: 5, weapon: { mshch: 1, hrk: { A: 12 } }, target: { armour_class: 'A', stk: 2, models: 6 } }, { exact: true });
    const odds = (out.ok ? out.output.odds : {}) as Record<string, string>;
    expect(odds['hit=true']).toBe('31/32');
    // One shot: 1/2 to hit × 9/20 to wound on 12+.
    const one = shoot({ shots: 1, weapon: { mshch: 1, hrk: { A: 12 } }, target: { armour_class: 'A', stk: 2, models: 6 } }, { exact: true });
    expect(((one.ok ? one.output.odds : {}) as Record<string, string>)['wounded=true']).toBe('9/40');
  });

  it('a class the weapon has no Хрк for cannot be wounded', () => {
    const out = shoot({ shots: 2, weapon: { mshch: 1, hrk: { A: 12 } }, target: { armour_class: 'E', stk: 2, models: 1 } }, { dice: [20, 20] });
    expect(out.ok && out.output).toMatchObject({ hits: 2, wounds: 0, wound_needed: null });
  });

  const unit = (id: string, type: string, figures: number): TableModel => {
    const t = zvezdnyDesant.catalogue.unit_types.find((u) => u.id === type);
    if (!t) throw new Error(type);
    return { id, player: id[0] as string, kind: t.kind, unitType: null, armour: t.armour, stamina: t.stamina, damage: 0, fallen: false, destroyed: false, figuresLeft: figures, markers: 0, suppression: 0, stats: { ...t.stats, catalogue_type: type } };
  };

  it('the table\'s attack: every figure fires its Скр, the target\'s КБР picks the Хрк, range in steps', () => {
    const a = zvezdnyDesant.attacks.input(unit('A1', 'trooper-squad', 5), unit('B1', 'heavy-squad', 3), { id: 'rifle', rangeSteps: 24 }, { distanceCm: 50, cover: 'partial', closeCombat: false });
    expect(a).toMatchObject({ ok: true, action: 'shoot', input: { shots: 5, in_cover: true, weapon: { mshch: 1, hrk: { A: 12, B: 10, C: 6 } }, target: { armour_class: 'C', stk: 2, models: 3 } } });
    // The squad's heavy gun (an option) is one figure's: Скр 3.
    const hg = zvezdnyDesant.attacks.input(unit('A1', 'trooper-squad', 5), unit('B1', 'heavy-squad', 3), { id: 'heavy-gun', rangeSteps: 30 }, { distanceCm: 50, cover: 'none', closeCombat: false });
    expect(hg).toMatchObject({ ok: true, input: { shots: 3 } });
    // 24 steps of 2.5 cm = 60 cm: 61 cm is out of range.
    const far = zvezdnyDesant.attacks.input(unit('A1', 'trooper-squad', 5), unit('B1', 'heavy-squad', 3), { id: 'rifle', rangeSteps: 24 }, { distanceCm: 61, cover: 'none', closeCombat: false });
    expect(far).toMatchObject({ ok: false, reason: { ru: 'цель дальше дальности: 24,4 шага из 24', en: 'the target is out of range: 24.4 of 24 steps' } });
    const noSheet = zvezdnyDesant.attacks.input(unit('A1', 'trooper-squad', 5), { ...unit('B1', 'heavy-squad', 3), stats: {} }, { id: 'rifle', rangeSteps: 24 }, { distanceCm: 50, cover: 'none', closeCombat: false });
    expect(noSheet).toMatchObject({ ok: false, reason: { ru: 'у B1 не указан класс брони (КБР)' } });
  });
});

describe('Звездный Десант order cards in the turn engine (issue 10 gap)', () => {
  const base: GameEventInput[] = [
    { type: 'game-created', ruleset: 'zvezdny-desant', seed: 'orders' },
    { type: 'model-added', model: { id: 'A1', player: 'A' } },
    { type: 'model-added', model: { id: 'A2', player: 'A' } },
    { type: 'model-added', model: { id: 'B1', player: 'B' } },
    // Seed: «Оборона»: оставаться на месте; оставаться на месте и стрелять. «Движение»: двигаться; нападение.
    { type: 'initiative-set', model_id: 'A1', initiative: 6, order: 'defence' },
    { type: 'initiative-set', model_id: 'A2', initiative: 4, order: 'attack' },
    { type: 'initiative-set', model_id: 'B1', initiative: 10, order: 'move' },
  ];
  const s = foldGame(base);
  const reason = (st: typeof s, e: GameEventInput) => {
    const r = tryApplyEvent(st, e);
    return r.ok ? null : r.reason;
  };

  it('keeps each card\'s order in the turn', () => {
    expect(s.rejected).toEqual([]);
    expect(s.turn.orders).toEqual({ A1: 'defence', A2: 'attack', B1: 'move' });
  });

  it('refuses a move under «Движение»\'s shooting, with the reason in both languages', () => {
    expect(reason(s, { type: 'phase-started', model_id: 'B1', phase: 'shoot' })).toEqual({ ru: 'B1: приказ «Движение» не позволяет «стрельба»', en: 'B1: the Move order does not allow shooting' });
    expect(reason(s, { type: 'phase-started', model_id: 'B1', phase: 'move' })).toBeNull();
    expect(reason(s, { type: 'phase-started', model_id: 'B1', phase: 'charge' })).toBeNull();
  });

  it('«Оборона» never moves; «Атака» may shoot then charge, never charge then shoot', () => {
    const afterB = foldGame([{ type: 'phase-started', model_id: 'B1', phase: 'move' }], s);
    expect(reason(afterB, { type: 'phase-started', model_id: 'A1', phase: 'move' })).toEqual({ ru: 'A1: приказ «Оборона» не позволяет «движение»', en: 'A1: the Defence order does not allow move' });
    expect(reason(afterB, { type: 'phase-started', model_id: 'A1', phase: 'shoot' })).toBeNull();
    const a2 = foldGame([{ type: 'phase-started', model_id: 'A1', phase: 'shoot' }, { type: 'phase-started', model_id: 'A2', phase: 'charge' }], afterB);
    expect(a2.rejected).toEqual([]);
    expect(reason(a2, { type: 'phase-started', model_id: 'A2', phase: 'shoot' })).toEqual({ ru: 'A2: приказ «Атака» не позволяет «стрельба» после «нападение»', en: 'A2: the Attack order does not allow shooting after charge' });
  });

  it('an override lets the contradicting activation stand and journals the rule it broke', () => {
    const o = foldGame([{ type: 'phase-started', model_id: 'B1', phase: 'shoot', override: { note: 'house rule' } }], s);
    expect(o.rejected).toEqual([]);
    expect(o.overrides).toEqual([{ seq: 8, type: 'phase-started', broke: { ru: 'B1: приказ «Движение» не позволяет «стрельба»', en: 'B1: the Move order does not allow shooting' }, note: 'house rule' }]);
  });

  it('an order the system does not have is refused; cards end with the turn', () => {
    expect(reason(s, { type: 'initiative-set', model_id: 'A1', initiative: 6, order: 'retreat' })).toEqual({ ru: 'в этой системе нет приказа «retreat»', en: 'this system has no "retreat" order' });
    expect(foldGame([{ type: 'turn-ended' }], s).turn.orders).toEqual({});
  });

  it('a unit without a card (no orders used) is not held to one', () => {
    const bare = foldGame([base[0] as GameEventInput, base[1] as GameEventInput, base[3] as GameEventInput]);
    expect(reason(bare, { type: 'phase-started', model_id: 'A1', phase: 'shoot' })).toBeNull();
  });
});
