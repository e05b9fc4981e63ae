import type { TablePiece } from './table.js';
import type { KindRules, TableRules } from './table-rules.js';

export type TerrainEffect = 'easy' | 'difficult' | 'very-difficult' | 'impassable';

/** Стальная война: the piece's effect for this model's mobility class (its kind when none is named). */
export function mobilityEffect(piece: TablePiece, kind: KindRules, kindId: string): TerrainEffect {
  if (piece.movement.kind !== 'by-mobility') return 'easy';
  const mobility = kind.mobility ?? kindId;
  // A mobility class the terrain table does not list cannot enter: safer than a free pass.
  return Object.hasOwn(piece.movement.effects, mobility) ? (piece.movement.effects[mobility] as TerrainEffect) : 'impassable';
}

/** Whether this model may not stand in or pass through the piece at all. */
export function blocksMove(piece: TablePiece, kind: KindRules, kindId: string, rules: TableRules): boolean {
  const m = piece.movement;
  if (m.kind === 'impassable') return true;
  if (m.kind === 'by-mobility') return mobilityEffect(piece, kind, kindId) === 'impassable';
  if (m.kind === 'stand-on' && piece.heightMm > 0) {
    const rule = rules.movement.value;
    return rule.rule === 'climb' && !rule.climb.climbers.includes(kind.body);
  }
  return false;
}
