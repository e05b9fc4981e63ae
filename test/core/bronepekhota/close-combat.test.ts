import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { CloseCombatInput, resolveCloseCombat } from '../../../src/core/rulesets/bronepekhota/close-combat.js';
import { bronepekhota } from '../../../src/core/rulesets/bronepekhota/system.js';

const fight = (fields: unknown, dice: number[]) => {
  const d = new ScriptedDice(dice);
  return { ...resolveCloseCombat(CloseCombatInput.parse(fields), d, bronepekhota.data), dice_used: d.used };
};

describe('bronepekhota close combat', () => {
  it('both strike at once; both may fall', () => {
    const r = fight({ attacker: { cc: 2, armour: 3 }, defender: { cc: 1, armour: 4, kind: 'cyborg' } }, [3, 3]);
    expect(r).toEqual({ allowed: true, attacker_total: 5, defender_total: 4, defender_struck: true, defender_effect: 'damage', attacker_struck: true, attacker_effect: 'killed', dice_used: [3, 3] });
  });

  it('needs contact: 3 cm is close enough, 3.5 cm is not', () => {
    const pair = { attacker: { cc: 2, armour: 3 }, defender: { cc: 1, armour: 4 } };
    expect(fight({ ...pair, distance_cm: 3 }, [1, 1]).allowed).toBe(true);
    expect(fight({ ...pair, distance_cm: 3.5 }, [])).toMatchObject({ allowed: false, dice_used: [] });
  });
});
