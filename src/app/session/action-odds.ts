import { z } from 'zod';
import type { Text } from '../../core/rulesets/labels.js';
import { resolveScenario } from '../../core/scenario/resolve-scenario.js';
import type { ActionDraft } from '../api/intents.js';
import type { ActionDraftView } from '../api/view.js';
import { draftContext, systemActions } from './action-table.js';
import type { GameState } from './game-state.js';

/** A draft priced: what the screen shows, and the input and targets a roll resolves. */
export interface PricedDraft {
  view: ActionDraftView;
  /** Null when it cannot be rolled (`view.reason` says why). */
  roll: { action: string; input: Record<string, unknown>; targets: Record<string, string> } | null;
}

const Odds = z.record(z.string(), z.string());

const WORDS = {
  noAction: { ru: 'эта система не знает такого действия', en: 'this system has no such action' },
  notOnTable: { ru: 'модель не стоит на столе', en: 'the model is not on the table' },
  pickAim: { ru: 'укажите точку прицеливания на столе', en: 'click the point of aim on the table' },
  pickTargets: { ru: 'выберите модели на столе', en: 'pick the models on the table' },
  notPriced: { ru: 'точные шансы этого действия движок не считает: бросок возможен, шансы неизвестны', en: 'the engine cannot price this action exactly: it can be rolled, its odds are unknown' },
  engine: { ru: 'движок не принял это действие', en: 'the engine does not take this action' },
} satisfies Record<string, Text>;

function fraction(text: string | undefined): number {
  if (!text) return 0;
  const [p, q] = text.split('/').map(Number);
  return p !== undefined && q ? p / q : 0;
}

/** The unique models an input's targets name, in the order the plugin gave them. */
const involved = (targets: Record<string, string>): string[] => [...new Set(Object.values(targets))];

/**
 * The exact odds of a draft, through the system's plugin and the engine's `exact` output: the
 * same input a roll of it resolves, from the same tapes as the range labels.
 */
export function priceDraft(state: GameState, draft: ActionDraft): PricedDraft {
  const base: ActionDraftView = { ...draft, radiusMm: null, involved: [], parts: {}, odds: {}, harmKey: '', harm: 0, priced: false, allowed: false, problem: null, reason: null, outOfTurn: null };
  const refuse = (reason: Text, problem: string = reason.en): PricedDraft => ({ view: { ...base, problem, reason }, roll: null });
  const ruleset = state.created?.ruleset;
  const action = systemActions(state).find((a) => a.action === draft.action);
  if (!ruleset || !action) return refuse(WORDS.noAction, `no table action ${draft.action}`);
  const built = draftContext(state, action, draft);
  if (!built.ok) return refuse(WORDS.notOnTable, built.problem);
  const { ctx } = built;
  const radiusCm = action.radiusCm?.(ctx.actor, ctx.choices) ?? null;
  base.radiusMm = radiusCm === null ? null : radiusCm * 10;
  const offered = action.offered(ctx.actor, ctx.others);
  if (offered) return refuse(offered);
  if (action.targets === 'radius' && !ctx.aim) return refuse(WORDS.pickAim);
  if ((action.targets === 'one' || action.targets === 'many') && ctx.targets.length === 0) return refuse(WORDS.pickTargets);
  const made = action.input(ctx);
  if (!made.ok) return refuse(made.reason);
  base.involved = involved(made.targets);
  base.parts = made.targets;
  base.harmKey = made.harmKey;
  const roll = { action: action.action, input: made.input, targets: made.targets };
  const scenario = { ...made.input, ruleset, action: action.action };
  const exact = resolveScenario({ ...scenario, exact: true });
  if (exact.ok) {
    const odds = Odds.safeParse(exact.output.odds);
    const table = odds.success ? odds.data : {};
    // Refused whatever the dice (the grenade check may refuse on a die: that is an outcome).
    const allowed = table['allowed=false'] !== '1/1';
    const reason = allowed ? null : outputReason(exact.output);
    return { view: { ...base, odds: table, harm: fraction(table[made.harmKey]), priced: true, allowed, reason, problem: reason?.en ?? null }, roll: allowed ? roll : null };
  }
  // The input resolves but its odds cannot be walked exactly: rollable, said so in words.
  const plain = resolveScenario(scenario);
  if (plain.ok) return { view: { ...base, allowed: true, reason: WORDS.notPriced, problem: `exact odds: ${exact.error.field}: ${exact.error.problem}` }, roll };
  return refuse(WORDS.engine, `engine: ${plain.error.field}: ${plain.error.problem}`);
}

/** Why an action's output says it is not allowed (its own reason fields), or a plain refusal. */
function outputReason(output: Record<string, unknown>): Text {
  const { reason, reason_ru: ru } = output;
  if (typeof reason === 'string' && typeof ru === 'string') return { ru, en: reason };
  return { ru: 'правила не позволяют это действие сейчас', en: 'the rules do not allow this action now' };
}
