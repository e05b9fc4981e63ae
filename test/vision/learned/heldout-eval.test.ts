/** The held-out scoring itself (bench/heldout-eval.ts): matching, misses as infinite errors, phantoms, falls. */
import { describe, expect, it } from 'vitest';
import { detectedOf, figures, matchError, matchFrame, type HeldoutModel } from '../../../bench/heldout-eval.js';

const model = (x: number, y: number, fallen = false, tag: number | null = null): HeldoutModel => ({ x_mm: x, y_mm: y, fallen, kind: 'humanoid', base_mm: 25, height_mm: 32, tag, traits: [] });

describe('held-out scoring', () => {
  it('pairs nearest first, counts a miss as an infinite error and a far detection as a phantom', () => {
    const truth = [model(100, 100), model(200, 100), model(300, 100), model(500, 500, true), model(700, 700, false, 9)];
    const found = [
      { x_mm: 103, y_mm: 104, fallen: false, tag: null }, // 5 mm off the first
      { x_mm: 201, y_mm: 100, fallen: true, tag: null }, // the second, called fallen
      { x_mm: 520, y_mm: 500, fallen: true, tag: null }, // the fall, 20 mm off its footprint middle
      { x_mm: 700, y_mm: 701, fallen: false, tag: 9 },
      { x_mm: 1000, y_mm: 1000, fallen: false, tag: null }, // nothing there
    ];
    const m = matchFrame(truth, found);
    expect(m.matches.map((x) => (x.found ? Math.round(x.errorMm) : null))).toEqual([5, 1, null, 20, 1]);
    expect(m.phantoms).toHaveLength(1);
    const f = figures([m]);
    expect(f.bases).toBe(3);
    expect(f.basesMissedPct).toBeCloseTo(100 / 3, 6);
    expect(f.baseMedianMm).toBeCloseTo(5, 0);
    expect(f.baseP95Mm).toBe(Infinity);
    expect(f.phantomsPct).toBeCloseTo(20, 6);
    expect(f.fallsFoundPct).toBe(100);
    expect(f.standingCalledFallenPct).toBeCloseTo(25, 6);
    expect(f.tagsBoundPct).toBe(100);
    expect(m.matches.map(matchError)).toEqual([null, 'standing called fallen', 'missed', null, null]);
    const fallNotCalled = matchFrame([model(500, 500, true)], [{ x_mm: 500, y_mm: 510, fallen: false, tag: null }]).matches[0];
    expect(fallNotCalled && matchError(fallNotCalled)).toBe('fall not called');
  });

  it('reads a detector’s objects in table mm as detections', () => {
    expect(detectedOf([{ xMm: 1.5, yMm: 2, fallen: true, tag: 7 }])).toEqual([{ x_mm: 1.5, y_mm: 2, fallen: true, tag: 7 }]);
  });
});
