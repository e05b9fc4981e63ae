import { countOf, labelOf, type Lang, type SystemLabels } from '../rulesets/labels.js';
import { gameSystem } from '../rulesets/registry.js';
import { check } from '../validation/issues.js';
import { applyEvent } from './apply-event.js';
import { GameEventSchema, type GameEvent } from './events.js';
import { emptyGame, type GameState, type ModelState } from './state.js';

/**
 * `shagomer replay`: a game's events folded into its final state (the contract's JSON) or told
 * turn by turn in words. Pure: the same events always give the same text, byte for byte.
 */

/** One event and the number its source gives it (its journal record, or its place in the array). */
export interface SourcedEvent {
  seq: number;
  event: unknown;
}

export type ReplayRead = { ok: true; events: SourcedEvent[] } | { ok: false; seq: number; problem: string };

/** Checks every event's shape before anything is folded: a bad record is the file's fault. */
export function checkEvents(events: readonly SourcedEvent[]): ReplayRead {
  for (const e of events) {
    const r = check(GameEventSchema, e.event);
    if (!r.ok) return { ok: false, seq: e.seq, problem: `${r.error.field}: ${r.error.problem}` };
  }
  return { ok: true, events: [...events] };
}

export interface ReplayModel {
  damage: number;
  fallen: boolean;
  destroyed: boolean;
  next_turn: string;
  markers: number;
  figures_left: number;
  suppression: number;
}

export interface ReplayState {
  turn: { number: number; active_player: string; activated: string[] };
  models: Record<string, ReplayModel>;
  rejected: { seq: number; reason: string }[];
}

interface Folded {
  state: GameState;
  /** Core seq → source seq. */
  sourceSeq: number[];
  lines: string[];
}

const modelJson = (m: ModelState): ReplayModel => ({
  damage: m.damage,
  fallen: m.fallen,
  destroyed: m.destroyed,
  next_turn: m.next_turn,
  markers: m.markers,
  figures_left: m.figures_left,
  suppression: m.suppression,
});

const WORDS = {
  turn: { ru: 'Ход', en: 'Turn' },
  player: { ru: 'игрок', en: 'player' },
  rejected: { ru: 'отклонено', en: 'rejected' },
  override: { ru: 'по решению судьи, вопреки правилу', en: 'by the referee, against the rule' },
  activated: { ru: 'начинает действовать', en: 'starts to act' },
  phase: { ru: 'фаза', en: 'phase' },
  initiative: { ru: 'инициатива', en: 'initiative' },
  referee: { ru: 'судья', en: 'referee' },
  undo: { ru: 'отмена последнего решения', en: 'the last decision is undone' },
  created: { ru: 'Игра', en: 'Game' },
  seed: { ru: 'зерно', en: 'seed' },
  dice: { ru: 'кубики', en: 'dice' },
  result: { ru: 'Итог', en: 'Result' },
  ok: { ru: 'в строю', en: 'in play' },
  pending: { ru: 'в силе прежнее', en: 'still pending' },
  joins: { ru: 'в игре', en: 'joins' },
} as const;

function show(v: unknown, labels: SystemLabels | undefined, lang: Lang): string {
  if (typeof v === 'boolean') return v ? (lang === 'ru' ? 'да' : 'yes') : lang === 'ru' ? 'нет' : 'no';
  if (typeof v === 'string') return labels ? labelOf(labels.states, v, lang) : v;
  return JSON.stringify(v);
}

