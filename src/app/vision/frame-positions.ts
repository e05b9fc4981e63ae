import type { Position } from '../api/game-events.js';

/** What vision reports for one frame (the `locate --json` contract, tags and objects). */
export interface FrameReport {
  tags: { id: number; x_mm: number; y_mm: number }[];
  objects: { x_mm: number; y_mm: number; fallen: boolean; tag: number | null }[];
}

export interface TrackedModel {
  id: string;
  tag: number | null;
  /** Where the model was last seen: a fallen one is looked for near here. */
  last: { xMm: number; yMm: number } | null;
}

/** How far a fallen miniature's footprint centre may lie from where it stood (body length). */
const FALL_REACH_MM = 120;

/**
 * Model positions from one frame: a model whose tag is seen stands there; a model whose tag is
 * gone is matched to the nearest fallen, untagged object near where it stood (a fallen model's
 * tag faces sideways). Models neither seen nor matched are left out: no position is invented.
 */
export function positionsFromFrame(models: readonly TrackedModel[], report: FrameReport): Position[] {
  const out: Position[] = [];
  const usedObjects = new Set<number>();
  for (const m of models) {
    const tag = m.tag === null ? undefined : report.tags.find((t) => t.id === m.tag);
    if (tag) {
      out.push({ id: m.id, xMm: tag.x_mm, yMm: tag.y_mm, fallen: false });
      continue;
    }
    if (!m.last) continue;
    let best = -1;
    let bestD = FALL_REACH_MM;
    report.objects.forEach((o, i) => {
      if (!o.fallen || o.tag !== null || usedObjects.has(i)) return;
      const d = Math.hypot(o.x_mm - m.last!.xMm, o.y_mm - m.last!.yMm);
      if (d < bestD) {
        best = i;
        bestD = d;
      }
    });
    const o = report.objects[best];
    if (o) {
      usedObjects.add(best);
      out.push({ id: m.id, xMm: o.x_mm, yMm: o.y_mm, fallen: true });
    }
  }
  return out;
}
