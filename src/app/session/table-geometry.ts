import { measure } from '../../core/measure/measure.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import type { GameState, ModelState } from './game-state.js';

/** What the overlay shows for one enemy of the selected model. */
export interface PairView {
  targetId: string;
  distanceMm: number;
  gapMm: number;
  steps: number;
  band: string | null;
  closeCombat: boolean;
  /** `unknown` while the table has no terrain model to check against. */
  lineOfSight: 'clear' | 'partial' | 'blocked' | 'unknown';
  cover: string;
  inRange: Record<string, boolean>;
}

export interface MoveView {
  id: string;
  fromXMm: number;
  fromYMm: number;
  movedMm: number;
  steps: number;
  allowedSteps: number;
  ok: boolean;
}

const alive = (m: ModelState): m is ModelState & { pos: NonNullable<ModelState['pos']> } => m.pos !== null && !m.destroyed;

/**
 * Ranges from one model to every enemy, by the system's distance rules (centre to centre).
 * Line of sight needs terrain, which the setup does not collect yet: it is reported as
 * unknown rather than guessed.
 */
export function pairsFrom(state: GameState, shooterId: string): PairView[] {
  const ruleset = state.created ? gameSystem(state.created.ruleset) : undefined;
  const shooter = state.models.get(shooterId);
  if (!ruleset || !shooter || !alive(shooter)) return [];
  const out: PairView[] = [];
  for (const t of state.models.values()) {
    if (t.spec.player === shooter.spec.player || !alive(t)) continue;
    const distanceMm = Math.hypot(t.pos.xMm - shooter.pos.xMm, t.pos.yMm - shooter.pos.yMm);
    const gapMm = Math.max(0, distanceMm - (t.spec.baseMm + shooter.spec.baseMm) / 2);
    const m = measure(distanceMm / 10, ruleset.data.distance);
    const inRange: Record<string, boolean> = {};
    for (const w of shooter.spec.weapons) inRange[w.id] = m.steps <= w.rangeSteps;
    out.push({ targetId: t.spec.id, distanceMm, gapMm, steps: m.steps, band: m.band, closeCombat: m.close_combat, lineOfSight: 'unknown', cover: 'none', inRange });
  }
  return out.sort((a, b) => a.distanceMm - b.distanceMm);
}

/** How far each model of the active player moved since its turn began, against its speed. */
export function movesThisTurn(state: GameState): MoveView[] {
  const ruleset = state.created ? gameSystem(state.created.ruleset) : undefined;
  if (!ruleset) return [];
  const unitCm = ruleset.data.distance.unit_cm.value;
  const out: MoveView[] = [];
  for (const m of state.models.values()) {
    if (m.spec.player !== state.active || !alive(m) || !m.turnStart) continue;
    const movedMm = Math.hypot(m.pos.xMm - m.turnStart.xMm, m.pos.yMm - m.turnStart.yMm);
    if (movedMm < 1) continue;
    const steps = movedMm / 10 / unitCm;
    out.push({ id: m.spec.id, fromXMm: m.turnStart.xMm, fromYMm: m.turnStart.yMm, movedMm, steps, allowedSteps: m.spec.speedSteps, ok: steps <= m.spec.speedSteps + 1e-9 });
  }
  return out;
}
