import type { GameView } from '../../app/api/view.js';
import { COMMON_STATES } from '../../core/rulesets/labels.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import { count, currentLang, hasTerm, num, pct, t, term, unitNoun, type TextKey } from '../i18n.js';

/**
 * Engine output in words: exact-odds tables («попадание 8,3 %, пробитие 1,4 % — 1/72») and the
 * journal's one-line summaries, so no `key=value` reaches the screen.
 */

/**
 * A weapon's name in the player's language: a model's weapon carries one label from its roster
 * (the catalogue's Russian name, or the player's own); in another language a weapon the
 * system's catalogue knows by its id is named from the catalogue, any other by its label.
 */
export function weaponName(v: Pick<GameView, 'ruleset'>, w: { id: string; label: string }): string {
  const lang = currentLang();
  if (lang === 'ru') return w.label;
  const weapons = v.ruleset ? gameSystem(v.ruleset)?.catalogue.weapons : undefined;
  const known = weapons && Object.hasOwn(weapons, w.id) ? weapons[w.id] : undefined;
  return known ? known.label[lang] : w.label;
}

/** The system's names the view carries (states, results, phases, actions); null without a game. */
export type SystemWords = GameView['labels'];

/**
 * A value the engine returns (a model's state, a result code) as the system names it in the
 * view, else as the app names it in one of `groups`; null when neither does.
 */
export function valueName(labels: SystemWords, value: string, groups: readonly string[] = []): string | null {
  const own = labels && Object.hasOwn(labels.states, value) ? labels.states[value] : undefined;
  if (own) return own[currentLang()];
  for (const group of groups) if (hasTerm(group, value)) return term(group, value);
  return null;
}

/** Whether a token is one of the engine's next-turn states (`no-move`, `skip`…). */
export const isNextTurn = (value: string): boolean => Object.hasOwn(COMMON_STATES, value);

/** A model's next-turn state in words: the system's name for it, else the engine's shared one. */
export function stateName(labels: SystemWords, key: string): string {
  const named = valueName(labels, key);
  if (named) return named;
  const common = Object.hasOwn(COMMON_STATES, key) ? COMMON_STATES[key] : undefined;
  return common ? common[currentLang()] : term('nextTurn', key);
}

/**
 * The exact fraction beside a percentage, when a player can read it («1/72», «202/207»): a walk
 * over many dice gives fractions of 15 digits, which say nothing the percentage does not. Null
 * when there is none or its denominator has more than 5 digits.
 */
export function readableFraction(fraction: string | undefined): string | null {
  if (!fraction) return null;
  const q = fraction.split('/')[1] ?? '';
  return q.length <= 5 ? fraction : null;
}

export function share(fraction: string | undefined): number {
  if (!fraction) return 0;
  const [p, q] = fraction.split('/').map(Number);
  return p !== undefined && q ? p / q : 0;
}

/** One outcome key of the odds (`hit=true`, `damage=2`, `result=casualties`) in words. */
export function outcomeLabel(key: string, labels: SystemWords): string {
  const [field = '', value = ''] = key.split('=');
  const name = term('outcome', field);
  if (value === 'true') return name;
  if (value === 'false') return `${term('outcome', 'false')}: ${name}`;
  if (/^-?\d+$/.test(value)) return `${name} ${value}`;
  const said = valueName(labels, value, ['outcome', 'band']);
  return said ? `${name}: ${said}` : name;
}

/** The keys worth a row: what happened (true), how much, and which result. */
const shown = (k: string): boolean => (k.endsWith('=true') && k !== 'allowed=true') || /^(damage|result|effect|state|next_turn|killed|wounds|hits|models_left)=/.test(k);

export function oddsRows(odds: Record<string, string>, labels: SystemWords): [string, string, string][] {
  return Object.entries(odds)
    .filter(([k]) => shown(k))
    .map(([k, p]) => [outcomeLabel(k, labels), readableFraction(p) ?? '', pct(share(p))]);
}

/** «попадание 8,3 %, пробитие 1,4 % — 1/72»: every yes/no outcome, then the headline fraction. */
export function oddsWords(odds: Record<string, string>, harmKey: string, labels: SystemWords): string {
  const parts = Object.entries(odds)
    .filter(([k]) => (k.endsWith('=true') && k !== 'allowed=true') || /^(result|effect)=/.test(k))
    .map(([k, p]) => `${outcomeLabel(k, labels)} ${pct(share(p))}`);
  const headline = odds[harmKey];
  // Counted outcomes only (Звездный Десант's hits=1): the headline outcome in words, not a bare fraction.
  if (parts.length === 0 && headline) parts.push(`${outcomeLabel(harmKey, labels)}: ${pct(share(headline))}`);
  const exact = readableFraction(headline);
  return `${parts.join(', ')}${exact ? ` — ${exact}` : ''}`;
}

