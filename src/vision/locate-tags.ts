/**
 * Tags in table millimetres: each corner's ray meets the plane at the tag's own height
 * (parallax corrected), and the tag's centre is the mean of those four points, which is the
 * point on the table directly under the centre of the printed square. A read whose four points
 * are not the printed square (another shape, or far from its size) is no tag: a light figure
 * on a dark base can decode as one.
 */
import { pixelToTablePlane, type CameraIntrinsics, type CameraPose } from './camera-model.js';
import type { DetectedMarker } from './detect-markers.js';

export interface LocatedTag {
  id: number;
  x_mm: number;
  y_mm: number;
  z_mm: number;
  /** The direction of the printed square's top edge (corner 0 → 1) on the table, degrees from +x. */
  yaw_deg?: number;
}

/** Longest over shortest side, and longer over shorter diagonal, of a printed square on the table. */
const MAX_SIDE_RATIO = 1.35;
const MAX_DIAGONAL_RATIO = 1.25;
/** Its mean side against the profile's size: a card's height off by 100 mm changes it by under 10 %. */
const SIZE_RANGE: readonly [number, number] = [0.6, 1.6];

/** Why four table points are not a printed square of sizeMm, or null when they are. */
export function tagShapeProblem(q: readonly (readonly [number, number])[], sizeMm: number): string | null {
  const d = (i: number, j: number): number => Math.hypot((q[i]?.[0] ?? 0) - (q[j]?.[0] ?? 0), (q[i]?.[1] ?? 0) - (q[j]?.[1] ?? 0));
  const sides = [d(0, 1), d(1, 2), d(2, 3), d(3, 0)];
  const lo = Math.min(...sides);
  const hi = Math.max(...sides);
  if (!(lo > 0) || hi / lo > MAX_SIDE_RATIO) return `sides ${sides.map((v) => v.toFixed(1)).join(', ')} mm are not a square's`;
  const [e, f] = [d(0, 2), d(1, 3)];
  if (Math.max(e, f) / Math.min(e, f) > MAX_DIAGONAL_RATIO) return `diagonals ${e.toFixed(1)} and ${f.toFixed(1)} mm are not a square's`;
  const mean = sides.reduce((a, b) => a + b, 0) / 4;
  if (mean < SIZE_RANGE[0] * sizeMm || mean > SIZE_RANGE[1] * sizeMm) return `side ${mean.toFixed(1)} mm is far from the tags' ${sizeMm} mm`;
  return null;
}

export function locateTag(marker: DetectedMarker, heightMm: number, pose: CameraPose, k: CameraIntrinsics, sizeMm?: number): LocatedTag | null {
  let x = 0;
  let y = 0;
  const onTable: [number, number][] = [];
  for (const [u, v] of marker.corners) {
    const p = pixelToTablePlane(u, v, heightMm, pose, k);
    if (!p) return null;
    x += p[0];
    y += p[1];
    onTable.push([p[0], p[1]]);
  }
  if (sizeMm !== undefined && tagShapeProblem(onTable, sizeMm) !== null) return null;
  const [a, b] = onTable as [[number, number], [number, number]];
  const yaw = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  return { id: marker.id, x_mm: x / 4, y_mm: y / 4, z_mm: heightMm, yaw_deg: Math.round(yaw * 10) / 10 };
}
