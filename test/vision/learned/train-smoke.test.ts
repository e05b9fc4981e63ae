/**
 * The training command end to end in seconds: two tiny varied tables written by the dataset
 * code, three steps of models/train/train.py (Debian's torch), the exported ONNX loaded and
 * run by the detector module the CLI uses. Proves the pipeline, not the model's quality.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lookAtPose } from '../../../src/vision/camera-model.js';
import { loadLearnedDetector } from '../../../src/vision/learned/learned-detector.js';
import { loadOnnxRuntimeNode } from '../../../src/vision/learned/onnx-node.js';
import { writeDatasetEntry } from '../../../models/train/dataset-entry.js';

const PYTHON = '/usr/bin/python3';
const hasTorch = existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import torch, onnx'], { encoding: 'utf8' }).status === 0;
let dir = '';

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.runIf(hasTorch)('training smoke step', () => {
  it('trains three steps on two tables, exports ONNX that the detector loads and runs', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shagomer-train-'));
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
  }, 240_000);
});
