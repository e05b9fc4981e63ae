/**
 * A tag read must be the printed square: on the held-out Blender table t3 a light figure on a
 * grey base decoded as DICT_4X4_50 id 17 (no model carries it), which would bind a forged id
 * to an untagged model. The fixture keeps that frame sharp only around the anchors, the figure
 * and the one real tag (token 15), blurred elsewhere to keep it small; the old reader still
 * read id 17 on it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImageFile } from '../../src/vision/image-file-node.js';
import { createLocator } from '../../src/vision/locate.js';
import { tagShapeProblem } from '../../src/vision/locate-tags.js';
import { parseCameraFile, parseTableProfile } from '../../src/vision/parse-files.js';
import { openCv } from './helpers.js';

const DIR = join(import.meta.dirname, '../blender/fixtures/false-tag');

describe('a tag read is the printed square or no tag', () => {
  it('a 25 mm square passes, turned and with a millimetre of corner noise', () => {
    const a = (30 * Math.PI) / 180;
    const sq = [[0, 0], [25, 0], [25, 25], [0, 25]].map(([x, y]) => [x! * Math.cos(a) - y! * Math.sin(a) + 100, x! * Math.sin(a) + y! * Math.cos(a) + 50] as [number, number]);
    expect(tagShapeProblem(sq, 25)).toBeNull();
    const noisy = sq.map(([x, y], i) => [x + (i % 2 ? 1 : -1), y + (i < 2 ? 1 : -0.5)] as [number, number]);
    expect(tagShapeProblem(noisy, 25)).toBeNull();
  });

  it('the figure read as id 17 on t3 (sides 40, 27, 24, 35 mm) is no square; nor is a square of twice the tag size', () => {
    expect(tagShapeProblem([[1191, 205], [1150, 205], [1152, 178], [1176, 171]], 25)).toMatch(/not a square/);
    expect(tagShapeProblem([[0, 0], [50, 0], [50, 50], [0, 50]], 25)).toMatch(/far from the tags' 25 mm/);
  });

  it('t3-f1: the token tag 15 is read and located within 3 mm; no id is read that no model carries', async () => {
    const profile = parseTableProfile(JSON.parse(await readFile(join(DIR, 't3-f1.table.json'), 'utf8')) as unknown);
    const camera = parseCameraFile(JSON.parse(await readFile(join(DIR, 't3-f1.camera.json'), 'utf8')) as unknown);
    const truth = JSON.parse(await readFile(join(DIR, 't3-f1.truth.json'), 'utf8')) as { models: { tag: number | null; x_mm: number; y_mm: number }[] };
    if (!profile.ok || !camera.ok) throw new Error('side files');
    const locator = createLocator(await openCv(), profile.value, camera.value);
    const r = locator.locate(await readImageFile(join(DIR, 't3-f1.jpg')));
    locator.delete();
    if (!r.ok) throw new Error(r.error.kind);
    const carried = new Set(truth.models.map((m) => m.tag).filter((t) => t !== null));
    expect(r.value.report.tags.map((t) => t.id).filter((id) => !carried.has(id))).toEqual([]);
    const token = truth.models.find((m) => m.tag === 15);
    const read = r.value.report.tags.find((t) => t.id === 15);
    expect(read).toBeDefined();
    expect(Math.hypot((read?.x_mm ?? 0) - (token?.x_mm ?? 0), (read?.y_mm ?? 0) - (token?.y_mm ?? 0))).toBeLessThan(3);
  });
});