/** The scalar fields of one output part, named by the system. */
function outputWords(part: Record<string, unknown>, labels: SystemLabels | undefined, lang: Lang): string {
  return Object.entries(part)
    .filter(([k, v]) => k !== 'dice_used' && (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string'))
    .map(([k, v]) => `${labels ? labelOf(labels.fields, k, lang) : k} ${show(v, labels, lang)}`)
    .join(', ');
}

function modelLine(id: string, m: ModelState, labels: SystemLabels | undefined, lang: Lang): string {
  const parts = [`${WORDS.player[lang]} ${m.spec.player}`];
  if (m.destroyed) parts.push(show('destroyed', labels, lang));
  else {
    if (m.spec.figures > 1) parts.push(labels ? countOf(m.figures_left, labels.figure, lang) : String(m.figures_left));
    if (m.damage > 0) parts.push(`${labels ? labelOf(labels.fields, 'damage', lang) : 'damage'} ${m.damage}/${m.spec.max_damage}`);
    if (m.markers > 0) parts.push(`${labels ? labelOf(labels.fields, 'markers', lang) : 'markers'} ${m.markers}`);
    if (m.suppression > 0) parts.push(`${labels ? labelOf(labels.fields, 'suppression', lang) : 'suppression'} ${m.suppression}`);
    if (m.fallen) parts.push(labels ? labelOf(labels.fields, 'fallen', lang) : 'fallen');
    parts.push(m.next_turn === 'normal' ? WORDS.ok[lang] : show(m.next_turn, labels, lang));
  }
  return `  ${id}: ${parts.join(', ')}`;
}

function eventLine(before: GameState, after: GameState, e: GameEvent, labels: SystemLabels | undefined, lang: Lang): string[] {
  switch (e.type) {
    case 'game-created': {
      const name = labels ? labels.name[lang] : e.ruleset;
      return [`${WORDS.created[lang]}: ${name} (${WORDS.seed[lang]} ${e.seed})`, `${WORDS.turn[lang]} 1 — ${WORDS.player[lang]} ${after.turn.active_player}`];
    }
    case 'model-added': {
      const m = e.model;
      const figures = m.figures ?? 1;
      const size = figures > 1 && labels ? `, ${countOf(figures, labels.figure, lang)}` : '';
      return [`  ${WORDS.joins[lang]}: ${m.id}${m.name ? ` «${m.name}»` : ''} (${WORDS.player[lang]} ${m.player}${size})`];
    }
    case 'action-resolved': {
      const entry = after.journal[after.journal.length - 1];
      if (!entry) return [];
      const name = labels ? labelOf(labels.actions, e.action, lang) : e.action;
      const who = e.actor ? `${e.actor}: ` : '';
      const dice = entry.dice_used.length > 0 ? ` [${WORDS.dice[lang]} ${entry.dice_used.join(' ')}]` : '';
      const parts = Object.entries(entry.targets).map(([part, id]) => {
        const piece = part === '' ? entry.output : entry.output[part];
        const fields = typeof piece === 'object' && piece !== null ? (piece as Record<string, unknown>) : {};
        // A consequence pending from before outlives this output (state only accumulates).
        const said = fields.next_turn ?? fields.state;
        const now = after.models[id]?.next_turn;
        const kept = typeof said === 'string' && now !== undefined && now !== said ? ` (${WORDS.pending[lang]}: ${show(now, labels, lang)})` : '';
        return `${id}: ${outputWords(fields, labels, lang)}${kept}`;
      });
      const body = parts.length > 0 ? parts.join('; ') : outputWords(entry.output, labels, lang);
      return [`  ${who}${name}${dice} → ${body}`];
    }
    case 'damage-corrected': {
      const { type: _t, model_id: id, ...fields } = e;
      return [`  ${WORDS.referee[lang]}: ${id} — ${outputWords(fields, labels, lang)}`];
    }
    case 'unit-activated':
      return [`  ${e.model_id} ${WORDS.activated[lang]}`];
    case 'phase-started':
      return before.turn.acting === e.model_id && before.turn.phases[before.turn.phases.length - 1] === e.phase
        ? []
        : [`  ${e.model_id}: ${WORDS.phase[lang]} «${labels ? labelOf(labels.phases, e.phase, lang) : e.phase}»`];
    case 'initiative-set':
      return [`  ${e.model_id}: ${WORDS.initiative[lang]} ${e.initiative}`];
    case 'turn-ended':
      return [`${WORDS.turn[lang]} ${after.turn.number} — ${WORDS.player[lang]} ${after.turn.active_player}`];
    case 'undo':
      return [`  ${WORDS.undo[lang]}`];
  }
}

function fold(events: readonly SourcedEvent[], lang: Lang, words: boolean): Folded {
  let state = emptyGame();
  const sourceSeq: number[] = [0];
  const lines: string[] = [];
  for (const { seq, event } of events) {
    const before = state;
    state = applyEvent(state, event);
    sourceSeq.push(seq);
    if (!words) continue;
    const labels = state.ruleset ? gameSystem(state.ruleset)?.labels : undefined;
    const refused = state.rejected.length > before.rejected.length ? state.rejected[state.rejected.length - 1] : undefined;
    if (refused) {
      lines.push(`  ✗ #${seq} ${WORDS.rejected[lang]}: ${refused.reason[lang]}`);
      continue;
    }
    const parsed = GameEventSchema.parse(event);
    lines.push(...eventLine(before, state, parsed, labels, lang));
    const overridden = state.overrides.length > before.overrides.length ? state.overrides[state.overrides.length - 1] : undefined;
    if (overridden) lines.push(`  ⚑ #${seq} ${WORDS.override[lang]}: ${overridden.broke[lang]}${overridden.note ? ` (${overridden.note})` : ''}`);
  }
  return { state, sourceSeq, lines };
}

/** The final state in the contract's shape; refusals named by their source's numbers. */
export function replayState(events: readonly SourcedEvent[], lang: Lang = 'ru'): ReplayState {
  const { state, sourceSeq } = fold(events, lang, false);
  return {
    turn: { number: state.turn.number, active_player: state.turn.active_player, activated: [...state.turn.activated] },
    models: Object.fromEntries(Object.entries(state.models).map(([id, m]) => [id, modelJson(m)])),
    rejected: state.rejected.map((r) => ({ seq: sourceSeq[r.seq] ?? r.seq, reason: r.reason[lang] })),
  };
}

/** The game told turn by turn, then every model's end state. */
export function replayWords(events: readonly SourcedEvent[], lang: Lang = 'ru'): string[] {
  const { state, lines } = fold(events, lang, true);
  const labels = state.ruleset ? gameSystem(state.ruleset)?.labels : undefined;
  return [...lines, `${WORDS.result[lang]}:`, ...Object.entries(state.models).map(([id, m]) => modelLine(id, m, labels, lang))];
}
