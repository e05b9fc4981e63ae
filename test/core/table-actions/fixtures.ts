import { foldGame, tryApplyEvent, type GameEventInput, type GameState } from '../../../src/core/game/index.js';
import type { TableActionContext, TableActionInput, TableParty } from '../../../src/core/rulesets/table-actions.js';
import type { TableModel, TableWeapon } from '../../../src/core/rulesets/table-play.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

/** Table parties as the app hands them to a system's builders, and the real engine to run what they write. */

export function party(id: string, player: 'A' | 'B', model: Partial<TableModel>, weapons: TableWeapon[] = [], pair: TableParty['pair'] = null): TableParty {
  return {
    model: { id, player, kind: 'infantry', unitType: null, armour: 3, stamina: 1, damage: 0, fallen: false, destroyed: false, figuresLeft: 1, markers: 0, suppression: 0, stats: {}, ...model },
    weapons,
    pair,
  };
}

export const tape = (distanceCm: number, closeCombat = false, cover: 'none' | 'partial' | 'full' = 'none'): TableParty['pair'] => ({ distanceCm, cover, closeCombat });

export function ctx(actor: TableParty, targets: TableParty[], others: TableParty[] = targets, extra: Partial<TableActionContext> = {}): TableActionContext {
  return { actor, targets, others, aim: null, choices: {}, ...extra };
}

export function made(r: TableActionInput): Extract<TableActionInput, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${r.reason.en}`);
  return r;
}

export function odds(ruleset: string, action: string, input: Record<string, unknown>): Record<string, string> {
  const out = resolveScenario({ ...input, ruleset, action, exact: true });
  if (!out.ok) throw new Error(`${out.error.field}: ${out.error.problem}`);
  return out.output.odds as Record<string, string>;
}

/** A game with these parties' models, then the action applied with the builder's targets. */
export function play(ruleset: string, parties: TableParty[], action: string, r: Extract<TableActionInput, { ok: true }>, dice?: number[]): GameState {
  const events: GameEventInput[] = [{ type: 'game-created', ruleset, seed: 'builders' } as GameEventInput];
  for (const p of parties) events.push({ type: 'model-added', model: { id: p.model.id, player: p.model.player as 'A' | 'B', max_damage: p.model.stamina, stats: { armour: p.model.armour } } });
  const tried = tryApplyEvent(foldGame(events), { type: 'action-resolved', action, input: r.input, targets: r.targets, ...(dice ? { dice } : {}) });
  if (!tried.ok) throw new Error(`${tried.error.field}: ${tried.error.problem}`);
  return tried.state;
}
