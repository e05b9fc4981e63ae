import { z } from 'zod';
import { gameSystem } from '../../core/rulesets/registry.js';
import { resolveScenario } from '../../core/scenario/resolve-scenario.js';
import type { Attribution, ShotResult } from '../api/game-events.js';
import { realShotFields, tableModel, type GameState } from './game-state.js';

/**
 * Scores a real launcher shot through the engine's scenario contract (the system's real-shot
 * action, as its plugin maps the shot), so the app and `shagomer resolve` can never disagree.
 * The critical die is asked for only when the engine needs one: it is run without dice first,
 * and "too few dice" means a die is due.
 */
export type RealShotScore =
  | { kind: 'result'; result: ShotResult }
  | { kind: 'needs-die'; odds: Record<string, string>; damage: number | null }
  | { kind: 'no-target' }
  | { kind: 'unavailable'; problem: string };

export function hasRealShots(ruleset: string): boolean {
  return (gameSystem(ruleset)?.realShots ?? null) !== null;
}

export function scoreRealShot(state: GameState, a: Attribution, die: number | null): RealShotScore {
  const ruleset = state.created?.ruleset;
  if (!ruleset) return { kind: 'unavailable', problem: 'no game' };
  const rules = gameSystem(ruleset)?.realShots;
  if (!rules) return { kind: 'unavailable', problem: `${ruleset} has no real launchers` };
  const target = a.targetId ? state.models.get(a.targetId) : undefined;
  if (!target) return { kind: 'no-target' };
  const fields = realShotFields(state, target, a);
  if (!fields) return { kind: 'unavailable', problem: `${ruleset}: this target cannot be scored by a launcher shot` };
  const input = { ...fields.input, ruleset, action: fields.action };
  const outcome = resolveScenario({ ...input, dice: die === null ? [] : [die] });
  if (outcome.ok) {
    const r = rules.outcome(outcome.output, tableModel(state, target), a);
    return typeof r === 'string' ? { kind: 'unavailable', problem: r } : { kind: 'result', result: r };
  }
  if (die === null && outcome.error.field.startsWith('dice') && /too few dice/.test(outcome.error.problem)) {
    const exact = resolveScenario({ ...input, exact: true, seed: 'preview' });
    const odds = exact.ok ? z.record(z.string(), z.string()).safeParse(exact.output.odds) : undefined;
    const damage = exact.ok && typeof exact.output.damage === 'number' ? exact.output.damage : null;
    return { kind: 'needs-die', odds: odds?.success ? odds.data : {}, damage };
  }
  return { kind: 'unavailable', problem: `engine: ${outcome.error.field}: ${outcome.error.problem}` };
}
