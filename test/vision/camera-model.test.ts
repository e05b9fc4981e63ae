import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cameraPositionMm,
  distortNormalized,
  lookAtPose,
  mat3ToRodrigues,
  pixelToTablePlane,
  projectTablePlaneInto,
  projectTablePoint,
  rodriguesToMat3,
  undistortNormalized,
} from '../../src/vision/camera-model.js';
import { scaleIntrinsics } from '../../src/vision/camera-file.js';
import { webcamIntrinsics } from '../synthetic/cameras.js';

const k = webcamIntrinsics();

describe('camera model', () => {
  it('undistort inverts distort across the whole 1080p frame of a wide lens', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1919, noNaN: true }), fc.double({ min: 0, max: 1079, noNaN: true }), (u, v) => {
        const xd = (u - k.cx) / k.fx;
        const yd = (v - k.cy) / k.fy;
        const [x, y] = undistortNormalized(xd, yd, k.dist);
        const [x2, y2] = distortNormalized(x, y, k.dist);
        expect(Math.hypot((x2 - xd) * k.fx, (y2 - yd) * k.fy)).toBeLessThan(1e-6);
      }),
    );
  });

  it('a table point at any height projects to a pixel whose ray comes back to it', () => {
    const pose = lookAtPose([930, 560, 1650], [900, 600, 0], 2);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1800, noNaN: true }), fc.double({ min: 0, max: 1200, noNaN: true }), fc.double({ min: 0, max: 80, noNaN: true }), (x, y, z) => {
        const q = projectTablePoint(pose, k, [x, y, z]);
        expect(q).not.toBeNull();
        const p = pixelToTablePlane(q?.[0] ?? 0, q?.[1] ?? 0, z, pose, k);
        expect(Math.hypot((p?.[0] ?? 0) - x, (p?.[1] ?? 0) - y)).toBeLessThan(1e-6);
      }),
    );
  });

  it('projectTablePlaneInto is projectTablePoint at z = 0 to the bit, and says false behind the camera', () => {
    const pose = lookAtPose([930, 560, 1650], [900, 600, 0], 2);
    const out = new Float64Array(2);
    fc.assert(
      fc.property(fc.double({ min: -500, max: 2300, noNaN: true }), fc.double({ min: -500, max: 1700, noNaN: true }), (x, y) => {
        const q = projectTablePoint(pose, k, [x, y, 0]);
        expect(projectTablePlaneInto(pose, k, x, y, out)).toBe(q !== null);
        expect([out[0], out[1]]).toEqual(q);
      }),
    );
    // A camera looking along the table: points behind it are not projected.
    const level = lookAtPose([0, 0, 10], [1000, 0, 10]);
    expect(projectTablePoint(level, k, [-500, 0, 0])).toBeNull();
    expect(projectTablePlaneInto(level, k, -500, 0, out)).toBe(false);
  });

  it('parallax: a mark 40 mm up, 1 m off-nadir, from 1.5 m, lands ~27 mm out on the table plane', () => {
    const pose = lookAtPose([0, 0, 1500], [0, 0, 0]);
    const pin = { ...k, dist: [0, 0, 0, 0, 0] as const };
    const q = projectTablePoint(pose, pin, [1000, 0, 40]);
    const onPlane = pixelToTablePlane(q?.[0] ?? 0, q?.[1] ?? 0, 0, pose, pin);
    expect((onPlane?.[0] ?? 0) - 1000).toBeCloseTo((1000 * 40) / (1500 - 40), 6);
  });

  it('lookAtPose puts the camera where asked; Rodrigues round-trips', () => {
    const pose = lookAtPose([100, 200, 1600], [900, 600, 0], 10);
    const c = cameraPositionMm(pose);
    expect(c[0]).toBeCloseTo(100, 9);
    expect(c[1]).toBeCloseTo(200, 9);
    expect(c[2]).toBeCloseTo(1600, 9);
    const back = rodriguesToMat3(mat3ToRodrigues(pose.rotation));
    pose.rotation.forEach((v, i) => expect(back[i]).toBeCloseTo(v, 9));
  });

  it('scaling intrinsics keeps the field of view', () => {
    const half = scaleIntrinsics(k, 960, 540);
    expect(half.fx).toBeCloseTo(k.fx / 2, 9);
    expect(half.cx).toBeCloseTo((k.cx + 0.5) / 2 - 0.5, 9);
  });
});
