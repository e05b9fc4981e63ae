import type { AttackRules, RealShotRules, TableKindOf } from '../table-play.js';
import raw from './ruleset.json' with { type: 'json' };

const coverOf = (c: string): string => (c === 'partial' || c === 'full' ? c : 'none');
/** A model's damage-table row: its own, else the one its kind implies. */
export const unitTypeOf = (kind: string, unitType: string | null): string => unitType ?? (kind === 'infantry' ? 'infantry' : kind === 'cyborg' || kind === 'creature' ? 'cyborg' : kind === 'gun' ? 'mobile-gun' : 'walker');
/** The engine's target kind of an app model kind (creatures count as cyborgs and aliens). */
export const targetKind = (kind: string): string => (kind === 'creature' ? 'cyborg' : kind);

/** A launcher shot is `real-shot`; a ricochet is told apart (it counts nothing). */
export const bronepekhotaRealShots: RealShotRules = {
  action: 'real-shot',
  ricochet: true,
  input: (t, shot) => ({ target: { kind: targetKind(t.kind), unit_type: unitTypeOf(t.kind, t.unitType), damage: t.damage }, hit: shot.hit, ricochet: shot.ricochet, fell: shot.fell }),
  outcome: (o, t, shot) => {
    const { damage, destroyed, critical, state, dice_used: dice } = o;
    if (typeof damage !== 'number' || typeof destroyed !== 'boolean' || typeof critical !== 'boolean' || typeof state !== 'string' || !Array.isArray(dice)) {
      return "the engine's real-shot output changed shape";
    }
    const diceUsed = dice.filter((d): d is number => typeof d === 'number');
    return { damage, destroyed, fallen: t.fallen || (shot.fell && !shot.ricochet), nextTurn: state, critical, diceUsed };
  },
};

/** An attack on a model on the table is a single shooter's `virtual-shot`. */
export const bronepekhotaAttacks: AttackRules = {
  input: (_shooter, target, w, pair) => ({
    ok: true,
    action: 'virtual-shot',
    harmKey: 'hit=true',
    // The target's unit type and damage so far: a hit then lands on its damage track (a killed
    // trooper is destroyed), not only in the words of the result.
    input: { distance_cm: pair.distanceCm, shooters: [{ shooting: w.shooting ?? 1, range_steps: w.rangeSteps }], target: { armour: target.armour, kind: targetKind(target.kind), cover: coverOf(pair.cover), unit_type: unitTypeOf(target.kind, target.unitType), damage: target.damage } },
  }),
};

const infantryRows = raw.maneuver_steps.infantry_by_armour.value;
const heavyFrom = (infantryRows[1]?.max_armour ?? 5) as number;
const heaviest = (infantryRows[infantryRows.length - 1]?.max_armour ?? 6) as number;

/** Table kinds: infantry by armour, guns, tracked, wheeled and walking vehicles, cyborgs. */
export const bronepekhotaTableKind: TableKindOf = ({ kind, armour, unitType }) => {
  if (kind === 'infantry') return armour >= heaviest ? 'infantry-armour-6' : armour >= heavyFrom ? 'infantry-armour-5' : 'infantry';
  if (unitType === 'fixed-gun') return 'fixed-gun';
  if (unitType === 'wheeled') return 'wheeled';
  if (unitType === 'heavy-tracked') return 'tracked';
  return kind === 'gun' ? 'gun' : kind === 'cyborg' || kind === 'creature' ? 'cyborg' : 'walker';
};
