import { seedRng } from '../random/rng.js';
import type { Text } from '../rulesets/labels.js';
import { gameSystem, parseRulesetData } from '../rulesets/registry.js';
import { check, type FieldProblem } from '../validation/issues.js';
import { applyOutput } from './action-effects.js';
import { GameEventSchema, type GameEvent, type Override } from './events.js';
import { resolveInGame } from './resolve-in-game.js';
import { emptyGame, newModelState, type GameState, type ModelState, type TurnState, type UndoEntry } from './state.js';
import { activate, endTurn, setInitiative, startPhase, type TurnStep } from './turn-engine.js';

export type ApplyOutcome = { ok: true; state: GameState } | { ok: false; error: FieldProblem; reason: Text };

/** A refusal; `ru` is the Russian wording where the English one is not the players' own. */
const fail = (field: string, problem: string, ru?: string): ApplyOutcome => ({ ok: false, error: { field, problem }, reason: { ru: ru ?? `${field}: ${problem}`, en: `${field}: ${problem}` } });
const noModel = (field: string, id: string): ApplyOutcome => fail(field, `no model "${id}" in the game`, `в игре нет модели «${id}»`);

/**
 * Applies a turn step: a broken rule refuses the event, unless the referee overrode it, which
 * is journalled in `overrides`.
 */
function turnStep(s: GameState, seq: number, type: string, step: TurnStep, override: Override | undefined, lists: Lists, then: (turn: TurnState) => GameState = (turn) => ({ ...s, turn })): ApplyOutcome {
  if (step.broke === null) return { ok: true, state: then(step.turn) };
  if (override === undefined) return { ok: false, error: { field: 'turn', problem: step.broke.en }, reason: step.broke };
  const next = then(step.turn);
  return { ok: true, state: { ...next, overrides: lists.append(next.overrides, { seq, type, broke: step.broke, note: override === true ? '' : override.note }) } };
}

/**
 * How the long lists of a state (journal, undo stack, refusals) grow and shrink. Public calls
 * copy them, so no state a caller holds ever changes; `foldGame` owns its intermediate states
 * and edits the lists in place, which keeps a 10,000-event replay linear instead of quadratic.
 */
interface Lists {
  append<T>(list: T[], item: T): T[];
  truncate<T>(list: T[], length: number): T[];
}

const COPY: Lists = {
  append: (list, item) => [...list, item],
  truncate: (list, length) => list.slice(0, length),
};

const IN_PLACE: Lists = {
  append: (list, item) => {
    list.push(item);
    return list;
  },
  truncate: (list, length) => {
    list.length = length;
    return list;
  },
};

