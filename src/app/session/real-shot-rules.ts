import { z } from 'zod';
import { resolveScenario } from '../../core/scenario/resolve-scenario.js';
import type { Attribution, ShotResult } from '../api/game-events.js';
import { realShotFields, type GameState, type ModelState } from './game-state.js';

/**
 * Scores a real launcher shot through the engine's scenario contract (`real-shot`), so the app
 * and `shagomer resolve` can never disagree. The critical die is asked for only when the engine
 * needs one: it is run without dice first, and "too few dice" means a die is due.
 */
export type RealShotScore =
  | { kind: 'result'; result: ShotResult }
  | { kind: 'needs-die'; odds: Record<string, string>; damage: number | null }
  | { kind: 'no-target' }
  | { kind: 'unavailable'; problem: string };

const VtorzhenieOut = z.object({ damage: z.int(), destroyed: z.boolean(), fallen: z.boolean(), next_turn: z.enum(['normal', 'no-move', 'skip']), dice_used: z.array(z.int()) });
const BronepekhotaOut = z.object({
  damage: z.int(),
  destroyed: z.boolean(),
  critical: z.boolean(),
  state: z.enum(['normal', 'stands-shoots', 'shoots-every-other-turn', 'destroyed']),
  dice_used: z.array(z.int()),
});

export function hasRealShots(ruleset: string): boolean {
  return ruleset === 'vtorzhenie' || ruleset === 'bronepekhota';
}

function scenario(ruleset: string, target: ModelState, a: Attribution): Record<string, unknown> | null {
  const fields = realShotFields(ruleset, target, a);
  return fields ? { ruleset, action: 'real-shot', ...fields } : null;
}

function toResult(ruleset: string, output: Record<string, unknown>, prevFallen: boolean, a: Attribution): ShotResult | string {
  if (ruleset === 'vtorzhenie') {
    const o = VtorzhenieOut.safeParse(output);
    if (!o.success) return `the engine's real-shot output changed shape (${o.error.issues[0]?.message ?? ''})`;
    return { damage: o.data.damage, destroyed: o.data.destroyed, fallen: o.data.fallen, nextTurn: o.data.destroyed ? 'destroyed' : o.data.next_turn, critical: o.data.dice_used.length > 0, diceUsed: o.data.dice_used };
  }
  const o = BronepekhotaOut.safeParse(output);
  if (!o.success) return `the engine's real-shot output changed shape (${o.error.issues[0]?.message ?? ''})`;
  return { damage: o.data.damage, destroyed: o.data.destroyed, fallen: prevFallen || (a.fell && !a.ricochet), nextTurn: o.data.state, critical: o.data.critical, diceUsed: o.data.dice_used };
}

export function scoreRealShot(state: GameState, a: Attribution, die: number | null): RealShotScore {
  const ruleset = state.created?.ruleset;
  if (!ruleset) return { kind: 'unavailable', problem: 'no game' };
  if (!hasRealShots(ruleset)) return { kind: 'unavailable', problem: `${ruleset} has no real launchers` };
  const target = a.targetId ? state.models.get(a.targetId) : undefined;
  if (!target) return { kind: 'no-target' };
  const input = scenario(ruleset, target, a);
  if (!input) return { kind: 'unavailable', problem: `${ruleset} has no real launchers` };
  const outcome = resolveScenario({ ...input, dice: die === null ? [] : [die] });
  if (outcome.ok) {
    const r = toResult(ruleset, outcome.output, target.fallen, a);
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
