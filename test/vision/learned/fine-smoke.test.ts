/**
 * The fine fallen net's pipeline end to end in seconds: two tiny varied tables written by
 * models/train/make-fine.ts, three steps of models/train/fine_fallen.py (Debian's torch), the net
 * merged into the shipped file as a third graph, and that file loaded and run by the detector
 * the CLI uses: the fine net's chance is the one `fallen` follows. Proves the pipeline, not the
 * net's quality.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINE_CELLS } from '../../../src/vision/learned/fine-squares.js';
import { LIVE_DETECTOR_OPTIONS, loadLearnedDetector, type LearnedDetectorOptions } from '../../../src/vision/learned/learned-detector.js';
import { loadOnnxRuntimeNode } from '../../../src/vision/learned/onnx-node.js';
import { INPUT_CHANNELS } from '../../../src/vision/learned/table-map.js';
import { renderVaried, variedTable } from '../../synthetic/varied.js';
import { MARGIN, writeFineEntry } from '../../../models/train/make-fine.js';
import { PYTHON, pythonHas, scratchDirs } from './python-helpers.js';

const hasTorch = pythonHas('torch, onnx');
const scratch = scratchDirs();

describe.runIf(hasTorch)('fine fallen net smoke step', () => {
  it('writes squares, trains three steps, merges into the detector file, and the detector follows its chance', async () => {
    const dir = await scratch('shagomer-fine-');
    const a = await writeFineEntry(dir, 1, true, { widthPx: 320 });
    await writeFineEntry(dir, 2, false, { widthPx: 320 });
    const side = FINE_CELLS + 2 * MARGIN;
    expect((await readFile(join(dir, `${a.name}.fine.bin`))).byteLength).toBe(4 * a.models * INPUT_CHANNELS * side * side);
    expect(existsSync(join(dir, `${a.name}.bin`))).toBe(true);
    expect(existsSync(join(dir, 's00002.bin'))).toBe(false);
    const net = join(dir, 'fine.onnx');
    const t = spawnSync(PYTHON, ['models/train/fine_fallen.py', '--smoke', dir, '--threads', '1', '--out', net], { encoding: 'utf8', timeout: 200_000 });
    expect(t.status, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/step 3 /);
    const merged = join(dir, 'merged.onnx');
    const m = spawnSync(PYTHON, ['models/train/fine_fallen.py', '--merge', 'models/miniature-detector.onnx', net, '--out', merged], { encoding: 'utf8', timeout: 200_000 });
    expect(m.status, m.stderr).toBe(0);
    // A file that holds a fine fallen net already is not given another.
    const twice = spawnSync(PYTHON, ['models/train/fine_fallen.py', '--merge', merged, net, '--out', join(dir, 'twice.onnx')], { encoding: 'utf8', timeout: 200_000 });
    expect(twice.status).not.toBe(0);
    expect(twice.stderr.trim()).toMatch(/already holds fallen_fine$/);

    const ort = await loadOnnxRuntimeNode();
    const bytes = new Uint8Array(await readFile(merged));
    const v = variedTable(1, { widthPx: 320 });
    const full = await renderVaried(v, 'full');
    const empty = await renderVaried(v, 'empty');
    const input = {
      frame: { width: full.width, height: full.height, data: full.rgba },
      background: { width: empty.width, height: empty.height, data: empty.rgba },
      pose: v.camera.pose,
      intrinsics: v.camera.intrinsics,
      table: v.table,
    };
    // The second stage's views as the live Worker asks them: on this 320 px table the default (eight
    // views in [0.1, 0.9], rule SV) drops a weak object without the empty table, leaving two, and the
    // fine net's switch needs more objects than that to show.
    const run = async (o: Partial<LearnedDetectorOptions>, bg: boolean): Promise<boolean[]> => {
      const r = await loadLearnedDetector(ort, bytes, { views: LIVE_DETECTOR_OPTIONS.views, ...o, rim: null, rimPair: null });
      if (!r.ok) throw new Error(r.problem);
      // The shipped file's placement net and the fine fallen net read one `fine` input.
      expect(r.detector.stages).toEqual({ fallen: true, second: true, centre: true, fine: true, place: true });
      const d = await r.detector.detect({ ...input, background: bg ? input.background : null });
      await r.detector.release();
      return d.objects.map((x) => x.fallen);
    };
    // The fine net decides: at 0 every object is fallen, above 1 none; the 4 mm call, off, is the shipped one.
    for (const bg of [true, false]) {
      const off = await run({ fine: null }, bg);
      expect(off.length).toBeGreaterThan(2);
      expect(await run({ fine: { combine: 'fine', threshold: 0 } }, bg)).toEqual(off.map(() => true));
      expect(await run({ fine: { combine: 'fine', threshold: 1.01 } }, bg)).toEqual(off.map(() => false));
      // Asked only where the 4 mm chance is unsure: a band that holds every chance asks all, an empty one none.
      expect(await run({ fine: { combine: 'fine', threshold: 0, unsure: [0, 1] } }, bg)).toEqual(off.map(() => true));
      expect(await run({ fine: { combine: 'fine', threshold: 0, unsure: [0.5, 0.4] } }, bg)).toEqual(off);
    }
    // The shipped file alone has no fine fallen net: the option changes nothing.
    const shipped = await loadLearnedDetector(ort, new Uint8Array(await readFile('models/miniature-detector.onnx')), { fine: { combine: 'fine', threshold: 0 }, rim: null, rimPair: null });
    expect(shipped.ok && shipped.detector.stages.fine).toBe(false);
    if (shipped.ok) {
      const d = await shipped.detector.detect(input);
      expect(d.objects.some((o) => !o.fallen)).toBe(true);
      await shipped.detector.release();
    }
  }, 400_000);
});
