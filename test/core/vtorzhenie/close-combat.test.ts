import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { CloseCombatInput, fighterFrom, resolveCloseCombat } from '../../../src/core/rulesets/vtorzhenie/close-combat.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const fight = (fields: unknown, dice: number[]) => {
  const d = new ScriptedDice(dice);
  return { ...resolveCloseCombat(CloseCombatInput.parse(fields), d), dice_used: d.used };
};

describe('vtorzhenie close combat', () => {
  it('EX: chainsword attacker rolls 4 and 1, keeps 4: 11; knife defender 3+1+3 = 7; the defender loses', () => {
    const chainsword = vtorzhenie.data.cc_weapons.chainsword!;
    const knife = vtorzhenie.data.cc_weapons.knife!;
    const r = fight(
      {
        attackers: [{ cc: chainsword.cc.value, armour: 3, attack_dice: chainsword.attack_dice.value }],
        defenders: [{ cc: knife.cc.value, armour: 3, defence_dice: knife.defence_dice.value }],
      },
      [4, 1, 3],
    );
    expect(r).toEqual({ attacker_total: 11, defender_total: 7, winner: 'attacker', rounds: 1, dice_used: [4, 1, 3] });
  });

  it('rolls both sides again after a tie, attacker first', () => {
    const r = fight({ attackers: [{ cc: 1, armour: 2 }], defenders: [{ cc: 2, armour: 1 }] }, [3, 3, 2, 5]);
    expect(r).toEqual({ attacker_total: 5, defender_total: 8, winner: 'defender', rounds: 2, dice_used: [3, 3, 2, 5] });
  });

  it('sums CC and armour of each side, which rolls one die (two keep higher with a shield)', () => {
    const r = fight(
      { attackers: [{ cc: 1, armour: 3 }, { cc: 0, armour: 2 }], defenders: [{ cc: 1, armour: 3 }, { cc: 0, armour: 3, defence_dice: 2 }] },
      [6, 2, 4],
    );
    expect(r).toEqual({ attacker_total: 12, defender_total: 11, winner: 'attacker', rounds: 1, dice_used: [6, 2, 4] });
  });

  it('prices equal sides at one half, whatever the ties', () => {
    const out = resolveScenario({ ruleset: 'vtorzhenie', action: 'close-combat', attackers: [{ cc: 2, armour: 3 }], defenders: [{ cc: 2, armour: 3 }], exact: true });
    expect(out.ok && out.output.odds).toEqual({ 'winner=attacker': '1/2', 'winner=defender': '1/2' });
  });

  it('prices a sword against a bare defender: P(max of 2 > 1 die), ties rolled again', () => {
    const out = resolveScenario({ ruleset: 'vtorzhenie', action: 'close-combat', attackers: [{ cc: 0, armour: 0, attack_dice: 2 }], defenders: [{ cc: 0, armour: 0 }], exact: true });
    // P(a>d) = 125/216, P(a=d) = 1/216·Σ(2k−1) = 36/216 → 125/180 = 25/36
    expect(out.ok && out.output.odds).toEqual({ 'winner=attacker': '25/36', 'winner=defender': '11/36' });
  });
});

describe('vtorzhenie close-combat lines from weapons', () => {
  it('adds CC of several weapons, takes 2 dice from a sword or a shield, CC 0 without weapons', () => {
    const data = vtorzhenie.data;
    expect(fighterFrom(['chainsword', 'knife'], 3, data)).toEqual({ fighter: { cc: 5, armour: 3, attack_dice: 2, defence_dice: 1 }, unknown: [] });
    expect(fighterFrom(['shield', 'sword'], 2, data).fighter).toEqual({ cc: 2, armour: 2, attack_dice: 2, defence_dice: 2 });
    expect(fighterFrom([], 0, data).fighter.cc).toBe(0);
    expect(fighterFrom(['banana'], 0, data).unknown).toEqual(['banana']);
  });
});
