/**
 * models/train/make-blender-dataset.ts: a Blender frame written as a training table the
 * trainers read (make-dataset.js's layout), at the places its truth names, and the held-out
 * frames refused.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listHeldoutFrames } from '../../../bench/heldout-eval.js';
import { parseBlenderArgs, writeBlenderEntry } from '../../../models/train/make-blender-dataset.js';
import { loadLearnedDetectorNode } from '../../../src/vision/learned/onnx-node.js';
import { INPUT_CHANNELS } from '../../../src/vision/learned/table-map.js';
import { openCv } from '../helpers.js';
import { FIXTURES } from './heldout-helpers.js';

describe('make-blender-dataset', () => {
  it('writes a located Blender frame as a table map whose models the shipped network finds where the truth puts them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'blender-dataset-'));
    try {
      const frame = (await listHeldoutFrames(FIXTURES)).find((f) => f.name === 't0-f0');
      if (!frame) throw new Error('fixture t0-f0 missing');
      const r = await writeBlenderEntry(await openCv(), frame, dir, 'bx');
      expect(r).toEqual({ ok: true, name: 'bx-t0-f0' });
      const meta = JSON.parse(await readFile(join(dir, 'bx-t0-f0.json'), 'utf8')) as { channels: number; rows: number; cols: number; mm_per_cell: number; models: { x_mm: number; y_mm: number; fallen: boolean }[] };
      expect(meta.channels).toBe(INPUT_CHANNELS);
      expect(meta.models).toEqual(frame.truth.models);
      const bin = await readFile(join(dir, 'bx-t0-f0.bin'));
      expect(bin.byteLength).toBe(4 * meta.channels * meta.rows * meta.cols);
      // The stored tensor through the network: a map shifted, mirrored or sampled with a wrong
      // pose would put the peaks away from the truth.
      const loaded = await loadLearnedDetectorNode();
      if (!loaded.ok) throw new Error(loaded.problem);
      const peaks = await loaded.detector.detectInput(new Float32Array(bin.buffer, bin.byteOffset, bin.byteLength / 4), meta.rows, meta.cols, meta.mm_per_cell);
      const standing = meta.models.filter((m) => !m.fallen);
      const found = standing.filter((m) => peaks.some((p) => Math.hypot(p.xMm - m.x_mm, p.yMm - m.y_mm) < 8));
      expect(found.length / standing.length).toBeGreaterThan(0.8);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses the held-out frames and fixtures of both families, a bad prefix and missing arguments in one line', () => {
    for (const argv of [[], ['src', 'out'], ['src', 'out', 'Bad!'], ['src', 'out', 'b', 'extra'], ['src', 'out', 'b', '--fine', 'extra'], ['src', 'out', '--fine'], ['test/blender/frames', 'out', 'b'], ['./test/blender/frames/', 'out', 'b', '--fine'], ['test/webgl/fixtures', 'out', 'g'], ['test/blender/fixtures', 'out', 'b']]) {
      const r = parseBlenderArgs(argv);
      expect(r.ok, argv.join(' ')).toBe(false);
      if (!r.ok) expect(r.problem.split('\n')).toHaveLength(1);
    }
    // A link to held-out frames is refused too (test/webgl/frames is one on the machines that render it).
    const linkDir = mkdtempSync(join(tmpdir(), 'held-link-'));
    try {
      symlinkSync(resolve('test/webgl/fixtures'), join(linkDir, 'frames'));
      expect(parseBlenderArgs([join(linkDir, 'frames'), 'out', 'g'])).toEqual({ ok: false, problem: `${join(linkDir, 'frames')}: the held-out frames are not training data` });
    } finally {
      rmSync(linkDir, { recursive: true, force: true });
    }
    expect(parseBlenderArgs(['/work/bl/s11', 'models/train/datab', 'b11'])).toEqual({ ok: true, src: '/work/bl/s11', out: 'models/train/datab', prefix: 'b11', fine: false });
    expect(parseBlenderArgs(['/work/bl/s11', 'models/train/fineb', 'b11', '--fine'])).toEqual({ ok: true, src: '/work/bl/s11', out: 'models/train/fineb', prefix: 'b11', fine: true });
  });
});
