import type { z } from 'zod';
import type { Dice } from '../dice/dice.js';
import type { DistanceRules } from '../measure/distance-rules.js';

export type RulesetId = 'vtorzhenie' | 'bronepekhota' | 'zvezdny-desant' | 'stalnaya-voyna';
export const RULESET_IDS: readonly RulesetId[] = ['vtorzhenie', 'bronepekhota', 'zvezdny-desant', 'stalnaya-voyna'];

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

export interface GameSystem<Data extends RulesetDataBase = RulesetDataBase> {
  id: RulesetId;
  /** Schema of the ruleset data file (`--ruleset-file` is checked against it). */
  schema: z.ZodType<Data>;
  /** The shipped data: seed values and digest defaults. */
  data: Data;
  actions: Readonly<Record<string, AnyAction<Data>>>;
}
