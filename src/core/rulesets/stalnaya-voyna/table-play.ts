import type { AttackRules, TableKindOf } from '../table-play.js';

const CM_PER_INCH = 2.54;

/** An attack is a `fire` of the shooter's quality die and the weapon's rate of fire. */
export const stalnayaVoynaAttacks: AttackRules = {
  input: (_shooter, _target, w, pair) => ({
    ok: true,
    action: 'fire',
    harmKey: 'result=casualties',
    input: { distance_in: pair.distanceCm / CM_PER_INCH, shooter: { quality: w.quality ?? 'd6', small_arms_rof: [w.rof ?? 1], support: [] }, target: { prone: false, cover: pair.cover === 'partial' ? 'light' : pair.cover === 'full' ? 'heavy' : 'none' } },
  }),
};

/** Mobility classes: vehicles are tracked unless the setup names the class. */
export const stalnayaVoynaTableKind: TableKindOf = ({ kind, unitType }) => unitType ?? (kind === 'vehicle' ? 'tracked' : 'infantry');
