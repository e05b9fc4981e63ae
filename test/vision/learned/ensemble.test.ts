/**
 * models/train/ensemble.py (rule E in the model card): one detector file whose chosen outputs are
 * the means of two models'. The partner here is the shipped model with its fallen chance pinned
 * to 1 (built by python3-onnx), so the ensemble's fallen chance must be (the shipped one's + 1) / 2
 * on every square, and its heat the shipped one's untouched. Bad arguments give one line, exit 2.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultModelPath, loadOnnxRuntimeNode } from '../../../src/vision/learned/onnx-node.js';
import { INPUT_CHANNELS } from '../../../src/vision/learned/table-map.js';
import { PATCH_CELLS } from '../../../src/vision/learned/fall-patches.js';
import { FINE_CELLS } from '../../../src/vision/learned/fine-squares.js';
import { PYTHON, pythonHas, scratchDirs } from './python-helpers.js';

const hasOnnx = pythonHas('onnx');
const scratch = scratchDirs();

/** The shipped model with its `fallen` output replaced by ones: PARTNER path from argv. */
const PIN_FALLEN = `
import sys, onnx
from onnx import helper as h
m = onnx.load(sys.argv[1])
g = m.graph
for n in g.node:
    n.output[:] = ['fallen_was' if o == 'fallen' else o for o in n.output]
g.node.append(h.make_node('Mul', ['fallen_was', 'zero'], ['fallen_zero']))
g.node.append(h.make_node('Add', ['fallen_zero', 'one'], ['fallen']))
g.initializer.extend([h.make_tensor('zero', onnx.TensorProto.FLOAT, [], [0.0]), h.make_tensor('one', onnx.TensorProto.FLOAT, [], [1.0])])
onnx.save(m, sys.argv[2])
`;

const run = (args: string[]) => spawnSync(PYTHON, ['models/train/ensemble.py', ...args], { encoding: 'utf8', timeout: 120_000 });

describe.runIf(hasOnnx)('ensemble.py', () => {
  it("averages the chosen output with the partner's and leaves the rest as the base's", async () => {
    const dir = await scratch('shagomer-ensemble-');
    const partner = join(dir, 'pinned.onnx');
    const out = join(dir, 'mean.onnx');
    const pin = spawnSync(PYTHON, ['-c', PIN_FALLEN, defaultModelPath(), partner], { encoding: 'utf8', timeout: 60_000 });
    expect(pin.status, pin.stderr).toBe(0);
    const r = run([defaultModelPath(), partner, out, '--outputs', 'fallen']);
    expect(r.status, r.stderr).toBe(0);

    const ort = await loadOnnxRuntimeNode();
    const base = await ort.InferenceSession.create(await readFile(defaultModelPath()));
    const mean = await ort.InferenceSession.create(await readFile(out));
    expect(mean.inputNames).toEqual(base.inputNames);
    expect(mean.outputNames).toEqual(base.outputNames);
    // Six squares and a small map of seeded noise.
    let s = 7;
    const noise = (n: number) => Float32Array.from({ length: n }, () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1);
    const n = 6;
    const feeds = {
      map: new ort.Tensor('float32', noise(INPUT_CHANNELS * 32 * 32), [1, INPUT_CHANNELS, 32, 32]),
      patch: new ort.Tensor('float32', noise(n * INPUT_CHANNELS * PATCH_CELLS * PATCH_CELLS), [n, INPUT_CHANNELS, PATCH_CELLS, PATCH_CELLS]),
      fine: new ort.Tensor('float32', new Float32Array(0), [0, INPUT_CHANNELS, FINE_CELLS, FINE_CELLS]),
    };
    const a = await base.run(feeds, ['heat', 'fallen']);
    const b = await mean.run(feeds, ['heat', 'fallen']);
    const fa = a['fallen']?.data as Float32Array;
    const fb = b['fallen']?.data as Float32Array;
    expect(fb.length).toBe(n);
    for (let i = 0; i < n; i++) expect(fb[i]).toBeCloseTo(((fa[i] as number) + 1) / 2, 6);
    // The chances vary from square to square, so the test would see an output left as it was.
    expect(Math.max(...fa) - Math.min(...fa)).toBeGreaterThan(1e-3);
    expect(Array.from(b['heat']?.data as Float32Array)).toEqual(Array.from(a['heat']?.data as Float32Array));
    await base.release();
    await mean.release();
  });

  it('refuses an output the detector has not, and a missing file, with one line and exit 2', async () => {
    const dir = await scratch('shagomer-ensemble-bad-');
    const bad = run([defaultModelPath(), defaultModelPath(), join(dir, 'x.onnx'), '--outputs', 'fallen,colour']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual(['ensemble.py: --outputs: colour is not a detector output (heat, fallen, second, centre, place_fine)']);
    const missing = run([join(dir, 'none.onnx'), defaultModelPath(), join(dir, 'y.onnx')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/^ensemble\.py: cannot read a model: .*none\.onnx/);
  });
});
