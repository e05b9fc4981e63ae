/**
 * Intrinsics when no camera.json is given: principal point at the centre, square pixels, a
 * typical webcam focal length, and one radial distortion term fitted to the anchors of this
 * very frame. The focal length stays nominal because a camera looking straight down cannot
 * tell focal length from distance (fitting it put a 1.6 m camera at 2.3 m). Good enough for
 * the table plane; heights and parallax need a real calibration, so locate says so on stderr.
 */
import type { CameraIntrinsics } from './camera-model.js';
import type { OpenCv } from './cv-types.js';
import type { DetectedMarker } from './detect-markers.js';
import { withMats } from './mats.js';
import type { AnchorMarker } from './table-profile.js';

/** A typical webcam's horizontal field of view (~70°) as a starting focal length. */
const NOMINAL_FOCAL_PER_WIDTH = 0.72;

export function guessIntrinsics(cv: OpenCv, widthPx: number, heightPx: number, anchors: readonly AnchorMarker[], seen: readonly DetectedMarker[]): CameraIntrinsics {
  const nominal: CameraIntrinsics = {
    widthPx,
    heightPx,
    fx: NOMINAL_FOCAL_PER_WIDTH * widthPx,
    fy: NOMINAL_FOCAL_PER_WIDTH * widthPx,
    cx: (widthPx - 1) / 2,
    cy: (heightPx - 1) / 2,
    dist: [0, 0, 0, 0, 0],
  };
  const byId = new Map(anchors.map((a) => [a.id, a]));
  const used = seen.filter((m) => byId.has(m.id));
  if (used.length < 3) return nominal;
  const obj: number[] = [];
  const img: number[] = [];
  for (const m of used) {
    const a = byId.get(m.id) as AnchorMarker;
    a.corners_mm.forEach((p, i) => {
      obj.push(p[0], p[1], 0);
      const q = m.corners[i] as [number, number];
      img.push(q[0], q[1]);
    });
  }
  try {
    return withMats((keep) => {
      const objectPoints = keep(new cv.MatVector());
      const imagePoints = keep(new cv.MatVector());
      const o = keep(cv.matFromArray(obj.length / 3, 1, cv.CV_32FC3, obj));
      const p = keep(cv.matFromArray(img.length / 2, 1, cv.CV_32FC2, img));
      objectPoints.push_back(o);
      imagePoints.push_back(p);
      const K = keep(cv.matFromArray(3, 3, cv.CV_64FC1, [nominal.fx, 0, nominal.cx, 0, nominal.fy, nominal.cy, 0, 0, 1]));
      const D = keep(cv.matFromArray(1, 5, cv.CV_64FC1, [0, 0, 0, 0, 0]));
      const rvecs = keep(new cv.MatVector());
      const tvecs = keep(new cv.MatVector());
      const sdI = keep(new cv.Mat());
      const sdE = keep(new cv.Mat());
      const perView = keep(new cv.Mat());
      const flags =
        cv.CALIB_USE_INTRINSIC_GUESS | cv.CALIB_FIX_FOCAL_LENGTH | cv.CALIB_FIX_PRINCIPAL_POINT | cv.CALIB_FIX_ASPECT_RATIO | cv.CALIB_ZERO_TANGENT_DIST | cv.CALIB_FIX_K2 | cv.CALIB_FIX_K3;
      cv.calibrateCameraExtended(objectPoints, imagePoints, new cv.Size(widthPx, heightPx), K, D, rvecs, tvecs, sdI, sdE, perView, flags, new cv.TermCriteria(cv.TERM_CRITERIA_COUNT + cv.TERM_CRITERIA_EPS, 60, 1e-9));
      for (let i = 0; i < rvecs.size(); i++) {
        rvecs.get(i).delete();
        tvecs.get(i).delete();
      }
      const f = K.data64F[0] as number;
      const k1 = D.data64F[0] as number;
      // A wild k1 means the anchors did not constrain the lens: keep it undistorted.
      if (!Number.isFinite(f) || f < 0.3 * widthPx || f > 3 * widthPx || !Number.isFinite(k1) || Math.abs(k1) > 1) return nominal;
      return { ...nominal, fx: f, fy: f, dist: [k1, 0, 0, 0, 0] };
    });
  } catch {
    return nominal;
  }
}
