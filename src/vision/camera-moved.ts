/**
 * Whether the camera moved between two frames of one table (an empty-table frame and the frame
 * it is compared with): the median distance, in pixels, between the corners of each anchor both
 * frames saw. The anchors are printed on the table, so a fixed camera sees them where it saw
 * them (sub-pixel corner noise); a bumped or re-aimed one does not, and a stale empty table
 * then makes every difference a model.
 */
import type { DetectedMarker } from './detect-markers.js';

/** More than this median corner shift (px) and the two frames are not from one camera pose. */
export const CAMERA_MOVED_PX = 3;

/** The median shift of the shared anchors' corners, px; null when the frames share no anchor. */
export function anchorShiftPx(a: readonly DetectedMarker[], b: readonly DetectedMarker[], anchorIds: readonly number[]): number | null {
  const ids = new Set(anchorIds);
  const shifts: number[] = [];
  for (const m of a) {
    if (!ids.has(m.id)) continue;
    const n = b.find((x) => x.id === m.id);
    if (!n) continue;
    m.corners.forEach((c, i) => {
      const d = n.corners[i];
      if (d) shifts.push(Math.hypot(c[0] - d[0], c[1] - d[1]));
    });
  }
  if (shifts.length === 0) return null;
  shifts.sort((x, y) => x - y);
  const mid = shifts.length >> 1;
  return shifts.length % 2 ? (shifts[mid] as number) : ((shifts[mid - 1] as number) + (shifts[mid] as number)) / 2;
}
