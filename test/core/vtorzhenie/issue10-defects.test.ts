import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';

/** Through the `shagomer resolve` contract, as the game and the CLI call it. */
const resolve = (fields: Record<string, unknown>) => {
  const r = resolveScenario({ ruleset: 'vtorzhenie', ...fields });
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
  return r.output;
};

describe('issue 10 defects, Вторжение', () => {
  it('guns have no damage track: a standing hit costs the next turn, hits never add up, a fall destroys', () => {
    // «Если при реальной стрельбе, по орудию попал снаряд, и орудие устояло, то оно пропускает
    // следующий ход (время тратится на его ремонт). Если орудие упало или отлетело, то оно
    // считается уничтоженным.»
    expect(vtorzhenie.data.guns.damage_track).toMatchObject({ value: false, source: 'default' });
    const standing = { action: 'real-shot', target: { kind: 'gun' }, hit: true, fell: false };
    expect(resolve(standing)).toEqual({ damage: 0, destroyed: false, fallen: false, next_turn: 'skip', dice_used: [] });
    // A club gave its gun a stamina of 1: a standing hit still never destroys it.
    for (let i = 0; i < 5; i++) expect(resolve({ ...standing, target: { kind: 'gun', stamina: 1 } })).toMatchObject({ damage: 0, destroyed: false, next_turn: 'skip' });
    expect(resolve({ action: 'real-shot', target: { kind: 'gun' }, hit: true, fell: true })).toEqual({ damage: 0, destroyed: true, fallen: true, next_turn: 'skip', dice_used: [] });
    expect(resolve({ action: 'real-shot', target: { kind: 'gun' }, hit: false, fell: true })).toMatchObject({ destroyed: true });
    const odds = resolve({ ...standing, exact: true }).odds;
    expect(odds).toEqual({ 'damage=0': '1/1', 'destroyed=false': '1/1', 'fallen=false': '1/1', 'next_turn=skip': '1/1' });
  });

  it('a model seen to fall with no registered hit is fallen and undamaged; a hit while it lies destroys it', () => {
    // «Если, упавшая модель получает еще одно попадание, то она считается уничтоженной.»
    // The seed ties falling to a hit («Если, при этом цель упала»); the digest's default covers a fall alone.
    expect(vtorzhenie.data.real_shot.fall_without_hit).toMatchObject({ value: 'fallen-undamaged', source: 'default' });
    const fell = resolve({ action: 'real-shot', target: { kind: 'cyborg', stamina: 2 }, hit: false, fell: true });
    expect(fell).toEqual({ damage: 0, destroyed: false, fallen: true, next_turn: 'normal', dice_used: [] });
    expect(resolve({ action: 'real-shot', target: { kind: 'cyborg', stamina: 2, fallen: true }, hit: true, fell: false })).toMatchObject({ destroyed: true, fallen: true, dice_used: [] });
    // The owner stands it up at the start of his turn, for 5 speed.
    expect(resolve({ action: 'stand-up', kind: 'infantry', at_start_of_turn: true })).toEqual({ allowed: true, speed_steps: 5, left_steps: 0, fallen: false, dice_used: [] });
  });

  it('a later miss or a 1–2 critical keeps a pending skip or no-move (input next_turn)', () => {
    // «Если 5-6, то модель получает 2 повреждения и пропускает след.ход.»
    const pending = { kind: 'vehicle', stamina: 3, damage: 2, fallen: true, next_turn: 'skip' };
    expect(resolve({ action: 'real-shot', target: pending, hit: false, fell: false })).toMatchObject({ next_turn: 'skip', fallen: true, damage: 2 });
    expect(resolve({ action: 'real-shot', target: { kind: 'vehicle', stamina: 3, next_turn: 'no-move' }, hit: true, fell: true, dice: [1] })).toMatchObject({ damage: 2, next_turn: 'no-move' });
    expect(resolve({ action: 'real-shot', target: { kind: 'vehicle', stamina: 3, next_turn: 'no-move' }, hit: true, fell: true, dice: [6] })).toMatchObject({ next_turn: 'skip' });
  });
});
