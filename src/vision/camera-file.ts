/**
 * camera.json (issue 3's contract, OpenCV conventions): image size, camera matrix and the
 * five distortion coefficients. zod at the boundary; CameraIntrinsics inside.
 */
import { z } from 'zod';
import type { CameraIntrinsics } from './camera-model.js';

const finite = z.number().finite();

export const CameraFileSchema = z.object({
  image_size: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  camera_matrix: z.tuple([z.tuple([finite, finite, finite]), z.tuple([finite, finite, finite]), z.tuple([finite, finite, finite])]),
  dist_coeffs: z.array(finite).min(4).max(5),
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
