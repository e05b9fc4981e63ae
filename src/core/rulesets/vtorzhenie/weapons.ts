import type { VtorzhenieData, VtorzhenieWeapon } from './data-schema.js';

/** What one declared shot of a weapon brings to `virtual-shot`'s shooter. */
export interface ShotProfile {
  power: number;
  accuracy_bonus: number;
  range_steps: number;
  reroll_accuracy_die: boolean;
  /** Shots this turn in the declared mode (rate of fire): each target declared before rolling. */
  shots: number;
}

export type WeaponLookup = { ok: true; profile: ShotProfile } | { ok: false; field: 'weapon' | 'mode'; reason: string };

/**
 * A weapon of the ruleset data, in a fire mode declared before the accuracy roll (SMG, assault
 * rifle, machine gun); weapons without modes ignore none given and refuse one named.
 */
export function shotProfile(data: VtorzhenieData, weaponId: string, modeId?: string): WeaponLookup {
  const weapon: VtorzhenieWeapon | undefined = Object.hasOwn(data.weapons, weaponId) ? data.weapons[weaponId] : undefined;
  if (!weapon) return { ok: false, field: 'weapon', reason: `unknown weapon "${weaponId}" (known: ${Object.keys(data.weapons).join(', ')})` };
  const base = {
    power: weapon.power.value,
    accuracy_bonus: weapon.accuracy_bonus.value,
    range_steps: weapon.range_steps.value,
    reroll_accuracy_die: weapon.reroll_accuracy_die.value,
    shots: weapon.shots.value,
  };
  const modes = weapon.fire_modes?.value;
  if (!modes) return modeId === undefined ? { ok: true, profile: base } : { ok: false, field: 'mode', reason: `${weaponId} has no fire modes` };
  if (modeId === undefined) return { ok: false, field: 'mode', reason: `declare a fire mode for ${weaponId} before the accuracy roll (${modes.map((m) => m.id).join(', ')})` };
  const mode = modes.find((m) => m.id === modeId);
  if (!mode) return { ok: false, field: 'mode', reason: `${weaponId} has no mode "${modeId}" (${modes.map((m) => m.id).join(', ')})` };
  return { ok: true, profile: { ...base, shots: mode.shots, accuracy_bonus: base.accuracy_bonus + mode.accuracy_bonus } };
}

/** A model with weapons in two hands fires one of them per turn, declared before shooting. */
export function mayFireWith(declaredThisTurn: string | null, weaponId: string): boolean {
  return declaredThisTurn === null || declaredThisTurn === weaponId;
}
