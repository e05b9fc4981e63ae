import { measureAction } from './common-actions.js';
import type { AnyAction, GameSystem, RulesetDataBase } from './game-system.js';

/** The system's actions with the shared ones (`measure`) added. */
export function actionsOf(system: GameSystem<RulesetDataBase>): Readonly<Record<string, AnyAction<RulesetDataBase>>> {
  return { measure: measureAction, ...system.actions };
}
