import type { DistanceRules } from '../measure/distance-rules.js';
import type { RulesetId } from '../rulesets/game-system.js';
import type { BoxMm, PointMm } from './polygon.js';
import type { SizeClass } from './scene.js';
import type { Body, ClimbRules, CoverClass, KindRules, MovementClass, TableRules } from './table-rules.js';

/** A model as the geometry sees it: a base circle and a standing cylinder, with its ground level. */
export interface TableModel {
  index: number;
  id: string;
  player: string;
  unit: string;
  xMm: number;
  yMm: number;
  radiusMm: number;
  /** Height of the cylinder that hides and is seen: lower when fallen. */
  heightMm: number;
  /** Top of the stand-on piece it stands on, else 0. */
  groundMm: number;
  eyeZMm: number;
  kind: string;
  kindRules: KindRules;
  body: Body;
  speedSteps: number;
  fromMm: PointMm | null;
  weapons: readonly { name: string; range_steps: number }[];
  box: BoxMm;
}

export interface TablePiece {
  index: number;
  id: string;
  ring: readonly PointMm[];
  box: BoxMm;
  /** +1 / -1 winding when the ring is convex (the fast clip applies), 0 otherwise. */
  convexTurn: number;
  heightMm: number;
  size: SizeClass;
  greyZone: boolean;
  coverId: string;
  cover: CoverClass;
  movementId: string;
  movement: MovementClass;
}

/** A checked scene with its system's rules resolved: everything the range code reads. */
export interface Table {
  rulesetId: RulesetId;
  distance: DistanceRules;
  rules: TableRules;
  /** One step in millimetres. */
  stepMm: number;
  climb: ClimbRules | null;
  models: readonly TableModel[];
  pieces: readonly TablePiece[];
}
