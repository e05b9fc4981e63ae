/**
 * camera.json (issue 3's contract, OpenCV conventions): image size, camera matrix and the
 * five distortion coefficients. zod at the boundary; CameraIntrinsics inside.
 */
import { z } from 'zod';
import type { CameraIntrinsics } from './camera-model.js';

/**
 * Physical bounds: no webcam has a side over 16384 px, a focal length over 100 image widths
 * or radial terms past ±1000 (OpenCV's own fits of fisheyes stay well inside). Anything
 * outside is a damaged file, refused here rather than overflowing inside OpenCV.
 */
const MAX_SIDE_PX = 16384;
const finite = z.number().finite().min(-1e6).max(1e6);
const side = z.number().int().positive().max(MAX_SIDE_PX);
const focal = z.number().positive('focal lengths must be positive').max(100 * MAX_SIDE_PX);
const principal = z.number().min(-MAX_SIDE_PX).max(2 * MAX_SIDE_PX);
const coefficient = z.number().min(-1000).max(1000);

export const CameraFileSchema = z
  .object({
    image_size: z.tuple([side, side]),
    camera_matrix: z.tuple([z.tuple([focal, finite, principal]), z.tuple([finite, focal, principal]), z.tuple([finite, finite, finite])]),
    dist_coeffs: z.array(coefficient).min(4).max(5),
  })
  .superRefine((f, ctx) => {
    const [w, h] = f.image_size;
    const [cx, cy] = [f.camera_matrix[0][2], f.camera_matrix[1][2]];
    if (cx < 0 || cx > w || cy < 0 || cy > h) ctx.addIssue({ code: 'custom', path: ['camera_matrix'], message: `the principal point (${cx}, ${cy}) lies outside the ${w}×${h} image` });
    for (const i of [2, 3]) {
      const p = f.dist_coeffs[i] as number;
      if (Math.abs(p) > 1) ctx.addIssue({ code: 'custom', path: ['dist_coeffs', i], message: `a tangential term of ${p} is implausible (expected −1 to 1)` });
    }
    const fx = f.camera_matrix[0][0];
    if (fx < w / 20 || fx > 20 * w) ctx.addIssue({ code: 'custom', path: ['camera_matrix', 0, 0], message: `a focal length of ${fx} px is implausible for a ${w} px wide image (expected ${w / 20}–${20 * w})` });
  });

/** What calibrate-camera also writes beside the contract's fields (readers may ignore them). */
export interface CameraFile extends z.infer<typeof CameraFileSchema> {
  rms_px?: number;
  views_used?: number;
}

export function intrinsicsFromCameraFile(f: z.infer<typeof CameraFileSchema>): CameraIntrinsics {
  const [w, h] = f.image_size;
  const m = f.camera_matrix;
  const d = f.dist_coeffs;
  return {
    widthPx: w,
    heightPx: h,
    fx: m[0][0],
    fy: m[1][1],
    cx: m[0][2],
    cy: m[1][2],
    dist: [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0, d[4] ?? 0],
  };
}

export function cameraFileFromIntrinsics(k: CameraIntrinsics, extra: { rms_px?: number; views_used?: number } = {}): CameraFile {
  return {
    image_size: [k.widthPx, k.heightPx],
    camera_matrix: [
      [k.fx, 0, k.cx],
      [0, k.fy, k.cy],
      [0, 0, 1],
    ],
    dist_coeffs: [...k.dist],
    ...extra,
  };
}

/** Intrinsics for another resolution of the same sensor and lens (same field of view). */
export function scaleIntrinsics(k: CameraIntrinsics, widthPx: number, heightPx: number): CameraIntrinsics {
  const sx = widthPx / k.widthPx;
  const sy = heightPx / k.heightPx;
  // OpenCV pixel centres sit on integers, so the scale pivots on −½.
  return { widthPx, heightPx, fx: k.fx * sx, fy: k.fy * sy, cx: (k.cx + 0.5) * sx - 0.5, cy: (k.cy + 0.5) * sy - 0.5, dist: k.dist };
}
