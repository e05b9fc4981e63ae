import { z } from 'zod';
import { resolveScenario } from '../../core/scenario/resolve-scenario.js';
import type { WeaponSpec } from '../api/game-events.js';
import type { GameState } from './game-state.js';
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
}

const Odds = z.record(z.string(), z.string());

function fraction(text: string | undefined): number {
  if (!text) return 0;
  const [p, q] = text.split('/').map(Number);
  return p !== undefined && q ? p / q : 0;
}

const coverFor = (c: string): 'none' | 'partial' | 'full' => (c === 'partial' || c === 'full' ? c : 'none');

function scenarioFor(state: GameState, shooterId: string, pair: PairView, w: WeaponSpec): { input: Record<string, unknown>; harmKey: string } | string {
  const ruleset = state.created?.ruleset;
  const target = state.models.get(pair.targetId);
  if (!ruleset || !target) return 'no target';
  // One distance for the label and the odds: the tape the system's table rules measured.
  const distance_cm = pair.measuredMm / 10;
  switch (ruleset) {
    case 'vtorzhenie':
      if (target.spec.kind === 'gun') return 'guns cannot be shot virtually';
      return {
        input: {
          ruleset,
          action: 'virtual-shot',
          distance_cm,
          shooter: { power: w.power ?? 1, accuracy_bonus: w.accuracyBonus ?? 0, range_steps: w.rangeSteps, reroll_accuracy_die: w.id === 'sniper-rifle' },
          target: { armour: target.spec.armour, stamina: target.spec.stamina, damage: target.damage, vehicle: target.spec.kind === 'vehicle', cover: coverFor(pair.cover) },
        },
        harmKey: 'penetrated=true',
      };
    case 'bronepekhota':
      return {
        input: { ruleset, action: 'virtual-shot', distance_cm, shooters: [{ shooting: w.shooting ?? 1, range_steps: w.rangeSteps }], target: { armour: target.spec.armour, kind: target.spec.kind, cover: coverFor(pair.cover) } },
        harmKey: 'hit=true',
      };
    case 'stalnaya-voyna':
      return {
        input: { ruleset, action: 'fire', distance_in: distance_cm / 2.54, shooter: { quality: w.quality ?? 'd6', small_arms_rof: [w.rof ?? 1], support: [] }, target: { prone: false, cover: 'none' } },
        harmKey: 'result=casualties',
      };
    default:
      return `exact odds for ${ruleset} attacks need a wound test per hit; not shown yet`;
  }
}

/** Exact odds of `shooterId` attacking the pair's target with one weapon, through the engine. */
export function attackOdds(state: GameState, shooterId: string, pair: PairView, weapon: WeaponSpec): AttackOdds {
  const base = { weaponId: weapon.id, action: '', allowed: false, odds: {}, harm: 0, harmKey: '', input: null };
  const s = scenarioFor(state, shooterId, pair, weapon);
  if (typeof s === 'string') return { ...base, problem: s };
  const out = resolveScenario({ ...s.input, exact: true });
  if (!out.ok) return { ...base, action: String(s.input.action), problem: `engine: ${out.error.field}: ${out.error.problem}` };
  const odds = Odds.safeParse(out.output.odds);
  const table = odds.success ? odds.data : {};
  const allowed = out.output.allowed !== false;
  const { ruleset: _r, action: _a, ...own } = s.input;
  return { weaponId: weapon.id, action: String(s.input.action), allowed, odds: table, harm: fraction(table[s.harmKey]), harmKey: s.harmKey, problem: null, input: own };
}
