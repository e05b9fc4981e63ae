import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { attackerBeats, opposedRoll } from '../../../src/core/mechanics/opposed-roll.js';
import { distribution, groupOdds } from '../../../src/core/odds/enumerate.js';

/** The cheap threshold form of a penetration test must be the opposed roll it replaces. */
describe('attackerBeats equals the opposed roll it prices', () => {
  it('has the same exact odds for every power, armour and defender dice count', () => {
    for (let power = -1; power <= 7; power++) {
      for (let armour = 0; armour <= 8; armour++) {
        for (const dice of [0, 1, 2]) {
          const attacker = { bonus: power, dice: 1 };
          const defender = { bonus: armour, dice };
          const fast = groupOdds(distribution((d) => attackerBeats(d, attacker, defender)), (v) => [String(v)]);
          const slow = groupOdds(distribution((d) => { const t = opposedRoll(d, attacker, defender); return t.attacker > t.defender; }), (v) => [String(v)]);
          expect(`${power}/${armour}/${dice}: ${fast.get('true')?.toString() ?? '0'}`).toBe(`${power}/${armour}/${dice}: ${slow.get('true')?.toString() ?? '0'}`);
        }
      }
    }
  });

  it('reads the same dice in the same order', () => {
    for (const faces of [[4, 3], [2, 6], [5, 1, 6], [6, 2, 3]]) {
      const defender = { bonus: 3, dice: faces.length - 1 };
      const a = new ScriptedDice(faces);
      const b = new ScriptedDice(faces);
      const t = opposedRoll(b, { bonus: 3, dice: 1 }, defender);
      expect(attackerBeats(a, { bonus: 3, dice: 1 }, defender)).toBe(t.attacker > t.defender);
      expect(a.used).toEqual(b.used);
    }
  });
});
