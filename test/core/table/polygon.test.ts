import { describe, expect, it } from 'vitest';
import { clipSegmentToPolygon, distanceToBoundaryMm, isConvex, pointInPolygon, ringProblem } from '../../../src/core/table/polygon.js';

describe('terrain outlines', () => {
  it('accepts simple rings, convex or not, either winding', () => {
    expect(ringProblem([[0, 0], [100, 0], [100, 100], [0, 100]])).toBeNull();
    expect(ringProblem([[0, 100], [100, 100], [100, 0], [0, 0]])).toBeNull();
    expect(ringProblem([[0, 0], [100, 0], [100, 100], [50, 40], [0, 100]])).toBeNull();
  });

  it('names what is wrong with a bad ring', () => {
    expect(ringProblem([[0, 0], [100, 100], [100, 0], [0, 100]])).toBe('polygon intersects itself');
    expect(ringProblem([[0, 0], [100, 0], [50, 0], [50, 50]])).toBe('polygon intersects itself');
    expect(ringProblem([[0, 0], [100, 0]])).toBe('polygon needs at least 3 corners');
    expect(ringProblem([[0, 0], [0, 0], [100, 0], [0, 100]])).toBe('polygon repeats corner 0');
    expect(ringProblem([[0, 0], [50, 0], [100, 0]])).toMatch(/intersects itself|no area/);
  });

  it('clips a line through a non-convex piece into its inside stretches', () => {
    // A U shape: the line y = 80 crosses both arms.
    const u = [[0, 0], [300, 0], [300, 100], [200, 100], [200, 50], [100, 50], [100, 100], [0, 100]] as const;
    const t = clipSegmentToPolygon(-100, 80, 400, 80, u as never);
    expect(t.map((x) => Math.round(x * 500 - 100))).toEqual([0, 100, 200, 300]);
    expect(isConvex(u as never)).toBe(false);
  });

  it('measures the depth of a point inside a piece', () => {
    const sq = [[0, 0], [200, 0], [200, 100], [0, 100]] as const;
    expect(pointInPolygon(150, 50, sq as never)).toBe(true);
    expect(distanceToBoundaryMm(150, 50, sq as never)).toBe(50);
    expect(distanceToBoundaryMm(190, 50, sq as never)).toBe(10);
  });
});

describe('clipping a many-toothed outline', () => {
  it('keeps every stretch even when the line crosses the outline more than 64 times', () => {
    // A comb: 50 teeth pointing up; the line y = 50 crosses each tooth twice.
    const ring: [number, number][] = [[0, 0]];
    for (let k = 0; k < 50; k++) ring.push([k * 20 + 5, 100], [k * 20 + 15, 100], [k * 20 + 20, 0.5]);
    ring.push([1000, 0]);
    ring.splice(ring.length - 2, 1);
    const t = clipSegmentToPolygon(-10, 50, 1010, 50, ring);
    expect(t.length).toBe(100);
  });
});
