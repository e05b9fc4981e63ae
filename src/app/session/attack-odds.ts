import { z } from 'zod';
import type { Text } from '../../core/rulesets/labels.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import { resolveScenario } from '../../core/scenario/resolve-scenario.js';
import type { WeaponSpec } from '../api/game-events.js';
import { tableModel, type GameState } from './game-state.js';
import type { PairView } from './table-geometry.js';

/** Exact odds of one attack, as the engine's `exact` output gives them ("p/q" per outcome). */
export interface AttackOdds {
  weaponId: string;
  action: string;
  allowed: boolean;
  /** Outcome key (`hit=true`, `destroyed=true`…) → exact probability "p/q". */
  odds: Record<string, string>;
  /** The headline figure for the overlay: the chance the attack does harm, as a number. */
  harm: number;
  harmKey: string;
  problem: string | null;
  /** The action's own input fields (what a roll of this attack resolves); null when none is offered. */
  input: Record<string, unknown> | null;
  /** Why the system allows no such attack, for the players (both languages). */
  reason: Text | null;
}

const Odds = z.record(z.string(), z.string());

function fraction(text: string | undefined): number {
  if (!text) return 0;
  const [p, q] = text.split('/').map(Number);
  return p !== undefined && q ? p / q : 0;
}

const coverFor = (c: string): 'none' | 'partial' | 'full' => (c === 'partial' || c === 'full' ? c : 'none');

/** Exact odds of `shooterId` attacking the pair's target with one weapon, through the engine. */
export function attackOdds(state: GameState, shooterId: string, pair: PairView, weapon: WeaponSpec): AttackOdds {
  const base = { weaponId: weapon.id, action: '', allowed: false, odds: {}, harm: 0, harmKey: '', input: null, reason: null };
  const ruleset = state.created?.ruleset;
  const system = ruleset ? gameSystem(ruleset) : undefined;
  const shooter = state.models.get(shooterId);
  const target = state.models.get(pair.targetId);
  if (!system || !shooter || !target) return { ...base, problem: 'no target' };
  // Terrain on the table closes the line: no system here fires at what its shooter cannot see.
  if (pair.lineOfSight === 'blocked') return { ...base, problem: 'no line of sight', reason: { ru: 'цель не видна: линию видимости закрывает местность', en: 'the target is out of sight: terrain blocks the line' } };
  // One distance for the label and the odds: the tape the system's table rules measured.
  const attack = system.attacks.input(tableModel(state, shooter), tableModel(state, target), weapon, { distanceCm: pair.measuredMm / 10, cover: coverFor(pair.cover), closeCombat: pair.closeCombat });
  if (!attack.ok) return { ...base, problem: attack.reason.en, reason: attack.reason };
  const out = resolveScenario({ ...attack.input, ruleset: system.id, action: attack.action, exact: true });
  if (!out.ok) return { ...base, action: attack.action, problem: `engine: ${out.error.field}: ${out.error.problem}` };
  const odds = Odds.safeParse(out.output.odds);
  const table = odds.success ? odds.data : {};
  const allowed = out.output.allowed !== false;
  return { weaponId: weapon.id, action: attack.action, allowed, odds: table, harm: fraction(table[attack.harmKey]), harmKey: attack.harmKey, problem: null, input: attack.input, reason: null };
}
