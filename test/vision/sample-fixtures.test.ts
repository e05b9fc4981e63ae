/**
 * The committed sample frames (test/synthetic/fixtures) through the CLI's own code path:
 * a regression on fixed bytes, independent of later renderer changes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImageFile } from '../../src/vision/image-file-node.js';
import { createLocator } from '../../src/vision/locate.js';
import { parseCameraFile, parseTableProfile } from '../../src/vision/parse-files.js';
import { writeFixtures } from '../synthetic/generate-fixtures.js';
import { openCv } from './helpers.js';

const DIR = join(import.meta.dirname, '../synthetic/fixtures');

interface Truth {
  camera_position_mm: [number, number, number];
  miniatures: { x_mm: number; y_mm: number; fallen: boolean; tag: number | null }[];
}

describe('committed sample frames', () => {
  it.runIf(process.env.REGENERATE_FIXTURES === '1')('regenerates them', async () => {
    await writeFixtures(DIR);
  }, 120_000);

  it('locate finds every tag within 1.5 mm and the camera where it hung', async () => {
    const cv = await openCv();
    const profile = parseTableProfile(JSON.parse(await readFile(join(DIR, 'sample.table.json'), 'utf8')));
    const camera = parseCameraFile(JSON.parse(await readFile(join(DIR, 'webcam-720p.camera.json'), 'utf8')));
    const truth = JSON.parse(await readFile(join(DIR, 'table-720p.truth.json'), 'utf8')) as Truth;
    if (!profile.ok || !camera.ok) throw new Error('fixture files do not parse');
    const locator = createLocator(cv, profile.value, camera.value);
    const r = locator.locate(await readImageFile(join(DIR, 'table-720p.jpg')));
    locator.delete();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const tagged = truth.miniatures.filter((m) => m.tag !== null);
    expect(r.value.report.tags.map((t) => t.id)).toEqual(tagged.map((m) => m.tag).sort((a, b) => (a ?? 0) - (b ?? 0)));
    for (const t of r.value.report.tags) {
      const m = tagged.find((x) => x.tag === t.id);
      expect(Math.hypot(t.x_mm - (m?.x_mm ?? NaN), t.y_mm - (m?.y_mm ?? NaN))).toBeLessThan(1.5);
    }
    const c = r.value.report.camera_position_mm;
    expect(Math.hypot(c[0] - truth.camera_position_mm[0], c[1] - truth.camera_position_mm[1], c[2] - truth.camera_position_mm[2])).toBeLessThan(10);
  });
});
