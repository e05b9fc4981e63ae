import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { RealShotInput, resolveRealShot } from '../../../src/core/rulesets/vtorzhenie/real-shot.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const real = (fields: unknown, dice: number[] = []) => {
  const d = new ScriptedDice(dice);
  return { ...resolveRealShot(RealShotInput.parse(fields), d, vtorzhenie.data), dice_used: d.used };
};
const vehicle = { kind: 'vehicle', stamina: 3 };

describe('vtorzhenie real shot', () => {
  it('deals 1 damage for a hit that leaves the model standing, rolling nothing', () => {
    expect(real({ target: vehicle, hit: true, fell: false })).toEqual({ damage: 1, destroyed: false, fallen: false, next_turn: 'normal', dice_used: [] });
  });

  it('a hit that knocks the model over: critical D6, 2 damage in total, next turn by the die', () => {
    expect(real({ target: vehicle, hit: true, fell: true }, [2])).toEqual({ damage: 2, destroyed: false, fallen: true, next_turn: 'normal', dice_used: [2] });
    expect(real({ target: vehicle, hit: true, fell: true }, [3])).toMatchObject({ next_turn: 'no-move' });
    expect(real({ target: vehicle, hit: true, fell: true }, [4])).toMatchObject({ next_turn: 'no-move' });
    expect(real({ target: vehicle, hit: true, fell: true }, [5])).toMatchObject({ next_turn: 'skip' });
  });

  it('rolls the critical die even when the damage destroys the model', () => {
    expect(real({ target: { kind: 'infantry', stamina: 1 }, hit: true, fell: true }, [1])).toEqual({ damage: 2, destroyed: true, fallen: true, next_turn: 'skip', dice_used: [1] });
  });

  it('destroys a fallen model that is hit again, without a die', () => {
    expect(real({ target: { kind: 'cyborg', stamina: 2, fallen: true }, hit: true, fell: false })).toMatchObject({ destroyed: true, fallen: true, dice_used: [] });
  });

  it('a gun: standing after a hit it skips a turn, fallen it is destroyed; never a critical die', () => {
    expect(real({ target: { kind: 'gun', stamina: 3 }, hit: true, fell: false })).toMatchObject({ destroyed: false, next_turn: 'skip', dice_used: [] });
    expect(real({ target: { kind: 'gun', stamina: 3 }, hit: true, fell: true })).toMatchObject({ destroyed: true, fallen: true, dice_used: [] });
  });

  it('a miss changes nothing', () => {
    expect(real({ target: { ...vehicle, damage: 1, fallen: true }, hit: false, fell: false })).toEqual({ damage: 1, destroyed: false, fallen: true, next_turn: 'normal', dice_used: [] });
  });

  it('prices the critical test: a third for each next-turn result', () => {
    const out = resolveScenario({ ruleset: 'vtorzhenie', action: 'real-shot', target: vehicle, hit: true, fell: true, exact: true });
    expect(out.ok && out.output.odds).toEqual({ 'damage=2': '1/1', 'destroyed=false': '1/1', 'fallen=true': '1/1', 'next_turn=normal': '1/3', 'next_turn=no-move': '1/3', 'next_turn=skip': '1/3' });
  });
});
