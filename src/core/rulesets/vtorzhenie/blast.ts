import type { Dice } from '../../dice/dice.js';
import { damageStatus } from '../../mechanics/damage-track.js';
import { stepsFor } from '../../measure/measure.js';
import type { VtorzhenieData, VtorzhenieWeapon } from './data-schema.js';
import { penetrates, type PenetrationTarget } from './virtual-shot.js';

export interface TablePoint {
  xCm: number;
  yCm: number;
}

export interface BlastModel extends PenetrationTarget {
  id: string;
  at: TablePoint;
  stamina: number;
  damage: number;
  /** Guns are never shot virtually, blasts included. */
  gun?: boolean;
}

/**
 * Models caught by a blast around the target (the target itself excluded: it took the shot).
 * Distance is centre to centre in steps by the system's 1-cm rule.
 */
export function blastVictims(target: BlastModel, others: readonly BlastModel[], radiusSteps: number, data: VtorzhenieData): BlastModel[] {
  return others.filter((m) => {
    if (m.id === target.id || m.gun) return false;
    const cm = Math.hypot(m.at.xCm - target.at.xCm, m.at.yCm - target.at.yCm);
    return stepsFor(cm, data.distance) <= radiusSteps;
  });
}

export interface BlastHit {
  id: string;
  penetrated: boolean;
  damage: number;
  destroyed: boolean;
}

/**
 * Every victim gets a hit with the blast's Power: a penetration test each, in the order given
 * (attacker's die, then the victim's), 1 damage per penetration.
 */
export function resolveBlast(dice: Dice, victims: readonly BlastModel[], weapon: VtorzhenieWeapon, data: VtorzhenieData): BlastHit[] {
  const blast = weapon.blast?.value;
  if (!blast) return [];
  return victims.map((v) => {
    const through = penetrates(dice, blast.power, v);
    const s = damageStatus({ max: v.stamina, critical: null }, v.damage + (through ? data.penetration_damage.value : 0));
    return { id: v.id, penetrated: through, damage: s.damage, destroyed: s.destroyed };
  });
}
