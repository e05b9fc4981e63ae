import type { Text } from './labels.js';
import type { TableModel, TablePair, TableWeapon } from './table-play.js';

/**
 * Everything players do at the table beyond a plain shot — close combat, a blast or grenade,
 * a volley, a test of a unit — as a system offers it. The app hands the system what the table
 * shows (the acting model, the models chosen, every other model with its tape from the actor,
 * an aim point's distances, the player's choices); the system writes its own action's input and
 * says which part of the output lands on which model. No code outside the system's folder knows
 * its fields. The app prices the input exactly, rolls it (seeded or typed dice) and journals it.
 */

/** A model on the table as one table action sees it. */
export interface TableParty {
  model: TableModel;
  weapons: readonly TableWeapon[];
  /** The tape from the actor to this model (distance, cover, base contact); null for the actor. */
  pair: TablePair | null;
}

/** One option the player picks before the roll (a weapon, a fire mode, "charged this turn"). */
export interface TableActionChoice {
  id: string;
  label: Text;
  values: readonly { value: string | number | boolean; label: Text }[];
}

/** What the player picked on the table for one action. */
export interface TableActionContext {
  actor: TableParty;
  /** The models the player chose (opponents, the target, the models a volley joins…), in order. */
  targets: readonly TableParty[];
  /** Every other model on the table, each with its tape from the actor. */
  others: readonly TableParty[];
  /**
   * A point of aim other than a model (a blast's or a grenade's landing point): the distance in
   * cm from it to each model by id. Null when the action aims at its targets.
   */
  aim: { distancesCm: Readonly<Record<string, number>> } | null;
  /** The player's picks, by choice id (values from `choices`). */
  choices: Readonly<Record<string, string | number | boolean>>;
}

export type TableActionInput =
  | {
      ok: true;
      input: Record<string, unknown>;
      /**
       * Output part → model it lands on: `""` the whole output, `A` a top-level part,
       * `victims.b3` a part inside a part (the game's effect targets).
       */
      targets: Record<string, string>;
      /** The outcome key of the exact odds that says "this did harm" (the headline figure). */
      harmKey: string;
    }
  | { ok: false; reason: Text };

/** How the player chooses the models an action involves. */
export type TargetMode =
  /** Only the actor (a morale or panic test, standing up). */
  | 'none'
  /** One model (a ram, a paired melee's opponent). */
  | 'one'
  /** Several models the player picks (a volley's shooters, a melee's engaged enemies). */
  | 'many'
  /** Every model within the action's radius of an aim point, found on the table. */
  | 'radius';

/** One thing a system offers at the table. */
export interface TableAction {
  /** The system's action id (a key of its `actions`; its label is `labels.actions[action]`). */
  action: string;
  /** Where the UI groups it. */
  kind: 'melee' | 'area' | 'volley' | 'test';
  targets: TargetMode;
  /**
   * Whether the actor may take this action now, given the others on the table (a melee needs an
   * enemy in contact, a grenade a trooper who carries one). Null: offered; else the reason not.
   */
  offered(actor: TableParty, others: readonly TableParty[]): Text | null;
  /** The options to pick before the roll, for this actor. */
  choices(actor: TableParty): readonly TableActionChoice[];
  /** The models a `targets` mode suggests before the player picks (the enemies in contact). */
  suggest(actor: TableParty, others: readonly TableParty[]): readonly string[];
  /** The action's input for what was picked, or why it cannot be made. */
  input(ctx: TableActionContext): TableActionInput;
  /**
   * `radius` actions: the radius in cm around the aim point, for the table to draw (the input
   * decides who is caught, by the system's own rounding). Null or absent: nothing to draw.
   */
  radiusCm?(actor: TableParty, choices: Readonly<Record<string, string | number | boolean>>): number | null;
}
