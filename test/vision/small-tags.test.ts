/**
 * Tags 17–20 px across that OpenCV finds as quads but misreads by one or two bits (it reads the
 * bits from the contour's whole-pixel corners, before refining them, and DICT_4X4_50 corrects
 * none): on the held-out Blender tables two cards on a near-clipping sand mat (t2-f1, tags 14
 * and 16) and one on an olive mat (t3-f1, tag 14), unread by native cv2 4.6 as well. The
 * detector's second look reads such a quad again from its window enlarged twice. Fixtures:
 * those frames sharp only around the anchors and the tags (test/blender/sharp_windows.py);
 * the reader before the second look read none of the three on them. And a 13 px tag on a token
 * turned 45° (t6-f2, tag 25; the frame as rendered, 112 kB): native cv2 4.6 reads it, opencv.js
 * finds its quad and misreads it, and a second look whose window was 1.7 times the quad's extent
 * found no contour in it; the second look now also tries a window twice the extent.
 * Two tags 23–25 px across that no window reads by OpenCV's rule, each one bit from its id: on a
 * white token on a sand and ochre printed mat (t17-f1, tag 15) and on a card over a purple figure
 * (t18-f1, tag 16), unread by native cv2 4.6 as well; the second look now reads its windows again
 * correcting one bit (made as the first two, 181 and 143 kB).
 * And a 20 px tag on a card turned 45° over a humanoid (t12-f2, tag 24; 142 kB, made as the
 * others) that gives OpenCV no quad in the whole frame, so no second look: the locator's look
 * near a model found (tagsNear) reads it from a window around the model, enlarged.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenCv } from '../../src/vision/cv-types.js';
import { readImageFile } from '../../src/vision/image-file-node.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { createLocator } from '../../src/vision/locate.js';
import type { LocatedTag } from '../../src/vision/locate-tags.js';
import { parseCameraFile, parseTableProfile } from '../../src/vision/parse-files.js';
import type { CameraIntrinsics } from '../../src/vision/camera-model.js';
import type { TableProfile } from '../../src/vision/table-profile.js';
import { openCv } from './helpers.js';

const DIR = join(import.meta.dirname, '../blender/fixtures/small-tags');

interface Fixture {
  profile: TableProfile;
  camera: CameraIntrinsics;
  image: RgbaImage;
  carried: Map<number, { x_mm: number; y_mm: number }>;
}

async function fixture(name: string): Promise<Fixture> {
  const profile = parseTableProfile(JSON.parse(await readFile(join(DIR, `${name}.table.json`), 'utf8')) as unknown);
  const camera = parseCameraFile(JSON.parse(await readFile(join(DIR, `${name}.camera.json`), 'utf8')) as unknown);
  const truth = JSON.parse(await readFile(join(DIR, `${name}.truth.json`), 'utf8')) as { models: { tag: number | null; x_mm: number; y_mm: number }[] };
  if (!profile.ok || !camera.ok) throw new Error(`${name}: side files`);
  const carried = new Map<number, { x_mm: number; y_mm: number }>();
  for (const m of truth.models) if (m.tag !== null) carried.set(m.tag, m);
  return { profile: profile.value, camera: camera.value, image: await readImageFile(join(DIR, `${name}.jpg`)), carried };
}

/** Each carried tag's distance from its model (NaN when unread), and the ids no model carries. */
function score(f: Fixture, tags: readonly LocatedTag[]): { errorMm: Map<number, number>; foreign: number[] } {
  const errorMm = new Map<number, number>();
  for (const [id, m] of f.carried) {
    const t = tags.find((x) => x.id === id);
    errorMm.set(id, t ? Math.hypot(t.x_mm - m.x_mm, t.y_mm - m.y_mm) : NaN);
  }
  return { errorMm, foreign: tags.map((t) => t.id).filter((id) => !f.carried.has(id)) };
}

describe('small tags misread at first look are read at the second', () => {
  let cv: OpenCv;
  beforeAll(async () => {
    cv = await openCv();
  });

  for (const [name, small] of [
    ['t2-f1', [14, 16]],
    ['t3-f1', [14]],
    ['t6-f2', [25]],
    ['t17-f1', [15]],
    ['t18-f1', [16]],
  ] as const) {
    it(`${name}: every carried tag (${small.join(', ')} among them) is read within 1.5 mm of its model, in the whole frame and in the tracked table region; no other id`, async () => {
      const f = await fixture(name);
      expect([...f.carried.keys()]).toEqual(expect.arrayContaining([...small]));
      const locator = createLocator(cv, f.profile, f.camera);
      const whole = locator.locate(f.image);
      const tracked = locator.locate(f.image);
      locator.delete();
      if (!whole.ok || !tracked.ok) throw new Error('locate failed');
      expect(tracked.value.searched).not.toBeNull();
      for (const r of [whole, tracked]) {
        const { errorMm, foreign } = score(f, r.value.report.tags);
        expect(foreign).toEqual([]);
        for (const [id, e] of errorMm) expect(e, `tag ${id}`).toBeLessThan(1.5);
      }
    });
  }
});

describe('a tag the whole frame gives no quad for is read near its model', () => {
  it('t12-f2: tag 24 is unread by the frame\'s search, read within 1.5 mm of its model by tagsNear looking 8 mm off its base centre; no id near the untagged models', async () => {
    const cv = await openCv();
    const f = await fixture('t12-f2');
    const truth = JSON.parse(await readFile(join(DIR, 't12-f2.truth.json'), 'utf8')) as { models: { tag: number | null; x_mm: number; y_mm: number; fallen: boolean }[] };
    const locator = createLocator(cv, f.profile, f.camera);
    try {
      const r = locator.locate(f.image);
      if (!r.ok) throw new Error('locate failed');
      expect(r.value.report.tags.map((t) => t.id)).not.toContain(24);
      // Looked at 8 mm off its base centre, as a found model's point may be.
      const m24 = f.carried.get(24) as { x_mm: number; y_mm: number };
      const near = locator.tagsNear(f.image, r.value, [{ x_mm: m24.x_mm + 6, y_mm: m24.y_mm - 5 }]);
      expect(near.map((t) => t.id)).toEqual([24]);
      const { errorMm } = score(f, near);
      expect(errorMm.get(24)).toBeLessThan(1.5);
      // Already read ids are not read again, and no untagged model yields a tag.
      const others = truth.models.filter((m) => m.tag === null && !m.fallen);
      expect(others.length).toBeGreaterThan(5);
      const elsewhere = locator.tagsNear(f.image, r.value, [...others, ...r.value.report.tags]);
      expect(elsewhere).toEqual([]);
      // A call looks at 64 points at most: the cost of a long list is bounded.
      const filler = Array.from({ length: 64 }, () => others[0] as { x_mm: number; y_mm: number });
      expect(locator.tagsNear(f.image, r.value, [...filler, m24]).map((t) => t.id)).toEqual([]);
      expect(locator.tagsNear(f.image, r.value, [m24, ...filler]).map((t) => t.id)).toEqual([24]);
    } finally {
      locator.delete();
    }
  });
});
