import { DiceError, type RecordingDice } from '../dice/dice.js';
import { ScriptedDice } from '../dice/scripted-dice.js';
import { SeededDice } from '../dice/seeded-dice.js';
import type { RngState } from '../random/rng.js';
import type { RulesetDataBase, RulesetId } from '../rulesets/game-system.js';
import { actionsOf, gameSystem } from '../rulesets/registry.js';
import { FieldError } from '../validation/field-error.js';
import { check, type FieldProblem } from '../validation/issues.js';

export type InGameResolution =
  | { ok: true; output: Record<string, unknown>; dice_used: number[]; rng: RngState }
  | { ok: false; error: FieldProblem };

/**
 * One action inside a game: the same actions and checks as `shagomer resolve`, but the dice
 * come from the game's generator (whose advanced state comes back) unless typed in.
 */
export function resolveInGame(
  ruleset: RulesetId,
  data: RulesetDataBase | null,
  action: string,
  input: Record<string, unknown>,
  typedDice: readonly number[] | undefined,
  rng: RngState,
): InGameResolution {
  const system = gameSystem(ruleset);
  if (!system) return { ok: false, error: { field: 'ruleset', problem: `unknown ruleset "${ruleset}"` } };
  const actions = actionsOf(system);
  const def = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!def) return { ok: false, error: { field: 'action', problem: `unknown action "${action}" for ${ruleset} (known: ${Object.keys(actions).join(', ')})` } };
  const parsed = check(def.input, input);
  if (!parsed.ok) return { ok: false, error: { field: `input.${parsed.error.field}`, problem: parsed.error.problem } };
  const seeded = typedDice === undefined ? new SeededDice(rng) : null;
  const dice: RecordingDice = seeded ?? new ScriptedDice(typedDice ?? [], 'dice');
  try {
    const output = def.resolve(parsed.value, dice, data ?? system.data) as Record<string, unknown>;
    return { ok: true, output, dice_used: [...dice.used], rng: seeded ? seeded.rngState() : rng };
  } catch (e) {
    if (e instanceof DiceError) return { ok: false, error: { field: e.field, problem: e.problem } };
    if (e instanceof FieldError) return { ok: false, error: { field: `input.${e.field}`, problem: e.problem } };
    throw e;
  }
}
