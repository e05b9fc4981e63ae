/**
 * src/vision/learned/placement.ts: where each object found is put (rims, the placement net, the
 * parallax move), and which of two objects on one place stays.
 */
import { describe, expect, it } from 'vitest';
import { netMove, placeObjects, towardNadir, type RimsSeen } from '../../../src/vision/learned/placement.js';

describe('a figure seen where its body leans, moved back toward the nadir', () => {
  const cam = [900, 600, 1500] as const;
  it('a point seen 10 mm up, 750 mm from the nadir, stands 5 mm nearer it, on the same line', () => {
    // Seen from 1500 mm, a point 10 mm up at ground distance d appears at d × 1500 / 1490.
    const ground = { xMm: 900 + 600, yMm: 600 + 450 };
    const seen = { xMm: 900 + (600 * 1500) / 1490, yMm: 600 + (450 * 1500) / 1490 };
    const at = towardNadir(seen, cam, 10);
    expect(at.xMm).toBeCloseTo(ground.xMm, 6);
    expect(at.yMm).toBeCloseTo(ground.yMm, 6);
    expect(Math.hypot(seen.xMm - at.xMm, seen.yMm - at.yMm)).toBeCloseTo(750 * 1500 / 1490 - 750, 6);
  });

  it('leaves the nadir, a zero height, and a camera no higher than the point alone', () => {
    expect(towardNadir({ xMm: 900, yMm: 600 }, cam, 10)).toEqual({ xMm: 900, yMm: 600 });
    const p = { xMm: 100, yMm: 200, tag: null };
    expect(towardNadir(p, cam, 0)).toBe(p);
    expect(towardNadir(p, [0, 0, 8], 10)).toBe(p);
  });
});

describe("the placement net's move", () => {
  it('moves by the net’s millimetres, and not at all past maxMm or on a value that is not a number', () => {
    const p = { xMm: 100, yMm: 200, tag: null };
    expect(netMove(p, 3, -4, 12)).toEqual({ xMm: 103, yMm: 196, tag: null });
    expect(netMove(p, 3, -4, 5)).toEqual({ xMm: 103, yMm: 196, tag: null });
    expect(netMove(p, 3, -4, 4.99)).toBeNull();
    expect(netMove(p, 0, 0, 0)).toEqual(p);
    expect(netMove(p, Number.NaN, 0, 12)).toBeNull();
    expect(netMove(p, Number.POSITIVE_INFINITY, 0, 12)).toBeNull();
  });
});

describe('placing the objects found', () => {
  const cam = [900, 600, 1500] as const;
  const o = { cameraMm: cam, apparentHeightMm: 0, mergeMm: 14 };
  const ob = (xMm: number, yMm: number, confidence: number, fallen = false) => ({ xMm, yMm, fallen, confidence });
  const rim = (x: number, y: number): RimsSeen => ({ single: { xMm: x, yMm: y }, pair: null });

  it("puts a standing object at the net's place, before its rim's, and a fallen one where it was seen", () => {
    const a = ob(100, 100, 0.9);
    const b = ob(300, 100, 0.8, true);
    const out = placeObjects([a, b], [rim(101, 101), null], [{ ...a, xMm: 103, yMm: 98 }, { ...b, xMm: 0, yMm: 0 }], o);
    expect(out).toEqual([{ ...a, xMm: 103, yMm: 98 }, b]);
  });

  it('falls back to the rim, then to the parallax move, when the net gave no place', () => {
    const a = ob(100, 100, 0.9);
    const c = ob(1500, 600, 0.7);
    const out = placeObjects([a, c], [rim(101, 102), null], [null, null], { ...o, apparentHeightMm: 15 });
    expect(out[0]).toEqual({ ...a, xMm: 101, yMm: 102 });
    // 600 mm from the nadir, 15 mm up from 1500 mm: 6 mm nearer it.
    expect(out[1]?.xMm).toBeCloseTo(1494, 6);
    expect(out[1]?.yMm).toBeCloseTo(600, 6);
  });

  it('keeps a touching model the net pulled onto its neighbour at its own rim, and drops a second peak its rim puts on the same base', () => {
    // Two bases in contact 25 mm apart; the net puts the weaker one 5 mm from the stronger's place.
    const a = ob(100, 100, 0.9);
    const b = ob(122, 100, 0.6);
    const pulled = placeObjects([b, a], [rim(125, 100), rim(100, 100)], [{ ...b, xMm: 105, yMm: 100 }, { ...a, xMm: 100, yMm: 100 }], o);
    expect(pulled).toEqual([{ ...a, xMm: 100, yMm: 100 }, { ...b, xMm: 125, yMm: 100 }]);
    // Without a rim of its own it keeps the place it was seen at.
    expect(placeObjects([a, b], [null, null], [a, { ...b, xMm: 105, yMm: 100 }], o)).toEqual([a, b]);
    // A second peak on one base: its rim is the stronger's, so it is that model.
    const c = ob(108, 100, 0.5);
    expect(placeObjects([a, c], [rim(100, 100), rim(100, 100)], [null, null], o)).toEqual([a]);
  });

  it('splits an object on two rims in contact into two standing models, and keeps an object no rim was seen under beside them, as before the net', () => {
    const a = ob(110, 100, 0.9, true);
    const pair: RimsSeen = { single: null, pair: [{ xMm: 100, yMm: 100 }, { xMm: 125, yMm: 100 }] };
    const out = placeObjects([a, ob(124, 101, 0.5)], [pair, null], [null, null], o);
    expect(out).toEqual([
      { ...a, xMm: 100, yMm: 100, fallen: false },
      { ...a, xMm: 125, yMm: 100, fallen: false },
      ob(124, 101, 0.5),
    ]);
  });

  it('keeps a seen rim that agrees with the net within rimWithinMm, and the net where they disagree', () => {
    const a = ob(100, 100, 0.9);
    const net = [{ ...a, xMm: 102, yMm: 100 }];
    expect(placeObjects([a], [rim(100.5, 100)], net, { ...o, rimWithinMm: 2 })).toEqual([{ ...a, xMm: 100.5, yMm: 100 }]);
    expect(placeObjects([a], [rim(98, 100)], net, { ...o, rimWithinMm: 2 })).toEqual(net);
    // Without the option the net always places it.
    expect(placeObjects([a], [rim(100.5, 100)], net, o)).toEqual(net);
  });
});
