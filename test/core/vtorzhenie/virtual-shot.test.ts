import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';
import { resolveVirtualShot, VirtualShotInput } from '../../../src/core/rulesets/vtorzhenie/virtual-shot.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const data = vtorzhenie.data;
const shot = (fields: unknown, dice: number[]) => {
  const d = new ScriptedDice(dice);
  const result = resolveVirtualShot(VirtualShotInput.parse(fields), d, data);
  return { ...result, dice_used: d.used, unused: d.unused() };
};
const sniper = data.weapons['sniper-rifle']!;

describe('vtorzhenie virtual shot', () => {
  it('EX: sniper at 44 cm, 3+5+1 = 9 hits, 4+3 > 3+3 penetrates, the cyber-infantryman dies', () => {
    const r = shot(
      {
        distance_cm: 44,
        shooter: { power: sniper.power.value, accuracy_bonus: sniper.accuracy_bonus.value, range_steps: sniper.range_steps.value },
        target: { armour: data.armour.armour_suit.value, stamina: data.stamina.infantry.value },
      },
      [3, 5, 4, 3],
    );
    expect(r).toMatchObject({ allowed: true, steps: 9, band: 'medium', to_hit: 9, accuracy: 9, hit: true, penetrated: true, damage: 1, destroyed: true, unused: 0 });
  });

  it('EX: a pistol (8 steps) reaches 41 cm but not 42 cm', () => {
    const pistol = { power: 1, range_steps: data.weapons.pistol!.range_steps.value };
    const target = { armour: 0, stamina: 1 };
    expect(shot({ distance_cm: 41, shooter: pistol, target }, [1, 1]).allowed).toBe(true);
    const far = shot({ distance_cm: 42, shooter: pistol, target }, []);
    expect(far).toMatchObject({ allowed: false, hit: false, accuracy: null, dice_used: [] });
  });

  it('refuses the close-combat band and a fully hidden target without rolling', () => {
    expect(shot({ distance_cm: 5.2, shooter: { power: 3 }, target: { armour: 0, stamina: 1 } }, [])).toMatchObject({ allowed: false, to_hit: null, dice_used: [] });
    expect(shot({ distance_cm: 30, shooter: { power: 3 }, target: { armour: 0, stamina: 1, cover: 'full' } }, [])).toMatchObject({ allowed: false, to_hit: 6 });
  });

  it('takes 2 off accuracy for partial cover only beyond 6 steps', () => {
    const partial = { armour: 0, stamina: 1, cover: 'partial' };
    expect(shot({ distance_cm: 44, shooter: { power: 3, accuracy_bonus: 1 }, target: partial }, [3, 5])).toMatchObject({ accuracy: 7, hit: false, dice_used: [3, 5] });
    expect(shot({ distance_cm: 30, shooter: { power: 3 }, target: partial }, [3, 3, 1, 1])).toMatchObject({ steps: 6, accuracy: 6, hit: true });
  });

  it('gives a vehicle no defence die and a shield two dice keep the higher', () => {
    const vehicle = shot({ distance_cm: 20, shooter: { power: 3 }, target: { armour: 8, stamina: 3, vehicle: true } }, [3, 4, 6]);
    expect(vehicle).toMatchObject({ penetrated: true, damage: 1, destroyed: false, dice_used: [3, 4, 6] });
    const shield = shot({ distance_cm: 20, shooter: { power: 3 }, target: { armour: 2, stamina: 1, shield: true } }, [3, 4, 5, 1, 6]);
    expect(shield).toMatchObject({ hit: true, penetrated: false, damage: 0, dice_used: [3, 4, 5, 1, 6] });
  });

  it('lets a sniper roll the lower accuracy die again after a miss', () => {
    const fields = { distance_cm: 44, shooter: { power: 3, accuracy_bonus: 1, reroll_accuracy_die: true }, target: { armour: 3, stamina: 1 } };
    expect(shot(fields, [2, 1, 6, 1, 6])).toMatchObject({ accuracy: 9, hit: true, penetrated: false, dice_used: [2, 1, 6, 1, 6] });
    expect(shot(fields, [4, 4, 1, 1])).toMatchObject({ accuracy: 9, dice_used: [4, 4, 1, 1] });
  });

  it('adds damage to what the target already has', () => {
    const r = shot({ distance_cm: 20, shooter: { power: 3 }, target: { armour: 4, stamina: 3, damage: 1 } }, [6, 6, 6, 1]);
    expect(r).toMatchObject({ damage: 2, destroyed: false });
  });

  it('prices the shot exactly: 9+ on 2D6 is 5/18, penetrating 3 vs 3 is 15/36', () => {
    const out = resolveScenario({ ruleset: 'vtorzhenie', action: 'virtual-shot', distance_cm: 44, shooter: { power: 3 }, target: { armour: 3, stamina: 1 }, exact: true });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const odds = out.output.odds as Record<string, string>;
    expect(odds['hit=true']).toBe('5/18');
    expect(odds['penetrated=true']).toBe('25/216'); // 5/18 × 15/36
    expect(odds['destroyed=true']).toBe('25/216');
  });

  it('rejects damage that already destroys the target', () => {
    const out = resolveScenario({ ruleset: 'vtorzhenie', action: 'virtual-shot', distance_cm: 44, shooter: { power: 3 }, target: { armour: 3, stamina: 1, damage: 1 } });
    expect(out).toMatchObject({ ok: false, error: { field: 'target.damage' } });
  });
});
