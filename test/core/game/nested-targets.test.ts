import { describe, expect, it } from 'vitest';
import { foldGame, tryApplyEvent, type GameEventInput } from '../../../src/core/game/index.js';

const game: GameEventInput[] = [
  { type: 'game-created', ruleset: 'vtorzhenie', seed: 'blast-table' } as GameEventInput,
  { type: 'model-added', model: { id: 'near', player: 'B', max_damage: 2, stats: { armour: 1 } } },
  { type: 'model-added', model: { id: 'far', player: 'B', max_damage: 2, stats: { armour: 1 } } },
];

const blast = (targets: Record<string, string>): GameEventInput => ({
  type: 'action-resolved',
  action: 'blast',
  input: {
    power: 3,
    radius_steps: 2,
    victims: [
      { id: 'near', distance_cm: 4, armour: 1, stamina: 2 },
      { id: 'far', distance_cm: 40, armour: 1, stamina: 2 },
    ],
  },
  // Power 3 against armour 1: the near model's dice all hit; the far one is outside the radius.
  dice: [6, 6, 6, 6, 6, 6],
  targets,
});

describe('an action output part inside a part lands on its model', () => {
  it('a blast: each victim (victims.<id>) takes its own damage', () => {
    const r = tryApplyEvent(foldGame(game), blast({ 'victims.near': 'near', 'victims.far': 'far' }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const out = r.state.journal.at(-1)?.output as { victims: Record<string, { caught: boolean; damage: number }> };
    expect(out.victims.near?.caught).toBe(true);
    expect(out.victims.far?.caught).toBe(false);
    expect(r.state.models.near?.damage).toBe(out.victims.near?.damage);
    expect(r.state.models.near?.damage).toBeGreaterThan(0);
    expect(r.state.models.far?.damage).toBe(0);
  });

  it('a path that names no part is refused with the path', () => {
    const r = tryApplyEvent(foldGame(game), blast({ 'victims.nobody': 'near' }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.field).toBe('targets.victims.nobody');
  });
});
