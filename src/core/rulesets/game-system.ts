import type { z } from 'zod';
import type { Dice } from '../dice/dice.js';
import type { DistanceRules } from '../measure/distance-rules.js';
import type { Catalogue } from './catalogue.js';
import type { SystemLabels } from './labels.js';
import type { TableAction } from './table-actions.js';
import type { AttackRules, RealShotRules, TableKindOf } from './table-play.js';
import type { TurnRules } from './turn-rules.js';

/**
 * A system's id (`"vtorzhenie"`…). Any string: the registry (`registry.ts`) is the only list
 * of systems, and a test may register one more at run time.
 */
export type RulesetId = string;

/** What every system's ruleset data has; each system adds its own tables. */
export interface RulesetDataBase {
  id: RulesetId;
  name_ru: string;
  name_en: string;
  distance: DistanceRules;
}

/** A scenario action of `shagomer resolve`: validated input in, a plain JSON object out. */
export interface ActionDef<Data extends RulesetDataBase, In, Out extends object> {
  /** Validates the action's own fields (everything but ruleset/action/dice/seed/exact). */
  input: z.ZodType<In>;
  resolve(input: In, dice: Dice, data: Data): Out;
}

/** Erases the input type so actions of one system sit in one table. */
export interface AnyAction<Data extends RulesetDataBase> {
  input: z.ZodType<unknown>;
  resolve(input: unknown, dice: Dice, data: Data): object;
}

export function defineAction<Data extends RulesetDataBase, In, Out extends object>(
  def: ActionDef<Data, In, Out>,
): AnyAction<Data> {
  return def as unknown as AnyAction<Data>;
}

/**
 * Everything the engine, the app, the UI and the CLI know about one game system, the way a
 * boardgame.io game object carries its moves and turn order: nothing outside the system's
 * folder names it (see `README.md` here and the layering test).
 */
export interface GameSystem<Data extends RulesetDataBase = RulesetDataBase> {
  id: RulesetId;
  /** Every name a player sees: the system, its units, actions, fields, states, phases. */
  labels: SystemLabels;
  /** Schema of the ruleset data file (`--ruleset-file` is checked against it). */
  schema: z.ZodType<Data>;
  /** The shipped data: seed values and digest defaults. */
  data: Data;
  /** The shipped table conventions (`table-rules.json`), checked by `core/table` on first use. */
  tableRules: unknown;
  /** Unit types, weapons, options and army limits: what `shagomer roster validate` checks. */
  catalogue: Catalogue;
  /** Activations, phases and their order, who may act: enforced by `core/game`. */
  turn: TurnRules;
  /** How a launcher shot seen by the sensors and the camera becomes an action; null: none. */
  realShots: RealShotRules | null;
  /** How an attack between two models on the table with one weapon becomes an action input. */
  attacks: AttackRules;
  /** Close combat, blasts, volleys, tests as the table offers them (`table-actions.ts`). */
  tableActions: readonly TableAction[];
  /** The table-rules kind (speed, body, mobility class) of a model. */
  tableKind: TableKindOf;
  actions: Readonly<Record<string, AnyAction<Data>>>;
}
