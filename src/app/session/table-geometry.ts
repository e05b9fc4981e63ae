import { measure } from '../../core/measure/measure.js';
import { gameSystem } from '../../core/rulesets/registry.js';
import { rangesForScene, type Ranges } from '../../core/table/ranges.js';
import type { GameState, ModelState } from './game-state.js';
import { scenePieces } from './terrain.js';

/** What the overlay shows for one enemy of the selected model. */
export interface PairView {
  targetId: string;
  distanceMm: number;
  gapMm: number;
  /** The tape by the system's convention: the distance steps, band and the attack's odds all use. */
  measuredMm: number;
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
 * Every pair and move on the table through the engine's table geometry (core/table): each
 * system's measuring convention, line of sight and cover, and moves against speed. No terrain
 * is entered yet, so only models can block sight. Null when the scene does not build.
 */
export function tableRanges(state: GameState): { ok: true; ranges: Ranges } | { ok: false; problem: string } | null {
  const ruleset = state.created?.ruleset;
  if (!ruleset || !gameSystem(ruleset)) return null;
  const r = rangesForScene({ ruleset, models: sceneModels(state), terrain: scenePieces(state.terrain) });
  return r.ok ? r : { ok: false, problem: `ranges: ${r.error.field}: ${r.error.problem}` };
}

/** The models standing on the table as the engine's scene takes them (moves from where each began its turn). */
export interface SceneModel {
  id: string;
  player: string;
  x_mm: number;
  y_mm: number;
  base_mm: number;
  height_mm: number;
  kind: string;
  fallen: boolean;
  from_mm?: [number, number];
  speed_steps?: number;
  weapons: { name: string; range_steps: number }[];
}

export function sceneModels(state: GameState): SceneModel[] {
  const system = state.created ? gameSystem(state.created.ruleset) : undefined;
  if (!system) return [];
  return [...state.models.values()].filter(alive).map((m) => ({
    id: m.spec.id,
    player: m.spec.player,
    x_mm: m.pos.xMm,
    y_mm: m.pos.yMm,
    base_mm: m.spec.baseMm,
    height_mm: m.spec.heightMm,
    kind: system.tableKind({ kind: m.spec.kind, armour: m.spec.armour, unitType: m.spec.unitType ?? null }),
    fallen: m.fallen || m.seenFallen,
    ...(m.turnStart && m.spec.player === state.active ? { from_mm: [m.turnStart.xMm, m.turnStart.yMm] as [number, number], speed_steps: m.spec.speedSteps } : {}),
    weapons: m.spec.weapons.map((w) => ({ name: w.id, range_steps: w.rangeSteps })),
  }));
}

/** One tape of `tapesFrom`: to a model, by the system's measuring convention. */
export interface Tape {
  measuredMm: number;
  steps: number;
  cover: 'none' | 'partial' | 'full';
  closeCombat: boolean;
}

/**
 * The tape from one model, or from a point of aim, to every other model on the table (friends
 * too), through the same table geometry as the range labels: the scene is built with the one
 * measuring side against all the rest, so each tape is exactly what a pair of the overlay reads.
 */
export function tapesFrom(state: GameState, from: { modelId: string } | { aimMm: { xMm: number; yMm: number } }): { ok: true; tapes: Map<string, Tape> } | { ok: false; problem: string } {
  const ruleset = state.created?.ruleset;
  if (!ruleset) return { ok: false, problem: 'no game is open' };
  // Tapes only: no moves measured.
  const models: SceneModel[] = sceneModels(state).map(({ from_mm: _f, speed_steps: _s, ...m }) => m);
  const AIM = '~aim'; // no model id has a tilde
  const fromId = 'modelId' in from ? from.modelId : AIM;
  const actor = models.find((m) => m.id === fromId);
  const scene = models.filter((m) => m.id !== fromId).map((m) => ({ ...m, player: 'B' }));
  if ('aimMm' in from) {
    // A point: the smallest base the scene takes, no height to see over anything.
    const kind = models[0]?.kind ?? 'infantry';
    scene.push({ id: AIM, player: 'A', x_mm: from.aimMm.xMm, y_mm: from.aimMm.yMm, base_mm: 0.01, height_mm: 0.01, kind, fallen: false, weapons: [] });
  } else if (actor) scene.push({ ...actor, player: 'A' });
  else return { ok: false, problem: `${fromId} is not on the table` };
  const r = rangesForScene({ ruleset, models: scene, terrain: scenePieces(state.terrain) });
  if (!r.ok) return { ok: false, problem: `ranges: ${r.error.field}: ${r.error.problem}` };
  const tapes = new Map<string, Tape>();
  for (const p of r.ranges.pairs) {
    if (p.from !== fromId) continue;
    const cover = p.cover === 'partial' || p.cover === 'full' ? p.cover : 'none';
    tapes.set(p.to, { measuredMm: p.measured_mm, steps: p.steps, cover, closeCombat: p.close_combat });
  }
  return { ok: true, tapes };
}

/**
 * Ranges from one model to every enemy, by the system's distance rules (centre to centre).
 * Line of sight needs terrain, which the setup does not collect yet: it is reported as
 * unknown rather than guessed.
 */
export function pairsFrom(state: GameState, shooterId: string, ranges?: Ranges): PairView[] {
  if (ranges) {
    return ranges.pairs
      .filter((p) => p.from === shooterId)
      .map((p) => ({
        targetId: p.to,
        distanceMm: p.distance_mm,
        gapMm: p.gap_mm,
        measuredMm: p.measured_mm,
        steps: p.steps,
        band: p.band,
        closeCombat: p.close_combat,
        lineOfSight: p.line_of_sight,
        cover: p.cover ?? 'none',
        inRange: p.in_range,
      }))
      .sort((a, b) => a.distanceMm - b.distanceMm);
  }
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
    out.push({ targetId: t.spec.id, distanceMm, gapMm, measuredMm: distanceMm, steps: m.steps, band: m.band, closeCombat: m.close_combat, lineOfSight: 'unknown', cover: 'none', inRange });
  }
  return out.sort((a, b) => a.distanceMm - b.distanceMm);
}

/** How far each model of the active player moved since its turn began, against its speed. */
export function movesThisTurn(state: GameState, ranges?: Ranges): MoveView[] {
  if (ranges) {
    return ranges.moves.flatMap((mv) => {
      const m = state.models.get(mv.id);
      if (!m?.turnStart || mv.moved_mm < 1) return [];
      return [{ id: mv.id, fromXMm: m.turnStart.xMm, fromYMm: m.turnStart.yMm, movedMm: mv.moved_mm, steps: mv.cost_steps, allowedSteps: mv.allowed_steps, ok: mv.ok }];
    });
  }
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
