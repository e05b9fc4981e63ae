import type { ActionResultView, GameView } from '../../app/api/view.js';
import { currentLang, hasTerm, pct, term } from '../i18n.js';
import { outcomeLabel, outcomeWords, readableFraction, share, valueName, type SystemWords } from './words.js';

/**
 * A table action's exact odds and result in words. Its odds' keys may name a part of the output
 * (`victims.b3.penetrated=true`, `fighters.a1.destroyed=true`): the part's model is named by
 * its name, the rest of the key as any outcome («Кибер-пехотинец: пробитие 41,7 %»).
 */

const nameOf = (v: GameView, id: string): string => v.models.find((m) => m.id === id)?.name ?? id;

/** The fields worth a word in an action's odds line. */
const YES = new Set(['hit', 'penetrated', 'destroyed', 'damaged', 'defender_struck', 'attacker_struck', 'may_throw', 'killed', 'wounded', 'panic', 'passed', 'charges', 'melee', 'out_of_action', 'may_fire', 'reached']);
const VALUED = new Set(['winner', 'target_effect', 'effect', 'result']);

/** The model a key's part lands on, and the outcome key left once the part is taken off. */
function splitKey(key: string, parts: Readonly<Record<string, string>>): { modelId: string | null; rest: string } {
  const [path = '', value = ''] = key.split('=');
  const segments = path.split('.');
  for (let n = segments.length - 1; n >= 1; n--) {
    const part = segments.slice(0, n).join('.');
    const id = Object.hasOwn(parts, part) ? parts[part] : undefined;
    if (id !== undefined) return { modelId: id, rest: `${segments.slice(n).join('.')}=${value}` };
  }
  return { modelId: null, rest: key };
}

function worth(rest: string, labels: SystemWords): boolean {
  const [field = '', value = ''] = rest.split('=');
  if (field.includes('.')) return false;
  if (YES.has(field)) return value === 'true';
  const named = valueName(labels, value, ['outcome']) !== null;
  if (field === 'effect' || field === 'target_effect') return value !== 'none' && named;
  return VALUED.has(field) && (value === 'attacker' || named);
}

/** «победитель: атакующий 97,6 %, Кибер-пехотинец: уничтожение 97,6 % — 202/207». */
export function actionOddsWords(v: GameView, odds: Readonly<Record<string, string>>, harmKey: string, parts: Readonly<Record<string, string>>): string {
  const words = Object.entries(odds).flatMap(([key, p]) => {
    const { modelId, rest } = splitKey(key, parts);
    if (!worth(rest, v.labels)) return [];
    const label = outcomeLabel(rest, v.labels);
    return [`${modelId ? `${nameOf(v, modelId)}: ` : ''}${label} ${pct(share(p))}`];
  });
  const headline = odds[harmKey];
  // A test's pass (passed=true) is no harm word: the headline outcome is named, not a bare «— 1/2».
  const head = splitKey(harmKey, parts);
  if (words.length === 0 && headline && hasTerm('outcome', head.rest.split('=')[0] ?? '')) {
    const { modelId, rest } = head;
    words.push(`${modelId ? `${nameOf(v, modelId)}: ` : ''}${outcomeLabel(rest, v.labels)}: ${pct(share(headline))}`);
  } else if (words.length === 0 && headline) {
    // A player's result (Звездный Десант's melee: `result.A=won`): «Орлов: победа в ближнем бою 0,7 %»,
    // so the line says what the percentage is for even when the fraction is too long to show.
    const [path = '', value = ''] = head.rest.split('=');
    const player = v.players.find((p) => path.endsWith(`.${p.id}`));
    const named = valueName(v.labels, value, ['outcome']);
    if (player && named) words.push(`${player.name}: ${named} ${pct(share(headline))}`);
  }
  const exact = readableFraction(headline);
  return `${words.join(', ')}${exact ? ` — ${exact}` : ''}`;
}

/**
 * What the big percentage of a draft is the chance of («Танк: пробитие»): a number alone on the
 * screen says nothing, and a zero chance has no words beside it.
 */
export function actionHeadline(v: GameView, harmKey: string, parts: Readonly<Record<string, string>>): string {
  const { modelId, rest } = splitKey(harmKey, parts);
  const field = rest.split('=')[0] ?? '';
  if (!hasTerm('outcome', field)) return '';
  return `${modelId ? `${nameOf(v, modelId)}: ` : ''}${outcomeLabel(rest, v.labels)}`;
}

/** What each model got: «Кибер-пехотинец: попадание: да, повреждения 1, уничтожение: да». */
export function actionResultWords(v: GameView, r: ActionResultView): string {
  return r.outcomes
    .map((o) => {
      const words = outcomeWords(o.outcome, v.labels);
      return words ? `${nameOf(v, o.modelId)}: ${words}` : nameOf(v, o.modelId);
    })
    .join('; ');
}

/** An action's name as its system labels it in the view (every action of a system has one; never its id). */
export function actionName(v: Pick<GameView, 'labels'>, action: string): string {
  const own = v.labels && Object.hasOwn(v.labels.actions, action) ? v.labels.actions[action] : undefined;
  if (own) return own[currentLang()];
  return term('action', action);
}
