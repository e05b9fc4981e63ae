import type { GameEventInput as RulesEvent } from '../../core/game/index.js';
import type { GameEvent } from '../api/game-events.js';
import type { AttackView } from '../api/view.js';

/** A rolled virtual attack as the journal holds it. */
export type AttackEvent = Extract<GameEvent, { type: 'attack-resolved' }>;

/**
 * The engine event that replays a rolled attack: typed dice are handed in, virtual ones are
 * rolled again by the game's seeded generator (so the generator advances exactly as it did).
 */
export function attackRulesEvent(e: AttackEvent): RulesEvent {
  // The shooter is the actor: the engine's turn structure (whose unit acts now, one unit a turn,
  // initiative order) rules a virtual attack as it rules a real shot.
  return { type: 'action-resolved', action: e.action, input: e.input, ...(e.dice === 'physical' ? { dice: e.diceUsed } : {}), targets: { '': e.targetId }, actor: e.shooterId };
}

/** What the screen shows of one rolled attack. */
export function attackView(seq: number, turn: number, e: AttackEvent, undone: boolean): AttackView {
  const outcome: AttackView['outcome'] = {};
  for (const [k, v] of Object.entries(e.output)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) outcome[k] = v as string | number | boolean | null;
  return { seq, turn, shooterId: e.shooterId, targetId: e.targetId, weaponId: e.weaponId, action: e.action, dice: e.dice, diceUsed: e.diceUsed, odds: e.odds, harmKey: e.harmKey, outcome, undone };
}
