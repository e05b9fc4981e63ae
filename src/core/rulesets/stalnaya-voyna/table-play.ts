import type { AttackRules, TableKindOf } from '../table-play.js';
import { firingFigures, inches, weaponStats } from './unit-stats.js';

/**
 * An attack is a `fire` of the shooter's quality die and its small arms: the firepower die is the
 * sum of the rate of fire of every figure carrying the weapon (four rifles of ROF 1 → d4, eight →
 * d8). The table measures in inches; the range zones come from the quality die.
 */
export const stalnayaVoynaAttacks: AttackRules = {
  input: (shooter, _target, w, pair) => {
    const figures = Math.max(1, firingFigures(shooter, w));
    const power = weaponStats(w.id).power;
    return {
      ok: true,
      action: 'fire',
      harmKey: 'result=casualties',
      input: {
        distance_in: inches(pair.distanceCm),
        shooter: { quality: w.quality ?? 'd6', small_arms_rof: Array.from({ length: Math.min(figures, 60) }, () => w.rof ?? 1), ...(power ? { small_arms_power: power } : {}), support: [] },
        target: { prone: false, cover: pair.cover === 'partial' ? 'light' : pair.cover === 'full' ? 'heavy' : 'none' },
      },
    };
  },
};

/** Mobility classes: vehicles are tracked unless the setup names the class. */
export const stalnayaVoynaTableKind: TableKindOf = ({ kind, unitType }) => unitType ?? (kind === 'vehicle' ? 'tracked' : 'infantry');
