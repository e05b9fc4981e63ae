import { describe, expect, it } from 'vitest';
import { changesBetween, distanceRulesOf, Tracker, type Sighting } from '../../../src/vision/tracking/index.js';
import { mulberry32 } from '../../synthetic/noise.js';

const standing = (xMm: number, yMm: number, baseDiameterMm = 32, tag: number | null = null): Sighting => ({ xMm, yMm, fallen: false, tag, baseDiameterMm });

function feed(tracker: Tracker, frames: Sighting[][], startMs = 0): void {
  frames.forEach((objects, i) => tracker.update({ tMs: startMs + i * 100, objects }));
}

describe('Tracker', () => {
  it('keeps ids over a noisy sequence and averages a standing object below the per-frame noise', () => {
    const rand = mulberry32(7);
    const noise = (): number => (rand() - 0.5) * 3;
    const truth = [standing(300, 400, 25), standing(360, 400, 40), standing(900, 700, 60, 12)];
    const tracker = new Tracker();
    const truthOfId = new Map<string, number>();
    for (let f = 0; f < 30; f++) {
      const objs = truth.map((t) => ({ ...t, xMm: t.xMm + noise(), yMm: t.yMm + noise() }));
      const out = tracker.update({ tMs: f * 100, objects: f % 2 ? objs : objs.reverse() });
      if (f >= 2) expect(out.length).toBe(3);
      for (const o of out) {
        const k = truth.findIndex((t) => Math.hypot(t.xMm - o.xMm, t.yMm - o.yMm) < 20);
        // Each id always sits on the same miniature.
        expect(truthOfId.get(o.id) ?? k).toBe(k);
        truthOfId.set(o.id, k);
      }
    }
    expect([...truthOfId.keys()].sort()).toEqual(['obj-1', 'obj-2', 'tag-12']);
    for (const o of tracker.objects()) {
      const t = truth.find((tt) => Math.hypot(tt.xMm - o.xMm, tt.yMm - o.yMm) < 20)!;
      expect(Math.hypot(t.xMm - o.xMm, t.yMm - o.yMm)).toBeLessThan(0.8);
    }
  });

  it('believes nothing that does not persist: flickering blobs never become objects', () => {
    const tracker = new Tracker();
    const rand = mulberry32(3);
    for (let f = 0; f < 40; f++) {
      const ghosts = f % 3 === 2 ? [] : [standing(rand() * 1800, rand() * 1200)];
      expect(tracker.update({ tMs: f * 100, objects: ghosts })).toEqual([]);
    }
  });

  it('a hand over the table neither drops what it hides nor creates what it drags along', () => {
    const tracker = new Tracker();
    const mini = standing(800, 600, 32);
    feed(tracker, [[mini], [mini], [mini]]);
    const id = tracker.objects()[0]!.id;
    for (let f = 0; f < 20; f++) {
      // The arm's blob is reported as a disturbance; a finger broke off it as a small blob.
      const hand = { minXMm: 700 + f * 10, minYMm: 500, maxXMm: 1800, maxYMm: 700 };
      const finger = standing(hand.minXMm - 10, 600, 20);
      const out = tracker.update({ tMs: 1000 + f * 100, objects: f < 10 ? [finger] : [mini, finger], disturbances: [hand] });
      expect(out.map((o) => o.id)).toEqual([id]);
    }
  });

  it('an untagged miniature carried across the table keeps its id; a tagged one is named by its tag', () => {
    const tracker = new Tracker();
    const a = standing(300, 300, 40);
    const b = standing(1500, 900, 25, 9);
    feed(tracker, [[a, b], [a, b], [a, b]]);
    const before = tracker.snapshot();
    const ids = before.objects.map((o) => o.id).sort();
    expect(ids).toEqual(['obj-1', 'tag-9']);
    const a2 = standing(420, 300, 40);
    const b2 = standing(400, 1000, 25, 9);
    feed(tracker, [[], [a2, b2], [a2, b2], [a2, b2], [a2, b2]], 1000);
    const after = tracker.snapshot();
    expect(after.objects.map((o) => o.id).sort()).toEqual(ids);
    const rules = distanceRulesOf('vtorzhenie')!;
    const changes = changesBetween(before, after, rules);
    expect(changes.appeared).toEqual([]);
    expect(changes.removed).toEqual([]);
    const moveA = changes.moves.find((m) => m.id === 'obj-1')!;
    expect(moveA.distanceMm).toBeCloseTo(120, 6);
    // 12 cm with 5 cm steps: 2 whole steps, 2 cm over the 1 cm tolerance, so 3.
    expect(moveA.steps).toBe(3);
    const moveB = changes.moves.find((m) => m.id === 'tag-9')!;
    expect(moveB.distanceMm).toBeCloseTo(Math.hypot(1100, 100), 6);
  });

  it('reports a fall once it holds for two frames, and removes what is gone for good', () => {
    const tracker = new Tracker();
    const a = standing(500, 500, 32);
    const c = standing(1000, 500, 50);
    feed(tracker, [[a, c], [a, c], [a, c]]);
    const before = tracker.snapshot();
    const fallen: Sighting = { xMm: 510, yMm: 505, fallen: true, tag: null, lengthMm: 45 };
    tracker.update({ tMs: 400, objects: [fallen] });
    expect(tracker.objects().find((o) => o.id === 'obj-1')!.fallen).toBe(false);
    for (let f = 0; f < 10; f++) tracker.update({ tMs: 500 + f * 100, objects: [fallen] });
    const after = tracker.snapshot();
    expect(after.objects.map((o) => o.id)).toEqual(['obj-1']);
    const changes = changesBetween(before, after, distanceRulesOf('vtorzhenie')!);
    expect(changes.moves).toHaveLength(1);
    expect(changes.moves[0]!.fell).toBe(true);
    expect(changes.removed.map((o) => o.id)).toEqual(['obj-2']);
  });
});
