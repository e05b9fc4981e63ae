/**
 * The pinhole camera with OpenCV's 5-term lens distortion, as plain numbers so the same code
 * serves the locator (pixel → ray), the synthetic renderer and the tests. No OpenCV here.
 */

/** OpenCV's [k1, k2, p1, p2, k3]. */
export type DistortionCoeffs = readonly [number, number, number, number, number];

export interface CameraIntrinsics {
  widthPx: number;
  heightPx: number;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  dist: DistortionCoeffs;
}

/** A 3×3 matrix, row-major. */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number];
export type Vec3 = readonly [number, number, number];

/** World (table mm) → camera: X_cam = R · X_table + t, OpenCV's rvec/tvec convention. */
export interface CameraPose {
  rotation: Mat3;
  translationMm: Vec3;
}

export const NO_DISTORTION: DistortionCoeffs = [0, 0, 0, 0, 0];

/** Normalised undistorted image coordinates → normalised distorted ones. */
export function distortNormalized(x: number, y: number, d: DistortionCoeffs): [number, number] {
  const [k1, k2, p1, p2, k3] = d;
  const r2 = x * x + y * y;
  const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3));
  return [x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x), y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y];
}

/**
 * Inverse of distortNormalized by Newton's method: opencv.js has no undistortPoints, and the
 * plain fixed-point iteration OpenCV uses converges slowly in the corners of a wide lens.
 */
export function undistortNormalized(xd: number, yd: number, d: DistortionCoeffs): [number, number] {
  const out = new Float64Array(2);
  undistortNormalizedInto(xd, yd, d, out);
  return [out[0] as number, out[1] as number];
}

/** undistortNormalized writing into out[0..1]: no allocation, for per-pixel loops. */
export function undistortNormalizedInto(xd: number, yd: number, d: DistortionCoeffs, out: Float64Array): void {
  const [k1, k2, p1, p2, k3] = d;
  let x = xd;
  let y = yd;
  for (let i = 0; i < 20; i++) {
    const r2 = x * x + y * y;
    const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3));
    const ex = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x) - xd;
    const ey = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y - yd;
    if (Math.abs(ex) < 1e-12 && Math.abs(ey) < 1e-12) break;
    // d(radial)/d(r2), then the chain rule through r2 = x² + y².
    const dRad = k1 + r2 * (2 * k2 + 3 * r2 * k3);
    const j11 = radial + 2 * x * x * dRad + 2 * p1 * y + 6 * p2 * x;
    const j12 = 2 * x * y * dRad + 2 * p1 * x + 2 * p2 * y;
    const j21 = j12;
    const j22 = radial + 2 * y * y * dRad + 6 * p1 * y + 2 * p2 * x;
    const det = j11 * j22 - j12 * j21;
    if (Math.abs(det) < 1e-12) break;
    x -= (j22 * ex - j12 * ey) / det;
    y -= (-j21 * ex + j11 * ey) / det;
  }
  out[0] = x;
  out[1] = y;
}

/** A point in camera coordinates (mm) → pixel, with distortion. Null behind the camera. */
export function projectCameraPoint(p: Vec3, k: CameraIntrinsics): [number, number] | null {
  if (p[2] <= 1e-9) return null;
  const [xd, yd] = distortNormalized(p[0] / p[2], p[1] / p[2], k.dist);
  return [k.fx * xd + k.cx, k.fy * yd + k.cy];
}

/** Pixel → undistorted normalised coordinates (the ray (x, y, 1) in the camera frame). */
export function pixelToNormalized(u: number, v: number, k: CameraIntrinsics): [number, number] {
  return undistortNormalized((u - k.cx) / k.fx, (v - k.cy) / k.fy, k.dist);
}

export function transformToCamera(pose: CameraPose, p: Vec3): Vec3 {
  const r = pose.rotation;
  const t = pose.translationMm;
  return [
    r[0] * p[0] + r[1] * p[1] + r[2] * p[2] + t[0],
    r[3] * p[0] + r[4] * p[1] + r[5] * p[2] + t[1],
    r[6] * p[0] + r[7] * p[1] + r[8] * p[2] + t[2],
  ];
}

/** A table point (mm) → pixel. */
export function projectTablePoint(pose: CameraPose, k: CameraIntrinsics, p: Vec3): [number, number] | null {
  return projectCameraPoint(transformToCamera(pose, p), k);
}

/**
 * projectTablePoint for a point on the table plane (z = 0), written into out[0..1] without
 * allocating: for loops that project thousands of points a frame (the learned detector's rim
 * patches and fine squares). The same operations in the same order, so the same bits (the z
 * terms are exact zeros and are left out; a test holds it to projectTablePoint). False behind the camera.
 */
export function projectTablePlaneInto(pose: CameraPose, k: CameraIntrinsics, x: number, y: number, out: Float64Array): boolean {
  const r = pose.rotation;
  const t = pose.translationMm;
  const pz = (r[6] as number) * x + (r[7] as number) * y + (t[2] as number);
  if (pz <= 1e-9) return false;
  const nx = ((r[0] as number) * x + (r[1] as number) * y + (t[0] as number)) / pz;
  const ny = ((r[3] as number) * x + (r[4] as number) * y + (t[1] as number)) / pz;
  const d = k.dist;
  const k1 = d[0], k2 = d[1], p1 = d[2], p2 = d[3], k3 = d[4];
  const r2 = nx * nx + ny * ny;
  const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3));
  out[0] = k.fx * (nx * radial + 2 * p1 * nx * ny + p2 * (r2 + 2 * nx * nx)) + k.cx;
  out[1] = k.fy * (ny * radial + p1 * (r2 + 2 * ny * ny) + 2 * p2 * nx * ny) + k.cy;
  return true;
}