/** The state change of one valid event, before undo bookkeeping; `seq` is the event's number. */
function step(s: GameState, e: GameEvent, seq: number, lists: Lists): ApplyOutcome {
  if (e.type === 'game-created') {
    if (s.ruleset !== null) return fail('type', 'the game was already created');
    let data = null;
    if (e.ruleset_data !== undefined) {
      const parsed = parseRulesetData(e.ruleset_data);
      if (!parsed.ok) return fail(`ruleset_data.${parsed.field}`, parsed.problem);
      if (parsed.data.id !== e.ruleset) return fail('ruleset_data.id', `the ruleset file is for "${parsed.data.id}", the game is "${e.ruleset}"`);
      data = parsed.data;
    }
    return {
      ok: true,
      state: { ...s, ruleset: e.ruleset, ruleset_data: data, seed: e.seed, rng: seedRng(e.seed), turn: { number: 1, first_player: e.first_player, active_player: e.first_player, activated: [], acting: null, phases: [], initiative: {}, orders: {} } },
    };
  }
  const ruleset = s.ruleset;
  if (ruleset === null) return fail('type', 'the first event of a game must be game-created', 'игра начинается с события game-created');
  const system = gameSystem(ruleset);
  if (!system) return fail('ruleset', `no system "${ruleset}" is registered`, `система «${ruleset}» не подключена`);
  const rules = system.turn;

  switch (e.type) {
    case 'model-added': {
      if (Object.hasOwn(s.models, e.model.id)) return fail('model.id', `"${e.model.id}" is already in the game`, `«${e.model.id}» уже есть в игре`);
      return { ok: true, state: { ...s, models: { ...s.models, [e.model.id]: newModelState(e.model) } } };
    }
    case 'action-resolved': {
      if (e.ruleset !== undefined && e.ruleset !== ruleset) return fail('ruleset', `the game is "${ruleset}", not "${e.ruleset}"`);
      for (const [part, id] of Object.entries(e.targets)) {
        if (!Object.hasOwn(s.models, id)) return noModel(`targets.${part === '' ? '""' : part}`, id);
      }
      let turned: ApplyOutcome = { ok: true, state: s };
      if (e.actor !== undefined) {
        if (!Object.hasOwn(s.models, e.actor)) return noModel('actor', e.actor);
        const phase = Object.hasOwn(rules.actionPhases, e.action) ? rules.actionPhases[e.action] : undefined;
        if (phase !== undefined) turned = turnStep(s, seq, e.type, startPhase(s, rules, e.actor, phase, system.labels.phases), e.override, lists);
        if (!turned.ok) return turned;
      }
      const before = turned.state;
      const r = resolveInGame(ruleset, s.ruleset_data, e.action, e.input, e.dice, s.rng);
      if (!r.ok) return { ...r, reason: { ru: `${r.error.field}: ${r.error.problem}`, en: `${r.error.field}: ${r.error.problem}` } };
      const models = { ...s.models };
      for (const [part, id] of Object.entries(e.targets)) {
        const piece = outputPart(r.output, part);
        if (piece === null) return fail(`targets.${part}`, `the output of ${e.action} has no part "${part}"`, `в итоге ${e.action} нет части «${part}»`);
        models[id] = applyOutput(models[id] as ModelState, piece as Record<string, unknown>, s.turn.number);
      }
      const entry = {
        seq,
        turn: s.turn.number,
        action: e.action,
        input: e.input,
        dice_source: e.dice === undefined ? ('seeded' as const) : ('typed' as const),
        dice_used: r.dice_used,
        output: r.output,
        targets: e.targets,
        actor: e.actor ?? null,
      };
      return { ok: true, state: { ...before, rng: r.rng, models, journal: lists.append(s.journal, entry) } };
    }
    case 'damage-corrected': {
      const m = s.models[e.model_id];
      if (!m) return noModel('model_id', e.model_id);
      // A referee's correction sets what it names, nothing else follows from it.
      const fixed: ModelState = { ...m };
      if (e.damage !== undefined) fixed.damage = e.damage;
      if (e.markers !== undefined) fixed.markers = e.markers;
      if (e.figures_left !== undefined) fixed.figures_left = e.figures_left;
      if (e.fallen !== undefined) fixed.fallen = e.fallen;
      if (e.destroyed !== undefined) {
        fixed.destroyed = e.destroyed;
        if (e.destroyed) [fixed.next_turn, fixed.next_turn_since] = ['destroyed', s.turn.number];
        else if (m.next_turn === 'destroyed') [fixed.next_turn, fixed.next_turn_since] = ['normal', null];
      }
      return { ok: true, state: { ...s, models: { ...s.models, [e.model_id]: fixed } } };
    }
    case 'unit-activated': {
      if (!Object.hasOwn(s.models, e.model_id)) return noModel('model_id', e.model_id);
      return turnStep(s, seq, e.type, activate(s, rules, e.model_id), e.override, lists);
    }
    case 'phase-started': {
      if (!Object.hasOwn(s.models, e.model_id)) return noModel('model_id', e.model_id);
      return turnStep(s, seq, e.type, startPhase(s, rules, e.model_id, e.phase, system.labels.phases), e.override, lists);
    }
    case 'initiative-set': {
      if (!Object.hasOwn(s.models, e.model_id)) return noModel('model_id', e.model_id);
      return turnStep(s, seq, e.type, setInitiative(s, rules, e.model_id, e.initiative, e.order), e.override, lists);
    }
    case 'turn-ended': {
      const ended = endTurn(s, rules, e.first_player);
      return { ok: true, state: { ...s, models: ended.models, turn: ended.turn } };
    }
    case 'undo': {
      const top = s.undo_stack[s.undo_stack.length - 1];
      if (!top) return fail('type', 'nothing to undo', 'нечего отменять');
      const models = { ...s.models };
      for (const [id, before] of Object.entries(top.models)) {
        if (before === null) delete models[id];
        else models[id] = before;
      }
      return { ok: true, state: { ...s, rng: top.rng, turn: top.turn, models, journal: lists.truncate(s.journal, top.journal_length), overrides: lists.truncate(s.overrides, top.overrides_length), undo_stack: lists.truncate(s.undo_stack, s.undo_stack.length - 1) } };
    }
  }
}

