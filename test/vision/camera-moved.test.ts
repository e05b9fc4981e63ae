/** The camera-moved check between an empty table and a frame (src/vision/camera-moved.ts). */
import { describe, expect, it } from 'vitest';
import { anchorShiftPx, CAMERA_MOVED_PX } from '../../src/vision/camera-moved.js';
import type { DetectedMarker } from '../../src/vision/detect-markers.js';

const marker = (id: number, x: number, y: number, s = 40): DetectedMarker => ({ id, corners: [[x, y], [x + s, y], [x + s, y + s], [x, y + s]] });

describe('anchorShiftPx', () => {
  const frame = [marker(0, 100, 100), marker(1, 1700, 100), marker(7, 900, 500)];
  it('is the median corner shift of the anchors both frames saw, tags left out', () => {
    // Anchor 0 still, anchor 1 moved 10 px; the tag (id 7) moved far but is not an anchor.
    const empty = [marker(0, 100, 100), marker(1, 1710, 100), marker(7, 100, 900)];
    expect(anchorShiftPx(frame, empty, [0, 1])).toBe(5);
    expect(anchorShiftPx(frame, [marker(0, 100.3, 99.8), marker(1, 1700.2, 100.1)], [0, 1])).toBeLessThan(CAMERA_MOVED_PX);
    expect(anchorShiftPx(frame, [marker(0, 108, 106), marker(1, 1708, 106)], [0, 1])).toBe(10);
  });
  it('is null when the frames share no anchor', () => {
    expect(anchorShiftPx(frame, [marker(2, 100, 100)], [0, 1, 2])).toBeNull();
    expect(anchorShiftPx([], [], [0])).toBeNull();
  });
});