/** The camera's optical centre in table millimetres: C = −Rᵀ t. */
export function cameraPositionMm(pose: CameraPose): Vec3 {
  const r = pose.rotation;
  const t = pose.translationMm;
  return [
    -(r[0] * t[0] + r[3] * t[1] + r[6] * t[2]),
    -(r[1] * t[0] + r[4] * t[1] + r[7] * t[2]),
    -(r[2] * t[0] + r[5] * t[1] + r[8] * t[2]),
  ];
}

/** A camera-frame direction expressed in table axes: Rᵀ d. */
export function cameraDirectionToTable(pose: CameraPose, d: Vec3): Vec3 {
  const r = pose.rotation;
  return [r[0] * d[0] + r[3] * d[1] + r[6] * d[2], r[1] * d[0] + r[4] * d[1] + r[7] * d[2], r[2] * d[0] + r[5] * d[1] + r[8] * d[2]];
}

/**
 * Where the ray through pixel (u, v) meets the horizontal plane z = heightMm: the parallax
 * correction. A mark 40 mm up seen off-nadir lands far from the point under it on the table
 * plane; intersecting at its own height gives the point directly under it. Null when the ray
 * runs parallel to the plane or meets it behind the camera.
 */
export function pixelToTablePlane(u: number, v: number, heightMm: number, pose: CameraPose, k: CameraIntrinsics): Vec3 | null {
  const [xn, yn] = pixelToNormalized(u, v, k);
  return rayToTablePlane(xn, yn, heightMm, pose);
}

export function rayToTablePlane(xn: number, yn: number, heightMm: number, pose: CameraPose): Vec3 | null {
  const c = cameraPositionMm(pose);
  const d = cameraDirectionToTable(pose, [xn, yn, 1]);
  if (Math.abs(d[2]) < 1e-12) return null;
  const s = (heightMm - c[2]) / d[2];
  if (s <= 0) return null;
  return [c[0] + s * d[0], c[1] + s * d[1], heightMm];
}

/** Rodrigues vector → rotation matrix (pure, so tests and the renderer need no OpenCV). */
export function rodriguesToMat3(rv: Vec3): Mat3 {
  const theta = Math.hypot(rv[0], rv[1], rv[2]);
  if (theta < 1e-12) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const [x, y, z] = [rv[0] / theta, rv[1] / theta, rv[2] / theta];
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const C = 1 - c;
  return [
    c + x * x * C, x * y * C - z * s, x * z * C + y * s,
    y * x * C + z * s, c + y * y * C, y * z * C - x * s,
    z * x * C - y * s, z * y * C + x * s, c + z * z * C,
  ];
}

/** Rotation matrix → Rodrigues vector. */
export function mat3ToRodrigues(r: Mat3): Vec3 {
  const cos = Math.min(1, Math.max(-1, (r[0] + r[4] + r[8] - 1) / 2));
  const theta = Math.acos(cos);
  if (theta < 1e-9) return [0, 0, 0];
  if (Math.PI - theta < 1e-6) {
    // Near 180°: the axis from the diagonal, sign fixed by the largest component.
    const x = Math.sqrt(Math.max(0, (r[0] + 1) / 2));
    const y = Math.sqrt(Math.max(0, (r[4] + 1) / 2)) * (r[1] >= 0 ? 1 : -1);
    const z = Math.sqrt(Math.max(0, (r[8] + 1) / 2)) * (r[2] >= 0 ? 1 : -1);
    return [x * theta, y * theta, z * theta];
  }
  const f = theta / (2 * Math.sin(theta));
  return [(r[7] - r[5]) * f, (r[2] - r[6]) * f, (r[3] - r[1]) * f];
}

/**
 * A pose that puts the camera at positionMm looking at targetMm. Image x follows table +x
 * when the camera looks straight down, image y follows table −y; rollDeg turns about the
 * optical axis.
 */
export function lookAtPose(positionMm: Vec3, targetMm: Vec3, rollDeg = 0): CameraPose {
  const f = normalize([targetMm[0] - positionMm[0], targetMm[1] - positionMm[1], targetMm[2] - positionMm[2]]);
  // Table +y as the "image up" hint; falls back to +x when looking along y.
  const hint: Vec3 = Math.abs(f[1]) > 0.99 ? [1, 0, 0] : [0, 1, 0];
  let x = normalize(cross(f, hint));
  let y = cross(f, x);
  const a = (rollDeg * Math.PI) / 180;
  const [ca, sa] = [Math.cos(a), Math.sin(a)];
  const xr: Vec3 = [ca * x[0] + sa * y[0], ca * x[1] + sa * y[1], ca * x[2] + sa * y[2]];
  const yr: Vec3 = [-sa * x[0] + ca * y[0], -sa * x[1] + ca * y[1], -sa * x[2] + ca * y[2]];
  x = xr;
  y = yr;
  const rotation: Mat3 = [x[0], x[1], x[2], y[0], y[1], y[2], f[0], f[1], f[2]];
  const t = transformToCamera({ rotation, translationMm: [0, 0, 0] }, positionMm);
  return { rotation, translationMm: [-t[0], -t[1], -t[2]] };
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function normalize(a: Vec3): Vec3 {
  const n = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / n, a[1] / n, a[2] / n];
}