/** Previous values of what `next` changed, for the undo stack (models compared by reference). */
function undoEntry(prev: GameState, next: GameState, e: GameEvent, seq: number, journalLength: number, overridesLength: number): UndoEntry {
  const models: Record<string, ModelState | null> = {};
  for (const id of Object.keys(next.models)) if (next.models[id] !== prev.models[id]) models[id] = prev.models[id] ?? null;
  for (const id of Object.keys(prev.models)) if (!Object.hasOwn(next.models, id)) models[id] = prev.models[id] as ModelState;
  return { seq, type: e.type, rng: prev.rng, turn: prev.turn, models, journal_length: journalLength, overrides_length: overridesLength };
}

/**
 * Applies one event (raw JSON or already parsed) if it fits; the state is never mutated. A
 * refused event is reported and changes nothing: the app checks intents with this before it
 * appends them to the journal.
 */
/**
 * The part of an action's output a target names: `""` is the whole output, `A` a top-level part,
 * `victims.b3` a part inside a part (a blast's victim, a melee's fighter): one dot-separated key
 * per level. Null when there is no such object.
 */
function outputPart(output: Record<string, unknown>, path: string): Record<string, unknown> | null {
  let piece: unknown = output;
  if (path !== '') {
    for (const key of path.split('.')) {
      if (typeof piece !== 'object' || piece === null || Array.isArray(piece) || !Object.hasOwn(piece, key)) return null;
      piece = (piece as Record<string, unknown>)[key];
    }
  }
  return typeof piece === 'object' && piece !== null && !Array.isArray(piece) ? (piece as Record<string, unknown>) : null;
}

export function tryApplyEvent(state: GameState, raw: unknown): ApplyOutcome {
  return apply(state, raw, COPY);
}

function apply(state: GameState, raw: unknown, lists: Lists): ApplyOutcome {
  const parsed = check(GameEventSchema, raw);
  if (!parsed.ok) return { ...parsed, reason: { ru: `событие не читается: ${parsed.error.field}: ${parsed.error.problem}`, en: `unreadable event: ${parsed.error.field}: ${parsed.error.problem}` } };
  const e = parsed.value;
  const seq = state.seq + 1;
  // Taken before the step: in place, the journal array is shared with the next state.
  const journalLength = state.journal.length;
  const overridesLength = state.overrides.length;
  const r = step(state, e, seq, lists);
  if (!r.ok) return r;
  const undoable = e.type !== 'game-created' && e.type !== 'undo';
  const undo_stack = undoable ? lists.append(r.state.undo_stack, undoEntry(state, r.state, e, seq, journalLength, overridesLength)) : r.state.undo_stack;
  return { ok: true, state: { ...r.state, seq, undo_stack } };
}

/** Applies one event; one that does not fit is recorded in `rejected` and changes nothing else. */
export function applyEvent(state: GameState, raw: unknown): GameState {
  return applyWith(state, raw, COPY);
}

function applyWith(state: GameState, raw: unknown, lists: Lists): GameState {
  const r = apply(state, raw, lists);
  if (r.ok) return r.state;
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? String((raw as { type: unknown }).type) : '?';
  const seq = state.seq + 1;
  return { ...state, seq, rejected: lists.append(state.rejected, { seq, type, problem: `${r.error.field}: ${r.error.problem}`, reason: r.reason }) };
}

/** The state after every event, in order: the same events always give the same state. */
export function foldGame(events: readonly unknown[], from: GameState = emptyGame()): GameState {
  // Own copies of the lists, so `from` is left as it was.
  let s: GameState = { ...from, journal: [...from.journal], undo_stack: [...from.undo_stack], rejected: [...from.rejected], overrides: [...from.overrides] };
  for (const e of events) s = applyWith(s, e, IN_PLACE);
  return s;
}
