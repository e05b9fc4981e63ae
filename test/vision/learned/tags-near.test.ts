/**
 * bindTagsNear (src/vision/learned/tags-near.ts) as a unit: which objects are looked at again
 * for a tag, in what order, and how what is read binds. The look itself (locate.ts's tagsNear)
 * runs on a held-out frame in test/vision/small-tags.test.ts and through the CLI in
 * test/cli/locate-objects.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { LearnedDetection, LearnedObject } from '../../../src/vision/learned/learned-detector.js';
import type { LocatedTag } from '../../../src/vision/locate-tags.js';
import { bindTagsNear, TAGS_NEAR_MAX_WINDOWS } from '../../../src/vision/learned/tags-near.js';

const ob = (xMm: number, yMm: number, o: Partial<LearnedObject> = {}): LearnedObject => ({ xMm, yMm, fallen: false, tag: null, confidence: 0.5, ...o });
const detection = (objects: LearnedObject[]): LearnedDetection => ({ objects, ms: { map: 0, network: 0, second: 0, decode: 0 } });

describe('bindTagsNear', () => {
  it('looks only at untagged standing models, surest first, and binds what is read to the model it names', () => {
    const asked: { x_mm: number; y_mm: number }[][] = [];
    const tag: LocatedTag = { id: 17, x_mm: 402, y_mm: 301, z_mm: 40 };
    const d = detection([ob(100, 100, { tag: 5, confidence: 1 }), ob(200, 100, { fallen: true, confidence: 0.9 }), ob(400, 300, { confidence: 0.4 }), ob(600, 300, { confidence: 0.8 })]);
    const r = bindTagsNear(d, (points) => {
      asked.push([...points]);
      return [tag];
    });
    expect(asked).toEqual([[{ x_mm: 600, y_mm: 300 }, { x_mm: 400, y_mm: 300 }]]);
    expect(r.tags).toEqual([tag]);
    const bound = r.detection.objects.filter((o) => o.tag === 17);
    expect(bound).toEqual([{ xMm: 402, yMm: 301, fallen: false, tag: 17, confidence: 1 }]);
    // The model it named is replaced, the others stay.
    expect(r.detection.objects).toHaveLength(4);
    expect(r.detection.objects.some((o) => o.xMm === 400)).toBe(false);
  });

  it('asks nothing when every standing model has its tag, and leaves the detection as it was when nothing is read', () => {
    let calls = 0;
    const d = detection([ob(100, 100, { tag: 5, confidence: 1 }), ob(300, 100, { fallen: true })]);
    expect(bindTagsNear(d, () => (calls++, [])).detection).toBe(d);
    expect(calls).toBe(0);
    const e = detection([ob(100, 100)]);
    expect(bindTagsNear(e, () => []).detection).toBe(e);
  });

  it(`looks at no more than ${TAGS_NEAR_MAX_WINDOWS} models on a crowded table`, () => {
    let n = 0;
    bindTagsNear(detection(Array.from({ length: 40 }, (_, i) => ob(50 * i, 100, { confidence: i / 40 }))), (points) => ((n = points.length), []));
    expect(n).toBe(TAGS_NEAR_MAX_WINDOWS);
  });
});
