import { gameSystem } from '../../core/rulesets/registry.js';
import type { TableAction, TableActionContext, TableParty } from '../../core/rulesets/table-actions.js';
import type { TableWeapon } from '../../core/rulesets/table-play.js';
import type { ActionDraft } from '../api/intents.js';
import type { ActionOfferView } from '../api/view.js';
import { tableModel, type GameState, type ModelState } from './game-state.js';
import { tapesFrom, type Tape } from './table-geometry.js';

/**
 * What the table shows a table action: the acting model, every other model standing there with
 * its tape from the actor (the table geometry of the range labels: one distance), and an aim
 * point's distances. The system's plugin turns this into its action's input.
 */

const weaponsOf = (m: ModelState): TableWeapon[] =>
  m.spec.weapons.map((w) => ({ id: w.id, rangeSteps: w.rangeSteps, power: w.power, accuracyBonus: w.accuracyBonus, shooting: w.shooting, quality: w.quality, rof: w.rof }));

const onTable = (m: ModelState | undefined): m is ModelState => m !== undefined && m.pos !== null && !m.destroyed;

function party(state: GameState, m: ModelState, tape: Tape | null): TableParty {
  return { model: tableModel(state, m), weapons: weaponsOf(m), pair: tape ? { distanceCm: tape.measuredMm / 10, cover: tape.cover, closeCombat: tape.closeCombat } : null };
}

export function systemActions(state: GameState): readonly TableAction[] {
  const system = state.created ? gameSystem(state.created.ruleset) : undefined;
  return system?.tableActions ?? [];
}

/** The actor and every other model on the table, each with its tape from the actor. */
export function partiesFrom(state: GameState, actorId: string): { ok: true; actor: TableParty; others: TableParty[] } | { ok: false; problem: string } {
  const actor = state.models.get(actorId);
  if (!actor) return { ok: false, problem: `no model ${actorId}` };
  if (actor.destroyed) return { ok: false, problem: `${actor.spec.name} is destroyed` };
  if (actor.pos === null) return { ok: false, problem: `${actor.spec.name} is not on the table` };
  const tapes = tapesFrom(state, { modelId: actorId });
  if (!tapes.ok) return tapes;
  const others = [...state.models.values()].filter((m) => m.spec.id !== actorId && onTable(m)).flatMap((m) => {
    const tape = tapes.tapes.get(m.spec.id);
    return tape ? [party(state, m, tape)] : [];
  });
  return { ok: true, actor: party(state, actor, null), others };
}

/** The actions the system offers this model now, each with why not and what to pick. */
export function actionOffers(state: GameState, actorId: string | null): ActionOfferView[] {
  const actions = systemActions(state);
  if (!actorId || actions.length === 0 || state.phase !== 'play') return [];
  const from = partiesFrom(state, actorId);
  if (!from.ok) return [];
  const labels = state.created ? gameSystem(state.created.ruleset)?.labels.actions : undefined;
  return actions.map((a) => ({
    action: a.action,
    label: labels && Object.hasOwn(labels, a.action) ? (labels[a.action] as { ru: string; en: string }) : { ru: a.action, en: a.action },
    kind: a.kind,
    targets: a.targets,
    offered: a.offered(from.actor, from.others),
    choices: a.choices(from.actor).map((c) => ({ id: c.id, label: c.label, values: c.values.map((v) => ({ value: v.value, label: v.label })) })),
    suggest: [...a.suggest(from.actor, from.others)],
  }));
}

/** The context a draft builds: the models picked, the aim point's distances, the choices. */
export function draftContext(state: GameState, action: TableAction, draft: ActionDraft): { ok: true; ctx: TableActionContext } | { ok: false; problem: string } {
  const from = partiesFrom(state, draft.actorId);
  if (!from.ok) return from;
  const targets: TableParty[] = [];
  for (const id of draft.targetIds) {
    const p = from.others.find((o) => o.model.id === id);
    if (!p) return { ok: false, problem: `${state.models.get(id)?.spec.name ?? id} is not on the table` };
    if (!targets.includes(p)) targets.push(p);
  }
  let aim: TableActionContext['aim'] = null;
  if (draft.aim) {
    const tapes = tapesFrom(state, { aimMm: { xMm: draft.aim.x_mm, yMm: draft.aim.y_mm } });
    if (!tapes.ok) return tapes;
    aim = { distancesCm: Object.fromEntries([...tapes.tapes].map(([id, t]) => [id, t.measuredMm / 10])) };
  }
  return { ok: true, ctx: { actor: from.actor, targets, others: from.others, aim, choices: draft.choices } };
}
