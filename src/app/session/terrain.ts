import type { RulesetId } from '../../core/rulesets/game-system.js';
import type { ScenePiece } from '../../core/table/scene.js';
import { tableRules } from '../../core/table/table-rules-registry.js';
import type { TerrainPiece } from '../api/terrain.js';

/** The system's cover and movement classes, from its table rules (what the terrain editor offers). */
export function terrainClasses(ruleset: RulesetId): { cover: string[]; movement: string[] } {
  const rules = tableRules(ruleset);
  return { cover: Object.keys(rules.cover_classes), movement: Object.keys(rules.movement_classes) };
}

/** Why a terrain set does not fit the system's table rules, or null. */
export function terrainProblem(ruleset: RulesetId, pieces: readonly TerrainPiece[]): string | null {
  const classes = terrainClasses(ruleset);
  const ids = new Set<string>();
  for (const p of pieces) {
    if (ids.has(p.id)) return `terrain: piece ${p.id} twice`;
    ids.add(p.id);
    if (!classes.cover.includes(p.cover)) return `terrain: ${p.id}: cover "${p.cover}" is not one of ${classes.cover.join(', ')}`;
    if (!classes.movement.includes(p.movement)) return `terrain: ${p.id}: movement "${p.movement}" is not one of ${classes.movement.join(', ')}`;
  }
  return null;
}

/** Terrain as the engine's table scene takes it (core/table). */
export function scenePieces(pieces: readonly TerrainPiece[]): ScenePiece[] {
  return pieces.map((p) => ({ id: p.id, polygon_mm: p.polygonMm.map(([x, y]) => [x, y] as [number, number]), height_mm: p.heightMm, size: p.size, grey_zone: p.greyZone, cover: p.cover, movement: p.movement }));
}
