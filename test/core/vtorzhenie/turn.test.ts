import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { firstPlayerByRoll, playerOfTurn } from '../../../src/core/mechanics/alternating-turns.js';
import { allowanceFor, stateAfterOwnTurn } from '../../../src/core/mechanics/unit-state.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';
import { gunMayFire, NEW_TURN, startPhase, unitsYetToAct, vehicleMayFireVirtually, type PlayerTurn, type TurnStep } from '../../../src/core/rulesets/vtorzhenie/turn.js';

const data = vtorzhenie.data;
const ok = (s: TurnStep): PlayerTurn => {
  if (!s.ok) throw new Error(s.reason);
  return s.turn;
};

describe('vtorzhenie turn structure', () => {
  it('first player by a die roll (ties rolled again), then strict alternation', () => {
    const r = firstPlayerByRoll(new ScriptedDice([4, 4, 2, 5]), ['A', 'B']);
    expect(r).toEqual({ order: ['B', 'A'], rolls: [2, 5] });
    expect([0, 1, 2, 3].map((t) => playerOfTurn(t, r.order))).toEqual(['B', 'A', 'B', 'A']);
  });

  it('each unit acts once; maneuver and fire in either order, never interleaved', () => {
    let t = ok(startPhase(NEW_TURN, 'u1', 'fire'));
    t = ok(startPhase(t, 'u1', 'maneuver'));
    expect(startPhase(t, 'u1', 'fire')).toMatchObject({ ok: false });
    t = ok(startPhase(t, 'u2', 'maneuver'));
    expect(startPhase(t, 'u1', 'fire')).toEqual({ ok: false, reason: 'unit u1 has already acted this turn' });
    expect(unitsYetToAct(t, ['u1', 'u2', 'u3'])).toEqual(['u3']);
  });

  it('a vehicle fires at most two weapons virtually; a gun needs a friend within 1 step, one shot per barrel', () => {
    expect(vehicleMayFireVirtually(['cannon'], 'mg', data).ok).toBe(true);
    expect(vehicleMayFireVirtually(['cannon', 'mg'], 'atgm', data).ok).toBe(false);
    expect(gunMayFire(6, 0, [], data).ok).toBe(true);
    expect(gunMayFire(7, 0, [], data).ok).toBe(false);
    expect(gunMayFire(null, 0, [], data).ok).toBe(false);
    expect(gunMayFire(3, 0, [0], data).ok).toBe(false);
    expect(gunMayFire(3, 1, [0], data).ok).toBe(true);
  });

  it('next-turn states: no-move still shoots, skip does nothing, both last one turn', () => {
    expect(allowanceFor('no-move')).toEqual({ move: false, shoot: true });
    expect(allowanceFor('skip')).toEqual({ move: false, shoot: false });
    expect(stateAfterOwnTurn('skip')).toBe('normal');
    expect(stateAfterOwnTurn('stands-shoots')).toBe('stands-shoots');
    expect([0, 1, 2].map((n) => allowanceFor('shoots-every-other-turn', n).shoot)).toEqual([true, false, true]);
  });
});
