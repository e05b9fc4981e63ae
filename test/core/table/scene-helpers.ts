import { expect } from 'vitest';
import { rangesForScene, type RangeMove, type RangePair, type Ranges } from '../../../src/core/table/ranges.js';

type Model = Record<string, unknown> & { id: string; player: string | number; x_mm: number; y_mm: number };
type Piece = Record<string, unknown> & { id: string };

/** A rectangle as a polygon, in table millimetres. */
export const rect = (x0: number, y0: number, x1: number, y1: number): number[][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

export function ranges(ruleset: string, models: Model[], terrain: Piece[] = []): Ranges {
  const r = rangesForScene({ ruleset, models, terrain });
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
  return r.ranges;
}

export function pairOf(r: Ranges, from: string, to: string): RangePair {
  const p = r.pairs.find((x) => x.from === from && x.to === to);
  expect(p, `pair ${from}->${to}`).toBeDefined();
  return p as RangePair;
}

export function moveOf(r: Ranges, id: string): RangeMove {
  const m = r.moves.find((x) => x.id === id);
  expect(m, `move of ${id}`).toBeDefined();
  return m as RangeMove;
}
