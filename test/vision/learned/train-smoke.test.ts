/**
 * The training command end to end in seconds: two tiny varied tables written by the dataset
 * code, three steps of models/train/train.py (Debian's torch), then three of its second stage
 * (fall_classifier.py) exported with it as one file; both files loaded and run by the detector
 * module the CLI uses, and the second stage's answer is the one `fallen` follows; then the second
 * stage with its centre head, whose answer moves the objects. Proves the pipeline, not the
 * models' quality.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookAtPose } from '../../../src/vision/camera-model.js';
import { cutPatches, PATCH_CELLS, patchOrigin } from '../../../src/vision/learned/fall-patches.js';
import { loadLearnedDetector } from '../../../src/vision/learned/learned-detector.js';
import { loadOnnxRuntimeNode } from '../../../src/vision/learned/onnx-node.js';
import { INPUT_CHANNELS } from '../../../src/vision/learned/table-map.js';
import { writeDatasetEntry } from '../../../models/train/dataset-entry.js';
import { PYTHON, pythonHas, scratchDirs } from './python-helpers.js';

const hasTorch = pythonHas('torch, onnx');
const scratch = scratchDirs();

describe.runIf(hasTorch)('training smoke step', () => {
  it('trains three steps on two tables, exports ONNX that the detector loads and runs', async () => {
    const dir = await scratch('shagomer-train-');
    const a = await writeDatasetEntry(dir, 1, { widthPx: 320 });
    await writeDatasetEntry(dir, 2, { widthPx: 320 });
    expect(a.models).toBeGreaterThan(5);
    const meta = JSON.parse(await readFile(join(dir, `${a.name}.json`), 'utf8')) as { channels: number; rows: number; cols: number };
    expect((await readFile(join(dir, `${a.name}.bin`))).byteLength).toBe(4 * meta.channels * meta.rows * meta.cols);
    const out = join(dir, 'smoke.onnx');
    const r = spawnSync(PYTHON, ['models/train/train.py', '--smoke', dir, '--out', out], { encoding: 'utf8', timeout: 200_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/step 3 /);
    const loaded = await loadLearnedDetector(await loadOnnxRuntimeNode(), new Uint8Array(await readFile(out)));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    // A 320 × 180 frame of a grey table seen from 1.6 m: the network runs, whatever it says.
    const k = { widthPx: 320, heightPx: 180, fx: 222, fy: 222, cx: 160, cy: 90, dist: [0, 0, 0, 0, 0] as const };
    const frame = { width: 320, height: 180, data: new Uint8Array(320 * 180 * 4).fill(120) };
    const d = await loaded.detector.detect({ frame, pose: lookAtPose([900, 600, 1600], [900, 600, 0]), intrinsics: k, table: { width_mm: 1800, depth_mm: 1200 } });
    expect(Array.isArray(d.objects)).toBe(true);
    expect(d.ms.network).toBeGreaterThan(0);
    await loaded.detector.release();

    // The second stage on the first's weights: one file, map → heat and patch → fallen.
    const both = join(dir, 'both.onnx');
    const f = spawnSync(PYTHON, ['models/train/fall_classifier.py', '--smoke', dir, '--threads', '1', '--detector', `${out}.pt`, '--out', both], { encoding: 'utf8', timeout: 200_000 });
    expect(f.status, f.stderr).toBe(0);
    expect(f.stdout).toMatch(/step 3 /);
    const ort = await loadOnnxRuntimeNode();
    const bytes = new Uint8Array(await readFile(both));
    const two = await loadLearnedDetector(ort, bytes);
    expect(two.ok).toBe(true);
    if (!two.ok) return;
    const input = new Float32Array((await readFile(join(dir, `${a.name}.bin`))).buffer.slice(0));
    // Every local maximum is a peak: plenty of squares for the second stage.
    const decode = { threshold: 0, fallenThreshold: 0.5, subcell: 'heat' as const, mergeMm: 10 };
    const objects = await two.detector.detectInput(input, meta.rows, meta.cols, 4, decode);
    expect(objects.length).toBeGreaterThan(3);
    const raw = await ort.InferenceSession.create(bytes);
    const origins = objects.map((o) => patchOrigin(o.xMm, o.yMm, 4));
    const idle = new ort.Tensor('float32', new Float32Array(INPUT_CHANNELS * 64), [1, INPUT_CHANNELS, 8, 8]);
    const res = await raw.run({ map: idle, patch: new ort.Tensor('float32', cutPatches(input, meta.rows, meta.cols, origins), [origins.length, INPUT_CHANNELS, PATCH_CELLS, PATCH_CELLS]) }, ['fallen']);
    const chance = res['fallen']?.data as Float32Array;
    expect(objects.map((o) => o.fallen)).toEqual(objects.map((_, i) => (chance[i] as number) >= 0.5));
    for (const t of [0, 1.01]) expect((await two.detector.detectInput(input, meta.rows, meta.cols, 4, { ...decode, fallenThreshold: t })).every((o) => o.fallen === (t === 0))).toBe(true);
    await raw.release();
    await two.detector.release();

    // With the centre head: a fourth output, and an object moves to where its square says it lies.
    const centred = join(dir, 'centred.onnx');
    const c = spawnSync(PYTHON, ['models/train/fall_classifier.py', '--smoke', dir, '--threads', '1', '--centre', '--detector', `${out}.pt`, '--out', centred], { encoding: 'utf8', timeout: 200_000 });
    expect(c.status, c.stderr).toBe(0);
    expect(c.stdout).toMatch(/step 3 .* centre \d/);
    const cbytes = new Uint8Array(await readFile(centred));
    const three = await loadLearnedDetector(ort, cbytes);
    expect(three.ok && three.detector.stages).toEqual({ fallen: true, second: true, centre: true, fine: false, place: false });
    if (!three.ok) return;
    const peaks = await three.detector.detectInput(input, meta.rows, meta.cols, 4, decode);
    const rawC = await ort.InferenceSession.create(cbytes);
    const po = peaks.map((o) => patchOrigin(o.xMm, o.yMm, 4));
    const said = (await rawC.run({ map: idle, patch: new ort.Tensor('float32', cutPatches(input, meta.rows, meta.cols, po), [po.length, INPUT_CHANNELS, PATCH_CELLS, PATCH_CELLS]) }, ['centre']))['centre']?.data as Float32Array;
    // Where each peak's square puts its object (SECOND_CELLS = 10 cells of 4 mm from the square's middle), when within the head's reach.
    const places = peaks.map((p, i) => {
      const [dx, dy] = [said[3 * i + 1] as number, said[3 * i + 2] as number];
      const [c0, r0] = po[i] as [number, number];
      return Math.hypot(dx, dy) * 10 <= 6 ? { xMm: (c0 + PATCH_CELLS / 2 + 0.5 + dx * 10) * 4, yMm: (r0 + PATCH_CELLS / 2 + 0.5 + dy * 10) * 4 } : p;
    });
    const moved = await three.detector.detectInput(input, meta.rows, meta.cols, 4, { ...decode, centreMinMm: 0 });
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((o) => places.some((q) => Math.hypot(q.xMm - o.xMm, q.yMm - o.yMm) < 1e-3))).toBe(true);
    expect(moved.some((o) => !peaks.some((p) => Math.hypot(p.xMm - o.xMm, p.yMm - o.yMm) < 1e-3))).toBe(true);
    await rawC.release();
    await three.detector.release();
  }, 400_000);

  it("--hard keeps half a batch at random and half the views the fallen net now answers worst", () => {
    // Twelve views for a batch of six: the first three (drawn at random) stay, and of the other
    // nine the three with the highest loss, as computed here apart from the trainer, join them.
    const code = `
import sys, random, numpy as np, torch
sys.path.insert(0, 'models/train')
from fall_classifier import FallClassifier, hardest_half, PATCH
torch.manual_seed(5)
m = FallClassifier(second=False, centre=False)
rng = np.random.default_rng(4)
views = [(rng.normal(0, 1, (9, PATCH, PATCH)).astype(np.float32), None) for _ in range(12)]
ys = np.array([0, 1] * 6, np.float32)
idx = list(range(12))
with torch.no_grad():
    m.eval()
    f = m(torch.from_numpy(np.stack([v[0] for v in views])))[0][:, 0].clamp(1e-4, 1 - 1e-4).numpy()
loss = np.where(ys == 1, -np.log(f), -np.log(1 - f))
worst = sorted(range(3, 12), key=lambda k: -loss[k])[:3]
got, gv = hardest_half(m, idx, views, ys, 0.5, 6, False)
print(got == [0, 1, 2] + worst and all(gv[k] is views[got[k]] for k in range(6)) and m.training, len(set(np.round(loss[3:], 6))))
`;
    const r = spawnSync(PYTHON, ['-c', code], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    // True, and the nine losses all differ (so a wrong order could not pass by a tie).
    expect(r.stdout.trim()).toBe('True 9');
  });

  it('resumes from the shipped ONNX file: its weights read back into the nets export to the same file, and three steps train on from it', async () => {
    const d = await mkdtemp(join(tmpdir(), 'shagomer-resume-'));
    try {
      await writeDatasetEntry(d, 3, { widthPx: 320 });
      const shipped = 'models/miniature-detector.onnx';
      const again = join(d, 'again.onnx');
      const r = spawnSync(PYTHON, ['models/train/fall_classifier.py', '--data', d, '--threads', '1', '--no-second', '--minutes', '0', '--resume', shipped, '--detector', shipped, '--second-net', shipped, '--out', again], { encoding: 'utf8', timeout: 200_000 });
      expect(r.status, r.stderr).toBe(0);
      // Every weight of the re-export equals the shipped file's, in the same place.
      const cmp = spawnSync(PYTHON, ['-c', `import sys, onnx, numpy as np
from onnx import numpy_helper as nh
a, b = (onnx.load(f).graph.initializer for f in sys.argv[1:3])
# The shipped file's fine placement net (place_fine.py --merge) is a graph of its own that this export does not hold.
a = [x for x in a if not x.name.startswith('fine_net.')]
assert len(a) == len(b), (len(a), len(b))
print(max(float(np.abs(nh.to_array(x) - nh.to_array(y)).max()) for x, y in zip(a, b)))`, shipped, again], { encoding: 'utf8' });
      expect(cmp.status, cmp.stderr).toBe(0);
      expect(Number(cmp.stdout.trim())).toBe(0);
      // The first stage trains on from the shipped weights (BatchNorm frozen at the folded values).
      const t = spawnSync(PYTHON, ['models/train/train.py', '--smoke', d, '--threads', '1', '--resume', shipped, '--out', join(d, 'first.onnx')], { encoding: 'utf8', timeout: 200_000 });
      expect(t.status, t.stderr).toBe(0);
      expect(t.stdout).toMatch(/step 3 /);
      // The eleventh session's options: crops on near-black and mat-coloured figures more often, more of them without the empty table.
      const tf = spawnSync(PYTHON, ['models/train/train.py', '--smoke', d, '--threads', '1', '--resume', shipped, '--focus', '2', '--trait-focus', '2', '--no-background', '0.7', '--out', join(d, 'trait.onnx')], { encoding: 'utf8', timeout: 200_000 });
      expect(tf.status, tf.stderr).toBe(0);
      expect(tf.stdout).toMatch(/step 3 /);
      const w = spawnSync(PYTHON, ['-c', `import sys; sys.path.insert(0, 'models/train'); from train import crop_weights
ms = [dict(x_mm=0, y_mm=0, fallen=False, kind='token', base_mm=25, traits=t) for t in ([], ['mat'], ['dark'], ['touching'])]
print(crop_weights(dict(models=ms), 0, 0, 2), crop_weights(dict(models=ms), 0, 0))`], { encoding: 'utf8' });
      expect(w.status, w.stderr).toBe(0);
      expect(w.stdout.trim()).toBe('[1.0, 3.0, 3.0, 1.0] [1.0, 1.0, 1.0, 1.0]');
      // The fine head (8 mm cells) on the shipped trunk: its heat is half the map's size, and the detector decodes it.
      const fine = join(d, 'fine.onnx');
      const ft = spawnSync(PYTHON, ['models/train/train.py', '--smoke', d, '--threads', '1', '--resume', shipped, '--fine', '--out', fine], { encoding: 'utf8', timeout: 200_000 });
      expect(ft.status, ft.stderr).toBe(0);
      const ort = await loadOnnxRuntimeNode();
      const fineBytes = new Uint8Array(await readFile(fine));
      const rawFine = await ort.InferenceSession.create(fineBytes);
      const heat = (await rawFine.run({ map: new ort.Tensor('float32', new Float32Array(INPUT_CHANNELS * 64 * 96), [1, INPUT_CHANNELS, 64, 96]) }))['heat'];
      expect(heat?.dims).toEqual([1, 4, 32, 48]);
      await rawFine.release();
      const meta = JSON.parse(await readFile(join(d, 's00003.json'), 'utf8')) as { rows: number; cols: number };
      const input = new Float32Array((await readFile(join(d, 's00003.bin'))).buffer.slice(0));
      const fineDet = await loadLearnedDetector(ort, fineBytes);
      expect(fineDet.ok).toBe(true);
      if (fineDet.ok) {
        // Every local maximum is a peak; they lie on the 8 mm grid's cells, inside the table.
        const peaks = await fineDet.detector.detectInput(input, meta.rows, meta.cols, 4, { threshold: 0, fallenThreshold: 0.5, subcell: 'offset', mergeMm: 0 });
        expect(peaks.length).toBeGreaterThan(100);
        expect(peaks.every((p) => p.xMm >= 0 && p.xMm < meta.cols * 4 && p.yMm >= 0 && p.yMm < meta.rows * 4)).toBe(true);
        await fineDet.detector.release();
      }
      // A second-model net exported as a file's only second stage (one net feeding `second` and
      // `centre`: its BatchNorms stay unfolded, its layers named after the classifier) reads back
      // into a combined file that answers as it does.
      const centred = join(d, 'centred.onnx');
      const c = spawnSync(PYTHON, ['models/train/fall_classifier.py', '--smoke', d, '--threads', '1', '--centre', '--detector', shipped, '--out', centred], { encoding: 'utf8', timeout: 200_000 });
      expect(c.status, c.stderr).toBe(0);
      const combined = join(d, 'combined.onnx');
      const e = spawnSync(PYTHON, ['models/train/fall_classifier.py', '--data', d, '--threads', '1', '--no-second', '--minutes', '0', '--resume', shipped, '--detector', shipped, '--second-net', centred, '--out', combined], { encoding: 'utf8', timeout: 200_000 });
      expect(e.status, e.stderr).toBe(0);
      const patches = new Float32Array(3 * INPUT_CHANNELS * PATCH_CELLS * PATCH_CELLS).map((_, i) => Math.sin(i * 0.37) * 0.8);
      const answers = async (file: string): Promise<number[]> => {
        const sess = await ort.InferenceSession.create(new Uint8Array(await readFile(file)));
        const idle = new ort.Tensor('float32', new Float32Array(INPUT_CHANNELS * 64), [1, INPUT_CHANNELS, 8, 8]);
        const o = await sess.run({ map: idle, patch: new ort.Tensor('float32', patches, [3, INPUT_CHANNELS, PATCH_CELLS, PATCH_CELLS]) }, ['second', 'centre']);
        await sess.release();
        return [...(o['second']?.data as Float32Array), ...(o['centre']?.data as Float32Array)];
      };
      const want = await answers(centred);
      const got = await answers(combined);
      expect(got).toHaveLength(18);
      got.forEach((v, i) => expect(v).toBeCloseTo(want[i] as number, 4));
      // A file that is not an ONNX model is refused in one line naming it.
      const junk = join(d, 'junk.onnx');
      await writeFile(junk, 'not a model');
      const bad = spawnSync(PYTHON, ['models/train/train.py', '--smoke', d, '--threads', '1', '--resume', junk], { encoding: 'utf8', timeout: 200_000 });
      expect(bad.status).not.toBe(0);
      expect(bad.stderr.trim().split('\n')).toEqual([expect.stringMatching(/junk\.onnx: not an ONNX file/)]);
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  }, 400_000);
});