const BINDING_KEYS: Record<string, TextKey> = { tag: 'tag', hit: 'hitNode', tilt: 'tiltNode', launcher: 'launcherNode' };
const SHOT_KEYS: Record<string, string> = { hit: 'hit', fell: 'fallen' };

/** A journal summary token by token: ids, nodes and numbers stay, engine words are translated. */
export function historyLine(v: GameView, type: string, summary: string): string {
  const tokens = summary.split(' ').filter((x) => x !== '');
  return tokens
    .map((tok, i) => {
      if (type === 'game-created' && i === 0) return v.rulesetName ? v.rulesetName[currentLang()] : '';
      const kv = /^([a-z0-9_]+)=(.*)$/.exec(tok);
      if (kv) {
        const [, key = '', value = ''] = kv;
        const label = type === 'binding-set' ? t(BINDING_KEYS[key] ?? 'tag') : key === 'd6' ? 'D6' : term('outcome', SHOT_KEYS[key] ?? key);
        const val = value === 'true' || value === 'false' ? term('outcome', value) : value;
        return `${label}: ${val}`;
      }
      if (type === 'game-created') return tok;
      // A player's letter (setup-finished, a model's owner) is the player's name.
      const player = /^\(?([AB])\)?$/.exec(tok)?.[1];
      const named = player ? v.players.find((p) => p.id === player)?.name : undefined;
      if (named) return tok.startsWith('(') ? `(${named})` : named;
      if (isNextTurn(tok)) return stateName(v.labels, tok);
      for (const group of ['reading', 'source']) if (hasTerm(group, tok)) return term(group, tok);
      return tok;
    })
    .join(' ');
}

/** Output fields not worth a word: the measuring the odds line already shows. */
const QUIET = new Set(['allowed', 'steps', 'dice_used', 'odds']);

/** What the engine decided, in words: «попадание: да, пробитие: да, повреждения 1». */
export function outcomeWords(outcome: Record<string, string | number | boolean | null>, labels: SystemWords): string {
  return Object.entries(outcome)
    .filter(([k, v]) => !QUIET.has(k) && v !== null && hasTerm('outcome', k))
    .map(([k, v]) => {
      const name = term('outcome', k);
      if (typeof v === 'boolean') return `${name}: ${term('outcome', String(v))}`;
      if (typeof v === 'number') return `${name} ${num(v)}`;
      const s = String(v);
      if (k === 'band') return `${name}: ${term('band', s)}`;
      const said = valueName(labels, s, ['outcome']);
      if (said) return `${name}: ${said}`;
      return /^d\d+$/.test(s) ? `${name}: ${s.toUpperCase()}` : name;
    })
    .join(', ');
}

/**
 * The tape between two models in the system's unit: «28,8 см · 5 шагов» where the unit is a шаг,
 * «10,8 дюйма» where it is an inch (Стальная война measures in inches only).
 */
export function distanceText(v: GameView, pair: { measuredMm?: number | undefined; distanceMm: number; steps: number }): string {
  const unit = unitNoun(v.stepMm);
  if (unit === 'inch') return count(pair.steps, 'inch', 1);
  return `${num((pair.measuredMm ?? pair.distanceMm) / 10, 1)} ${t('cm')} · ${count(pair.steps, unit)}`;
}

/** A height in the system's unit: «12 см», or «4,7 дюйма» where the table is measured in inches. */
export function heightText(mm: number, stepMm: number): string {
  return unitNoun(stepMm) === 'inch' ? count(mm / 25.4, 'inch', 1) : `${num(mm / 10, 1)} ${t('cm')}`;
}

/** What the sensor hub's link is doing, in the player's language; the app's own line where the view has no state. */
export function linkWords(link: GameView['link']): string {
  const st = link.state;
  if (!st) return link.status === 'none' ? '—' : link.detail;
  const port = st.port ?? '—';
  const boot = st.boot ?? '?';
  const reason = st.reason ?? '';
  switch (st.kind) {
    case 'opening':
      return t('linkOpening', { port });
    case 'open':
      return t('linkOpen', { port });
    case 'lost':
      return t('linkLost', { port, reason });
    case 'waiting':
      return t('linkWaiting', { port, reason });
    case 'hello':
      return t('linkHello', { boot, fw: st.fw ?? '?', port });
    case 'device-lost':
      return t('linkDeviceLost', { boot, events: count(st.count ?? 0, 'event', 0) });
    case 'conflict':
      return t('linkConflict', { boot, seq: String(st.seq ?? '?') });
    case 'suspect':
      return t('linkSuspect', { boot, seq: String(st.seq ?? '?') });
    case 'not-recorded':
      return t('linkNotRecorded', { reason });
    case 'demo':
      return t('linkDemo');
  }
}
