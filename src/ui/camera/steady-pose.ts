import { projectTablePoint, type CameraIntrinsics, type CameraPose } from '../../app/api/vision.js';

/**
 * The camera pose the detector is given: the last one unless the table has moved in the image.
 * solvePnP's answer wobbles a little from frame to frame; the detector keeps its table-map lookup
 * per pose, and rebuilding it costs more than a detection, so a pose that puts every corner and
 * the middle of the table within `tolerancePx` of where the kept one puts them is the same camera.
 */
export function steadyPose(kept: CameraPose | null, next: CameraPose, k: CameraIntrinsics, table: { width_mm: number; depth_mm: number }, tolerancePx = 0.35): CameraPose {
  if (!kept) return next;
  const w = table.width_mm;
  const d = table.depth_mm;
  for (const p of [[0, 0, 0], [w, 0, 0], [0, d, 0], [w, d, 0], [w / 2, d / 2, 0]] as const) {
    const a = projectTablePoint(kept, k, p);
    const b = projectTablePoint(next, k, p);
    if (!a || !b || Math.hypot(a[0] - b[0], a[1] - b[1]) > tolerancePx) return next;
  }
  return kept;
}
