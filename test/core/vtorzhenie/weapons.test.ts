import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core/dice/scripted-dice.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';
import { resolveVirtualShot, VirtualShotInput } from '../../../src/core/rulesets/vtorzhenie/virtual-shot.js';
import { mayFireWith, shotProfile } from '../../../src/core/rulesets/vtorzhenie/weapons.js';

const data = vtorzhenie.data;

describe('vtorzhenie weapons', () => {
  it('the sniper rifle: 20 steps, Power 3, +1 accuracy, one reroll; the EX again from the table', () => {
    const r = shotProfile(data, 'sniper-rifle');
    expect(r).toEqual({ ok: true, profile: { power: 3, accuracy_bonus: 1, range_steps: 20, reroll_accuracy_die: true, shots: 1 } });
    if (!r.ok) return;
    const { shots: _shots, ...shooter } = r.profile;
    const out = resolveVirtualShot(VirtualShotInput.parse({ distance_cm: 44, shooter, target: { armour: 3, stamina: 1 } }), new ScriptedDice([3, 5, 4, 3]), data);
    expect(out).toMatchObject({ hit: true, penetrated: true, destroyed: true });
  });

  it('fire modes must be declared for automatic weapons and change shots and accuracy', () => {
    expect(shotProfile(data, 'assault-rifle')).toMatchObject({ ok: false });
    const burst = shotProfile(data, 'assault-rifle', 'burst');
    expect(burst.ok && burst.profile.shots).toBe(3);
    expect(burst.ok && burst.profile.accuracy_bonus).toBe(-1);
    expect(shotProfile(data, 'pistol', 'burst')).toMatchObject({ ok: false });
    expect(shotProfile(data, 'railgun')).toMatchObject({ ok: false });
  });

  it('two guns in two hands: only the declared one fires', () => {
    expect(mayFireWith(null, 'pistol')).toBe(true);
    expect(mayFireWith('pistol', 'pistol')).toBe(true);
    expect(mayFireWith('pistol', 'smg')).toBe(false);
  });
});
