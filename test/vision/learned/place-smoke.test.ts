/**
 * The fine placement net's pipeline end to end: a committed Blender fixture's 2 mm squares written
 * by models/train/make-blender-dataset.ts --fine, three steps of models/train/place_fine.py
 * (Debian's torch), the net merged into the shipped file as `fine` → `place_fine`, and that file
 * run by the detector the CLI uses, which moves standing objects where the net says and no
 * farther than its option allows. Proves the pipeline and the training views' geometry, not the
 * net's quality (the model card's rule T measures that).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHeldoutFrame } from '../../../bench/heldout-frame.js';
import { listHeldoutFrames } from '../../../bench/heldout-eval.js';
import { MARGIN } from '../../../models/train/make-fine.js';
import { writeBlenderEntry } from '../../../models/train/make-blender-dataset.js';
import { FINE_CELLS } from '../../../src/vision/learned/fine-squares.js';
import { loadLearnedDetector, type LearnedDetectorOptions, type LearnedObject } from '../../../src/vision/learned/learned-detector.js';
import { loadOnnxRuntimeNode } from '../../../src/vision/learned/onnx-node.js';
import { INPUT_CHANNELS } from '../../../src/vision/learned/table-map.js';
import { openCv } from '../helpers.js';
import { FIXTURES } from './heldout-helpers.js';
import { PYTHON, pythonHas, scratchDirs } from './python-helpers.js';

const hasTorch = pythonHas('torch, onnx');
const scratch = scratchDirs();

describe.runIf(hasTorch)('fine placement net', () => {
  it("trains on views whose target is where the stored square's true point went, for every move, turn and mirror", () => {
    // A square with a mark on the true point (the stored square's middle): in every view the
    // mark must lie at the view's middle plus the target.
    const code = `
import random, sys, numpy as np
sys.path.insert(0, 'models/train')
from place_fine import view
m, side = ${MARGIN}, ${FINE_CELLS + 2 * MARGIN}
p = np.zeros((9, side, side), np.float32)
p[0, side // 2 - 1:side // 2 + 1, side // 2 - 1:side // 2 + 1] = 50
rng = random.Random(3)
bad = 0
for k in range(300):
    # Every other view with --near's short moves: at most 2 cells (4 mm) a side.
    near = k % 2
    x, (dx, dy) = view(p, rng, m, bg_drop=False, near=near)
    bad += near and (abs(dx) > 4 or abs(dy) > 4)
    r, c = np.nonzero(x[0] > 20)
    # The mark's middle in cells from the view's middle, 2 mm a cell.
    mx, my = (c.mean() + 0.5 - ${FINE_CELLS / 2}) * 2, (r.mean() + 0.5 - ${FINE_CELLS / 2}) * 2
    bad += abs(mx - dx) > 1e-6 or abs(my - dy) > 1e-6 or len(r) != 4
print(bad)
`;
    const r = spawnSync(PYTHON, ['-c', code], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('0');
  });

  it('writes squares from a Blender frame, trains three steps, merges, and the detector moves objects as far as allowed', async () => {
    const dir = await scratch('shagomer-place-');
    const frames = await listHeldoutFrames(FIXTURES);
    const frame = frames.find((f) => f.name === 't0-f0');
    if (!frame) throw new Error('fixture t0-f0 missing');
    const cv = await openCv();
    expect(await writeBlenderEntry(cv, frame, dir, 'bx', true)).toEqual({ ok: true, name: 'bx-t0-f0' });
    const meta = JSON.parse(await readFile(join(dir, 'bx-t0-f0.fine.json'), 'utf8')) as { side: number; margin: number; models: unknown[] };
    expect(meta.models).toEqual(frame.truth.models);
    expect(meta).toMatchObject({ side: FINE_CELLS + 2 * MARGIN, margin: MARGIN });
    expect((await readFile(join(dir, 'bx-t0-f0.fine.bin'))).byteLength).toBe(4 * meta.models.length * INPUT_CHANNELS * meta.side * meta.side);
    // --fine writes the squares instead of the table map.
    expect(existsSync(join(dir, 'bx-t0-f0.bin'))).toBe(false);

    const net = join(dir, 'place.onnx');
    const t = spawnSync(PYTHON, ['models/train/place_fine.py', '--smoke', dir, '--threads', '1', '--near', '0.5', '--out', net], { encoding: 'utf8', timeout: 200_000 });
    expect(t.status, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/step 3 /);
    const bad = spawnSync(PYTHON, ['models/train/place_fine.py', '--smoke', dir, '--near', '2', '--out', join(dir, 'bad.onnx')], { encoding: 'utf8', timeout: 200_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n').at(-1)).toMatch(/--near: 2\.0 is not a share from 0 to 1$/);
    // The shipped file holds a placement net: the smoke net goes into its two stages alone.
    const base = join(dir, 'base.onnx');
    const cut = `import onnx.utils; onnx.utils.extract_model('models/miniature-detector.onnx', '${base}', ['map', 'patch'], ['heat', 'fallen', 'second', 'centre'])`;
    const x = spawnSync(PYTHON, ['-c', cut], { encoding: 'utf8', timeout: 200_000 });
    expect(x.status, x.stderr).toBe(0);
    const merged = join(dir, 'merged.onnx');
    const m = spawnSync(PYTHON, ['models/train/place_fine.py', '--merge', base, net, '--out', merged], { encoding: 'utf8', timeout: 200_000 });
    expect(m.status, m.stderr).toBe(0);
    for (const held of [merged, 'models/miniature-detector.onnx']) {
      const twice = spawnSync(PYTHON, ['models/train/place_fine.py', '--merge', held, net, '--out', join(dir, 'twice.onnx')], { encoding: 'utf8', timeout: 200_000 });
      expect(twice.status).not.toBe(0);
      expect(twice.stderr.trim()).toMatch(/already holds place_fine$/);
    }

    const { image, background, table, located, release } = await readHeldoutFrame(cv, frame);
    release();
    if (!located.ok) throw new Error(`t0-f0: ${located.error.kind}`);
    const input = { frame: image, background, pose: located.value.pose, intrinsics: located.value.intrinsics, table };
    const ort = await loadOnnxRuntimeNode();
    const bytes = new Uint8Array(await readFile(merged));
    const run = async (o: Partial<LearnedDetectorOptions>): Promise<LearnedObject[]> => {
      const r = await loadLearnedDetector(ort, bytes, o);
      if (!r.ok) throw new Error(r.problem);
      expect(r.detector.stages).toEqual({ fallen: true, second: true, centre: true, fine: false, place: true });
      const d = await r.detector.detect(input);
      await r.detector.release();
      return d.objects;
    };
    const off = await run({ place: null });
    expect(off.filter((o) => !o.fallen).length).toBeGreaterThan(3);
    // A move allowed no distance is no move: rims and the parallax move as without the net.
    expect(await run({ place: { scope: 'all', maxMm: 0 } })).toEqual(off);
    // Allowed 50 mm, every standing object is where the (untrained) net puts it: some move, each
    // at most 50 mm from a place the net-less detector gives, and the fallen ones stay.
    const all = await run({ place: { scope: 'all', maxMm: 50 } });
    expect(all.filter((o) => o.fallen)).toEqual(off.filter((o) => o.fallen));
    const standing = all.filter((o) => !o.fallen);
    expect(standing.some((o) => !off.some((q) => q.xMm === o.xMm && q.yMm === o.yMm))).toBe(true);
    for (const o of standing) expect(Math.min(...off.map((q) => Math.hypot(q.xMm - o.xMm, q.yMm - o.yMm)))).toBeLessThan(70);
    // A file without a placement net: the option changes nothing.
    const bare = new Uint8Array(await readFile(base));
    const asked = await loadLearnedDetector(ort, bare, { place: { scope: 'all', maxMm: 50 } });
    const notAsked = await loadLearnedDetector(ort, bare, { place: null });
    if (!asked.ok || !notAsked.ok) throw new Error('the two stages alone do not load');
    expect(asked.detector.stages.place).toBe(false);
    expect((await asked.detector.detect(input)).objects).toEqual((await notAsked.detector.detect(input)).objects);
    await asked.detector.release();
    await notAsked.detector.release();
    // The shipped file holds one.
    const shipped = await loadLearnedDetector(ort, new Uint8Array(await readFile('models/miniature-detector.onnx')));
    expect(shipped.ok && shipped.detector.stages).toEqual({ fallen: true, second: true, centre: true, fine: false, place: true });
    if (shipped.ok) await shipped.detector.release();
  }, 400_000);
});
