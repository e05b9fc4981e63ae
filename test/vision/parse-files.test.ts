import { describe, expect, it } from 'vitest';
import { cameraFileFromIntrinsics } from '../../src/vision/camera-file.js';
import { parseCameraFile, parseTableProfile } from '../../src/vision/parse-files.js';
import { defaultTableProfile } from '../../src/vision/table-profile.js';
import { webcamIntrinsics } from '../synthetic/cameras.js';

describe('table.json and camera.json at the boundary', () => {
  it('round-trips the default profile and the camera file', () => {
    const profile = defaultTableProfile();
    expect(parseTableProfile(JSON.parse(JSON.stringify(profile)))).toEqual({ ok: true, value: profile });
    const k = webcamIntrinsics();
    expect(parseCameraFile(JSON.parse(JSON.stringify(cameraFileFromIntrinsics(k))))).toEqual({ ok: true, value: k });
  });

  it('says what is wrong in one line', () => {
    const p = defaultTableProfile();
    const noSize = { ...p, tags: { ...p.tags, size_mm: undefined } };
    expect(parseTableProfile(noSize)).toMatchObject({ ok: false, message: expect.stringMatching(/^not a table profile \(tags\.size_mm: /) });
    const dup = { ...p, anchors: { ...p.anchors, markers: [p.anchors.markers[0], p.anchors.markers[0]] } };
    expect(parseTableProfile(dup)).toMatchObject({ ok: false, message: expect.stringContaining('appears twice') });
    const dict = { ...p, anchors: { ...p.anchors, dictionary: 'DICT_APRILTAG_36h11' } };
    expect(parseTableProfile(dict)).toMatchObject({ ok: false, message: expect.stringContaining('anchors.dictionary') });
    expect(parseCameraFile({ image_size: [1920, 1080], camera_matrix: [[1, 0, 0]], dist_coeffs: [] })).toMatchObject({ ok: false, message: expect.stringMatching(/^not a camera file/) });
    expect(parseCameraFile({ image_size: [1920, 1080], camera_matrix: [[0, 0, 960], [0, 0, 540], [0, 0, 1]], dist_coeffs: [0, 0, 0, 0, 0] })).toMatchObject({ ok: false });
  });

  it('reads four distortion terms as OpenCV does (k3 = 0)', () => {
    const r = parseCameraFile({ image_size: [640, 480], camera_matrix: [[500, 0, 320], [0, 500, 240], [0, 0, 1]], dist_coeffs: [-0.1, 0.01, 0, 0] });
    expect(r.ok && r.value.dist).toEqual([-0.1, 0.01, 0, 0, 0]);
  });
});
