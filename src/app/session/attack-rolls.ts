import { tryApplyEvent } from '../../core/game/index.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import type { Text } from '../../core/rulesets/labels.js';
import { attackOdds } from './attack-odds.js';
import type { AttackEvent } from './attack-event.js';
import type { GameState } from './game-state.js';
import { pairsFrom, tableRanges } from './table-geometry.js';
import type { Selection } from './view-builder.js';

/**
 * Rolls the selected attack (shooter, weapon, target) through the engine's game: the same input
 * and distance as the odds on screen, the dice typed from the table or rolled by the game's
 * seeded generator. Returns the journal event to append, or why not.
 */
export function rollAttack(state: GameState, selection: Selection, dice: number[] | null): { ok: true; event: AttackEvent } | { ok: false; problem: string; reason?: Text } {
  if (state.phase !== 'play') return { ok: false, problem: 'the game has not started' };
  if (state.openShot) return { ok: false, problem: 'a shot is already open: commit or cancel it first' };
  const shooter = selection.shooterId ? state.models.get(selection.shooterId) : undefined;
  const target = selection.targetId ? state.models.get(selection.targetId) : undefined;
  if (!shooter || !target) return { ok: false, problem: 'no attack for this pair' };
  // Initiative systems let both players' units act in one turn: the engine says whose it is.
  const initiative = state.created ? gameSystem(state.created.ruleset)?.turn.order === 'initiative' : false;
  if (!initiative && shooter.spec.player !== state.active) return { ok: false, problem: `${shooter.spec.name}: not this player's turn` };
  if (shooter.destroyed) return { ok: false, problem: `${shooter.spec.name} is destroyed` };
  const weapon = shooter.spec.weapons.find((w) => w.id === selection.weaponId) ?? shooter.spec.weapons[0];
  const table = tableRanges(state);
  const pair = pairsFrom(state, shooter.spec.id, table?.ok ? table.ranges : undefined).find((p) => p.targetId === target.spec.id);
  if (!weapon || !pair) return { ok: false, problem: 'no attack for this pair' };
  const odds = attackOdds(state, shooter.spec.id, pair, weapon);
  if (odds.problem) return { ok: false, problem: odds.problem };
  if (!odds.input) return { ok: false, problem: 'no attack for this pair' };
  // The odds said none (out of range, say): a roll would only journal a shot that never was.
  if (!odds.allowed) return { ok: false, problem: `${shooter.spec.name}: the rules allow no such attack` };
  const tried = tryApplyEvent(state.rules, { type: 'action-resolved', action: odds.action, input: odds.input, ...(dice ? { dice } : {}), targets: { '': target.spec.id }, actor: shooter.spec.id });
  if (!tried.ok && tried.error.field === 'turn') return { ok: false, problem: tried.reason.en, reason: tried.reason };
  if (!tried.ok) return { ok: false, problem: tried.error.field.startsWith('dice') ? `the dice do not fit: ${tried.error.problem}` : `engine: ${tried.error.field}: ${tried.error.problem}` };
  const entry = tried.state.journal[tried.state.journal.length - 1];
  if (!entry) return { ok: false, problem: 'the engine did not resolve the attack' };
  return {
    ok: true,
    event: {
      type: 'attack-resolved',
      shooterId: shooter.spec.id,
      targetId: target.spec.id,
      weaponId: weapon.id,
      action: odds.action,
      input: odds.input,
      dice: dice ? 'physical' : 'virtual',
      diceUsed: entry.dice_used,
      odds: odds.odds,
      harmKey: odds.harmKey,
      output: entry.output,
    },
  };
}
