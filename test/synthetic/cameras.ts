/** Cameras for synthetic frames: a 1080p webcam with real barrel distortion over the table. */
import { lookAtPose, type CameraIntrinsics, type DistortionCoeffs, type Vec3 } from '../../src/vision/camera-model.js';
import type { SyntheticCamera } from './world.js';

/** A wide webcam lens: strong barrel (k1 < 0) as measured on typical 1080p USB cameras. */
export const WEBCAM_DISTORTION: DistortionCoeffs = [-0.26, 0.085, 0.0007, -0.0005, -0.012];

export function webcamIntrinsics(widthPx = 1920, heightPx = 1080, focalPx = 1330 * (widthPx / 1920)): CameraIntrinsics {
  return {
    widthPx,
    heightPx,
    fx: focalPx,
    fy: focalPx * 1.001,
    cx: widthPx / 2 + 7.3 * (widthPx / 1920),
    cy: heightPx / 2 - 5.1 * (widthPx / 1920),
    dist: WEBCAM_DISTORTION,
  };
}

export interface OverheadOptions {
  tableWidthMm?: number;
  tableDepthMm?: number;
  /** Camera height above the table. */
  heightMm?: number;
  /** Where the camera hangs relative to the table centre. */
  offsetMm?: readonly [number, number];
  rollDeg?: number;
  widthPx?: number;
  heightPx?: number;
  /** A fixed lens (focal length at this width) instead of one zoomed to the hanging height. */
  focalPx?: number;
}

/** A camera hanging over the table, looking at its centre. */
export function overheadCamera(o: OverheadOptions = {}): SyntheticCamera {
  const w = o.tableWidthMm ?? 1800;
  const d = o.tableDepthMm ?? 1200;
  const h = o.heightMm ?? 1600;
  const [ox, oy] = o.offsetMm ?? [0, 0];
  const widthPx = o.widthPx ?? 1920;
  const heightPx = o.heightPx ?? Math.round((widthPx * 9) / 16);
  // Longer hangs need a longer lens to keep the table filling the frame.
  const focal = o.focalPx ?? 1330 * (h / 1600) * (widthPx / 1920);
  const position: Vec3 = [w / 2 + ox, d / 2 + oy, h];
  return { intrinsics: webcamIntrinsics(widthPx, heightPx, focal), pose: lookAtPose(position, [w / 2, d / 2, 0], o.rollDeg ?? 0) };
}
