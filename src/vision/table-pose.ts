/**
 * The camera's pose over the table from the anchors it sees: solvePnP on every anchor corner
 * (four per anchor, spread over the whole table), refined by Levenberg–Marquardt.
 */
import { cameraPositionMm, projectTablePoint, rodriguesToMat3, type CameraIntrinsics, type CameraPose, type Mat3, type Vec3 } from './camera-model.js';
import type { OpenCv } from './cv-types.js';
import type { DetectedMarker } from './detect-markers.js';
import { withMats } from './mats.js';
import type { AnchorMarker } from './table-profile.js';

export interface TablePose {
  pose: CameraPose;
  /** RMS distance between detected and reprojected anchor corners. */
  reprojectionPx: number;
  cameraPositionMm: Vec3;
  anchorsFound: number[];
}

export type TablePoseResult = { ok: true; value: TablePose } | { ok: false; anchorsFound: number[]; needed: number };

/** Three anchors pin the pose well even when a hand covers the fourth. */
export const MIN_ANCHORS = 3;

export function solveTablePose(cv: OpenCv, k: CameraIntrinsics, anchors: readonly AnchorMarker[], markers: readonly DetectedMarker[]): TablePoseResult {
  const byId = new Map(anchors.map((a) => [a.id, a]));
  const matched = markers.filter((m) => byId.has(m.id));
  // A duplicated anchor id (a reflection, a stray print) would pull the fit: keep the first.
  const seen = new Set<number>();
  const used = matched.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
  const anchorsFound = used.map((m) => m.id).sort((a, b) => a - b);
  const needed = Math.min(MIN_ANCHORS, anchors.length);
  if (used.length < needed) return { ok: false, anchorsFound, needed };
  const object: number[] = [];
  const image: number[] = [];
  for (const m of used) {
    const a = byId.get(m.id) as AnchorMarker;
    for (let c = 0; c < 4; c++) {
      const p = a.corners_mm[c] as [number, number];
      object.push(p[0], p[1], 0);
      const q = m.corners[c] as [number, number];
      image.push(q[0], q[1]);
    }
  }
  const pose = withMats((keep) => {
    const obj = keep(cv.matFromArray(object.length / 3, 1, cv.CV_32FC3, object));
    const img = keep(cv.matFromArray(image.length / 2, 1, cv.CV_32FC2, image));
    const K = keep(cv.matFromArray(3, 3, cv.CV_64FC1, [k.fx, 0, k.cx, 0, k.fy, k.cy, 0, 0, 1]));
    const D = keep(cv.matFromArray(1, 5, cv.CV_64FC1, [...k.dist]));
    const rvec = keep(new cv.Mat());
    const tvec = keep(new cv.Mat());
    cv.solvePnP(obj, img, K, D, rvec, tvec, false, cv.SOLVEPNP_ITERATIVE);
    cv.solvePnPRefineLM(obj, img, K, D, rvec, tvec, new cv.TermCriteria(cv.TERM_CRITERIA_COUNT + cv.TERM_CRITERIA_EPS, 50, 1e-10));
    const r = rvec.data64F;
    const t = tvec.data64F;
    const rotation: Mat3 = rodriguesToMat3([r[0] as number, r[1] as number, r[2] as number]);
    return { rotation, translationMm: [t[0] as number, t[1] as number, t[2] as number] as Vec3 };
  });
  // solvePnP may land on the mirror solution below the table for a near-planar fit: the
  // camera must be above the table.
  const c = cameraPositionMm(pose);
  if (c[2] <= 0) return { ok: false, anchorsFound, needed };
  let sq = 0;
  for (let i = 0; i < object.length / 3; i++) {
    const q = projectTablePoint(pose, k, [object[i * 3] as number, object[i * 3 + 1] as number, 0]);
    if (!q) return { ok: false, anchorsFound, needed };
    sq += (q[0] - (image[i * 2] as number)) ** 2 + (q[1] - (image[i * 2 + 1] as number)) ** 2;
  }
  return { ok: true, value: { pose, reprojectionPx: Math.sqrt(sq / (object.length / 3)), cameraPositionMm: c, anchorsFound } };
}
