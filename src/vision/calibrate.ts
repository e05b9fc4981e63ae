/**
 * Camera intrinsics from ChArUco views (calibrateCameraExtended: opencv.js 5 has no
 * calibrateCamera). Views that do not fit the rest are dropped once and named, so the user
 * learns which photographs to retake.
 */
import type { CameraIntrinsics } from './camera-model.js';
import type { OpenCv } from './cv-types.js';
import { charucoCornerMm, type CharucoBoard, type CharucoView } from './charuco.js';
import { withMats } from './mats.js';

export interface NamedView extends CharucoView {
  name: string;
}

export interface CalibrationOutcome {
  intrinsics: CameraIntrinsics;
  rmsPx: number;
  used: string[];
  /** Views left out, with why. */
  rejected: { name: string; reason: string }[];
}

/** Fewer corners than this and a view says little about the lens. */
export const MIN_CORNERS_PER_VIEW = 8;
export const MIN_VIEWS = 5;
/** A view this much worse than the median (and over 1 px) is a bad photograph, not the lens. */
const OUTLIER_FACTOR = 3;

export type CalibrationResult = { ok: true; value: CalibrationOutcome } | { ok: false; reason: string; rejected: { name: string; reason: string }[] };

/** Why one view cannot help the fit (too few corners, corners on one line), or null when it can. */
export function viewProblem(board: CharucoBoard, v: CharucoView): string | null {
  if (v.ids.length < MIN_CORNERS_PER_VIEW) return v.ids.length === 0 ? 'no board found' : `only ${v.ids.length} board corners found`;
  // Corners on one line fix no perspective and can wreck the fit.
  const perRow = board.squaresX - 1;
  const rows = new Set(v.ids.map((id) => Math.floor(id / perRow)));
  const cols = new Set(v.ids.map((id) => id % perRow));
  if (rows.size < 2 || cols.size < 2) return 'board corners found along one line only';
  return null;
}

export function calibrateFromViews(cv: OpenCv, board: CharucoBoard, views: readonly NamedView[], widthPx: number, heightPx: number): CalibrationResult {
  const rejected: { name: string; reason: string }[] = [];
  let good = views.filter((v) => {
    const problem = viewProblem(board, v);
    if (problem) rejected.push({ name: v.name, reason: problem });
    return problem === null;
  });
  for (let round = 0; round < 2; round++) {
    if (good.length < MIN_VIEWS) return { ok: false, reason: `${good.length} usable views, need at least ${MIN_VIEWS}`, rejected };
    let fit;
    try {
      fit = runCalibration(cv, board, good, widthPx, heightPx);
    } catch (e) {
      // opencv.js throws bare numbers (C++ exception pointers): say what failed, not that.
      return { ok: false, reason: `OpenCV could not fit a lens to these views (${typeof e === 'number' ? 'degenerate views' : String(e)})`, rejected };
    }
    const sorted = [...fit.perViewPx].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    const outliers = good.filter((_, i) => (fit.perViewPx[i] as number) > Math.max(1, OUTLIER_FACTOR * median));
    if (round === 0 && outliers.length > 0 && good.length - outliers.length >= MIN_VIEWS) {
      for (const o of outliers) rejected.push({ name: o.name, reason: `reprojection ${(fit.perViewPx[good.indexOf(o)] as number).toFixed(2)} px, far above the others` });
      good = good.filter((v) => !outliers.includes(v));
      continue;
    }
    return { ok: true, value: { intrinsics: fit.intrinsics, rmsPx: fit.rmsPx, used: good.map((v) => v.name), rejected } };
  }
  return { ok: false, reason: 'calibration did not settle', rejected };
}

function runCalibration(cv: OpenCv, board: CharucoBoard, views: readonly NamedView[], widthPx: number, heightPx: number): { intrinsics: CameraIntrinsics; rmsPx: number; perViewPx: number[] } {
  return withMats((keep) => {
    const objectPoints = keep(new cv.MatVector());
    const imagePoints = keep(new cv.MatVector());
    for (const v of views) {
      const obj: number[] = [];
      const img: number[] = [];
      v.ids.forEach((id, i) => {
        const [x, y] = charucoCornerMm(board, id);
        obj.push(x, y, 0);
        const c = v.corners[i] as [number, number];
        img.push(c[0], c[1]);
      });
      const o = keep(cv.matFromArray(v.ids.length, 1, cv.CV_32FC3, obj));
      const p = keep(cv.matFromArray(v.ids.length, 1, cv.CV_32FC2, img));
      objectPoints.push_back(o);
      imagePoints.push_back(p);
    }
    const K = keep(cv.matFromArray(3, 3, cv.CV_64FC1, [widthPx, 0, widthPx / 2, 0, widthPx, heightPx / 2, 0, 0, 1]));
    const D = keep(cv.matFromArray(1, 5, cv.CV_64FC1, [0, 0, 0, 0, 0]));
    const rvecs = keep(new cv.MatVector());
    const tvecs = keep(new cv.MatVector());
    const sdI = keep(new cv.Mat());
    const sdE = keep(new cv.Mat());
    const perView = keep(new cv.Mat());
    const criteria = new cv.TermCriteria(cv.TERM_CRITERIA_COUNT + cv.TERM_CRITERIA_EPS, 100, 1e-9);
    const rmsPx = cv.calibrateCameraExtended(objectPoints, imagePoints, new cv.Size(widthPx, heightPx), K, D, rvecs, tvecs, sdI, sdE, perView, 0, criteria);
    for (let i = 0; i < rvecs.size(); i++) {
      rvecs.get(i).delete();
      tvecs.get(i).delete();
    }
    const k = K.data64F;
    const d = D.data64F;
    const perViewPx = Array.from(perView.data64F.subarray(0, views.length));
    return {
      intrinsics: {
        widthPx,
        heightPx,
        fx: k[0] as number,
        fy: k[4] as number,
        cx: k[2] as number,
        cy: k[5] as number,
        dist: [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0, d[4] ?? 0],
      },
      rmsPx,
      perViewPx,
    };
  });
}
