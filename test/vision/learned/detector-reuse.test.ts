/**
 * The learned detector keeps its frame map and network input between calls (learned-detector.ts):
 * a detector that has seen other frames, with and without their empty tables, answers exactly as
 * a fresh one, and two calls in flight at once do not share those buffers (nor the padded and
 * mirrored maps the first stage's views are made in).
 */
import { describe, expect, it } from 'vitest';
import { readHeldoutFrame, type ReadFrame } from '../../../bench/heldout-frame.js';
import { listHeldoutFrames } from '../../../bench/heldout-eval.js';
import type { LearnedDetectInput, LearnedObject } from '../../../src/vision/learned/learned-detector.js';
import { loadLearnedDetectorNode } from '../../../src/vision/learned/onnx-node.js';
import { openCv } from '../helpers.js';
import { FIXTURES, WEBGL_FIXTURES } from './heldout-helpers.js';

async function frames(): Promise<{ name: string; input: LearnedDetectInput; read: ReadFrame }[]> {
  const cv = await openCv();
  const out = [];
  for (const dir of [FIXTURES, WEBGL_FIXTURES]) {
    const f = (await listHeldoutFrames(dir))[0];
    if (!f) throw new Error(`no fixture frame in ${dir}`);
    const read = await readHeldoutFrame(cv, f);
    if (!read.located.ok) throw new Error(`${f.name}: not located`);
    const { pose, intrinsics, report } = read.located.value;
    out.push({ name: f.name, input: { frame: read.image, pose, intrinsics, table: read.table, tags: report.tags }, read });
  }
  return out;
}

async function fresh(): Promise<{ detect(i: LearnedDetectInput): Promise<LearnedObject[]>; release(): Promise<void> }> {
  const r = await loadLearnedDetectorNode();
  if (!r.ok) throw new Error(r.problem);
  const d = r.detector;
  return { detect: async (i) => (await d.detect(i)).objects, release: () => d.release() };
}

describe('the learned detector between frames', () => {
  it('answers each frame as a fresh detector does after other frames, other cameras and the empty table, and with two calls in flight', async () => {
    const [a, b] = await frames();
    if (!a || !b) throw new Error('two fixture frames expected');
    const expected = new Map<string, LearnedObject[]>();
    for (const [f, bg] of [[a, null], [a, a.read.background], [b, null], [b, b.read.background]] as const) {
      const d = await fresh();
      expected.set(`${f.name}:${bg ? 'bg' : 'no bg'}`, await d.detect({ ...f.input, background: bg }));
      await d.release();
    }
    for (const objects of expected.values()) expect(objects.length).toBeGreaterThan(5);

    const d = await fresh();
    // One after another, switching camera, table and mode at every call.
    for (const [f, bg] of [[a, null], [b, b.read.background], [a, a.read.background], [b, null], [a, null]] as const) {
      expect(await d.detect({ ...f.input, background: bg }), `${f.name} ${bg ? 'with' : 'without'} its empty table`).toEqual(expected.get(`${f.name}:${bg ? 'bg' : 'no bg'}`));
    }
    // Two at once: the second call must not write into the buffers the first is still reading.
    const [x, y] = await Promise.all([d.detect({ ...a.input, background: null }), d.detect({ ...b.input, background: null })]);
    expect(x).toEqual(expected.get(`${a.name}:no bg`));
    expect(y).toEqual(expected.get(`${b.name}:no bg`));
    // And with their empty tables, where the first stage also sees the mirrored maps (rule M′): the
    // padded and mirrored maps are read after the first call's awaits.
    const [xb, yb] = await Promise.all([d.detect({ ...a.input, background: a.read.background }), d.detect({ ...b.input, background: b.read.background })]);
    expect(xb).toEqual(expected.get(`${a.name}:bg`));
    expect(yb).toEqual(expected.get(`${b.name}:bg`));
    await d.release();
    a.read.release();
    b.read.release();
  }, 120_000);
});
