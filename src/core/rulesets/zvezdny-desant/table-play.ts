import type { AttackRules, TableKindOf } from '../table-play.js';
import { firingFigures, shootingProfile, steps, unitSheet } from './unit-stats.js';

const fmt = (n: number): string => String(Math.round(n * 10) / 10);
const fmtRu = (n: number): string => fmt(n).replace('.', ',');

/**
 * An attack is one unit's fire with one weapon (`shoot`): every figure that carries the weapon
 * fires its Скр shots, each hit takes a wound test against the weapon's Хрк for the target's
 * КБР, and the wounds land on the target's markers. Out of range or out of sight: no attack.
 */
export const zvezdnyDesantAttacks: AttackRules = {
  input: (shooter, target, w, pair) => {
    if (pair.cover === 'full') return { ok: false, reason: { ru: 'цель не видна', en: 'the target is out of sight' } };
    if (pair.closeCombat) return { ok: false, reason: { ru: 'подразделения в ближнем бою не стреляют', en: 'units in melee do not shoot' } };
    const profile = shootingProfile(w);
    if (!profile) return { ok: false, reason: { ru: `«${w.id}» — не стрелковое оружие`, en: `"${w.id}" is not a shooting weapon` } };
    const dist = steps(pair.distanceCm);
    if (dist > w.rangeSteps) return { ok: false, reason: { ru: `цель дальше дальности: ${fmtRu(dist)} шага из ${w.rangeSteps}`, en: `the target is out of range: ${fmt(dist)} of ${w.rangeSteps} steps` } };
    const sheet = unitSheet(target);
    if (!sheet.ok) return sheet;
    const shots = firingFigures(shooter, w) * profile.skr;
    return {
      ok: true,
      action: 'shoot',
      harmKey: 'wounded=true',
      input: {
        shots,
        in_cover: pair.cover === 'partial',
        weapon: { mshch: profile.mshch, hrk: profile.hrk },
        target: { armour_class: sheet.sheet.kbr, stk: Math.max(1, target.stamina), markers: target.markers, models: Math.max(1, target.figuresLeft) },
      },
    };
  },
};

/** Sight tells infantry from vehicles; guns count as vehicles. */
export const zvezdnyDesantTableKind: TableKindOf = ({ kind }) => (kind === 'vehicle' || kind === 'gun' ? 'vehicle' : 'infantry');
