import type { AttackRules, TableKindOf } from '../table-play.js';

/** An attack is one shot's `to-hit` test (the wound test follows for each hit). */
export const zvezdnyDesantAttacks: AttackRules = {
  input: (_shooter, _target, _w, pair) => {
    if (pair.cover === 'full') return { ok: false, reason: { ru: 'цель не видна', en: 'the target is out of sight' } };
    return { ok: true, action: 'to-hit', harmKey: 'hits=1', input: { shots: 1, in_cover: pair.cover === 'partial' } };
  },
};

/** Sight tells infantry from vehicles; guns count as vehicles. */
export const zvezdnyDesantTableKind: TableKindOf = ({ kind }) => (kind === 'vehicle' || kind === 'gun' ? 'vehicle' : 'infantry');
