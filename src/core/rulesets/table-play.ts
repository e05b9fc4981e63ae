import type { Text } from './labels.js';

/**
 * How models standing on the table become action inputs. The app hands the system what it
 * knows of the models; the system writes the input of its own action, so no code outside the
 * system's folder knows its fields.
 */

/** A model as the table and the engine know it now. */
export interface TableModel {
  id: string;
  player: string;
  /** The app's model kind: infantry, vehicle, gun, cyborg, creature. */
  kind: string;
  /** The system's finer row (Бронепехота's `unit_type`), or null. */
  unitType: string | null;
  armour: number;
  /** What destroys one figure (stamina, max damage, СТК). */
  stamina: number;
  damage: number;
  fallen: boolean;
  destroyed: boolean;
  figuresLeft: number;
  markers: number;
  suppression: number;
  /** The system's own stats, as the catalogue or the setup gave them. */
  stats: Readonly<Record<string, string | number | boolean | null>>;
}

/** One weapon of a model, as the setup holds it. */
export interface TableWeapon {
  id: string;
  rangeSteps: number;
  power?: number | undefined;
  accuracyBonus?: number | undefined;
  shooting?: number | undefined;
  quality?: string | undefined;
  rof?: number | undefined;
}

/** What the table geometry says about one shooter → target pair. */
export interface TablePair {
  distanceCm: number;
  cover: 'none' | 'partial' | 'full';
  closeCombat: boolean;
}

/** What the sensors and the camera (or the referee) say about one launcher shot. */
export interface ShotSeen {
  hit: boolean;
  fell: boolean;
  ricochet: boolean;
}

/** A real shot's result as players see it. */
export interface ShotOutcome {
  damage: number;
  destroyed: boolean;
  fallen: boolean;
  nextTurn: string;
  critical: boolean;
  diceUsed: number[];
}

export interface RealShotRules {
  /** The action that scores a launcher shot. */
  action: string;
  /** The system tells ricochets apart (the UI offers the box). */
  ricochet: boolean;
  /** The action's input for one target as it stands now; null: this target cannot be scored. */
  input(target: TableModel, shot: ShotSeen): Record<string, unknown> | null;
  /** The action's output as players see it, or a problem when the output is not what it expects. */
  outcome(output: Record<string, unknown>, target: TableModel, shot: ShotSeen): ShotOutcome | string;
}

export type AttackInput = { ok: true; action: string; input: Record<string, unknown>; harmKey: string } | { ok: false; reason: Text };

export interface AttackRules {
  /** The input of the attack `shooter` makes on `target` with `weapon` across `pair`. */
  input(shooter: TableModel, target: TableModel, weapon: TableWeapon, pair: TablePair): AttackInput;
}

/** The table-rules kind of a model (speed, body, mobility class). */
export type TableKindOf = (model: Pick<TableModel, 'kind' | 'armour' | 'unitType'>) => string;
