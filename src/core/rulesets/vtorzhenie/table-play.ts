import type { AttackRules, RealShotRules, TableKindOf } from '../table-play.js';
import raw from './ruleset.json' with { type: 'json' };

const kindOf = (kind: string): string => (kind === 'creature' ? 'infantry' : kind);
const coverOf = (c: string): string => (c === 'partial' || c === 'full' ? c : 'none');

/** A launcher shot is the `real-shot` action on the target as it stands now. */
export const vtorzhenieRealShots: RealShotRules = {
  action: 'real-shot',
  ricochet: false,
  input: (t, shot) => ({ target: { kind: kindOf(t.kind), stamina: t.stamina, damage: t.damage, fallen: t.fallen }, hit: shot.hit, fell: shot.fell }),
  outcome: (o) => {
    const { damage, destroyed, fallen, next_turn: next, dice_used: dice } = o;
    if (typeof damage !== 'number' || typeof destroyed !== 'boolean' || typeof fallen !== 'boolean' || typeof next !== 'string' || !Array.isArray(dice)) {
      return "the engine's real-shot output changed shape";
    }
    const diceUsed = dice.filter((d): d is number => typeof d === 'number');
    return { damage, destroyed, fallen, nextTurn: destroyed ? 'destroyed' : next, critical: diceUsed.length > 0, diceUsed };
  },
};

const sniperRerolls = new Set(Object.entries(raw.weapons).filter(([, w]) => w.reroll_accuracy_die.value).map(([id]) => id));

/** A shot at a model on the table is a `virtual-shot` (guns are never shot virtually). */
export const vtorzhenieAttacks: AttackRules = {
  input: (_shooter, target, w, pair) => {
    if (target.kind === 'gun') return { ok: false, reason: { ru: 'по орудиям не стреляют виртуально', en: 'guns cannot be shot virtually' } };
    return {
      ok: true,
      action: 'virtual-shot',
      harmKey: 'penetrated=true',
      input: {
        distance_cm: pair.distanceCm,
        shooter: { power: w.power ?? 1, accuracy_bonus: w.accuracyBonus ?? 0, range_steps: w.rangeSteps, reroll_accuracy_die: sniperRerolls.has(w.id) },
        target: { armour: target.armour, stamina: target.stamina, damage: target.damage, vehicle: target.kind === 'vehicle', cover: coverOf(pair.cover) },
      },
    };
  },
};

/** Table kinds by armour: heavy (≥ 4), light, unarmoured infantry; cyborgs are necrocyborgs. */
export const vtorzhenieTableKind: TableKindOf = ({ kind, armour }) => {
  if (kind === 'infantry') return armour >= raw.heavy_armour_from.value ? 'heavy-infantry' : armour === 0 ? 'unarmoured-infantry' : 'infantry';
  return kind === 'cyborg' ? 'necrocyborg' : kind;
};
