/**
 * Tags in table millimetres: each corner's ray meets the plane at the tag's own height
 * (parallax corrected), and the tag's centre is the mean of those four points, which is the
 * point on the table directly under the centre of the printed square.
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

export function locateTag(marker: DetectedMarker, heightMm: number, pose: CameraPose, k: CameraIntrinsics): LocatedTag | null {
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
  const [a, b] = onTable as [[number, number], [number, number]];
  const yaw = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  return { id: marker.id, x_mm: x / 4, y_mm: y / 4, z_mm: heightMm, yaw_deg: Math.round(yaw * 10) / 10 };
}
