/**
 * A model's damage against its limits: at `max` it is destroyed, at `critical` (if the type
 * has one) its critical state applies. Вторжение's stamina is a track with no critical level.
 */
export interface DamageTrack {
  max: number;
  critical: number | null;
}

export interface DamageStatus {
  /** Total damage on the model afterwards. */
  damage: number;
  destroyed: boolean;
  /** The critical level has been reached (also true when the model is destroyed past it). */
  critical: boolean;
}

export function damageStatus(track: DamageTrack, damage: number): DamageStatus {
  return {
    damage,
    destroyed: damage >= track.max,
    critical: track.critical !== null && damage >= track.critical,
  };
}

export function addDamage(track: DamageTrack, current: number, added: number): DamageStatus {
  return damageStatus(track, current + added);
}
