/**
 * ONNX files that are valid models but not the miniature detector are refused with one line
 * naming the file and what it holds (onnx-node.ts, learned-detector.ts). The files are built here
 * by Debian's python3-onnx: an identity net, and a net with the two inputs but no `fallen`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLearnedDetectorNode } from '../../../src/vision/learned/onnx-node.js';
import { PYTHON, pythonHas } from './python-helpers.js';

const hasOnnx = pythonHas('onnx');

/** Writes OUT_DIR/identity.onnx (x → y), OUT_DIR/no-fallen.onnx (map → heat, patch → other) and OUT_DIR/no-fine-output.onnx (map → heat, patch → fallen, fine → other). */
const BUILD = `
import sys, onnx
from onnx import helper as h, TensorProto as T
d = sys.argv[1]
def io(name, dims):
    return h.make_tensor_value_info(name, T.FLOAT, dims)
def save(nodes, ins, outs, path):
    m = h.make_model(h.make_graph(nodes, 'g', ins, outs), opset_imports=[h.make_opsetid('', 13)])
    m.ir_version = 7
    onnx.checker.check_model(m)
    onnx.save(m, path)
save([h.make_node('Identity', ['x'], ['y'])], [io('x', [1, 4])], [io('y', [1, 4])], d + '/identity.onnx')
save([h.make_node('Identity', ['map'], ['heat']), h.make_node('Identity', ['patch'], ['other'])],
     [io('map', [1, 9, 8, 8]), io('patch', ['n', 9, 24, 24])], [io('heat', [1, 9, 8, 8]), io('other', ['n', 9, 24, 24])], d + '/no-fallen.onnx')
save([h.make_node('Identity', ['map'], ['heat']), h.make_node('Identity', ['patch'], ['fallen']), h.make_node('Identity', ['fine'], ['other'])],
     [io('map', [1, 9, 8, 8]), io('patch', ['n', 9, 24, 24]), io('fine', ['m', 9, 48, 48])], [io('heat', [1, 9, 8, 8]), io('fallen', ['n', 9, 24, 24]), io('other', ['m', 9, 48, 48])], d + '/no-fine-output.onnx')
`;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shagomer-foreign-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.runIf(hasOnnx)('a model that is not the detector', () => {
  it('is refused with one line naming the file and its inputs and outputs', async () => {
    const b = spawnSync(PYTHON, ['-c', BUILD, dir], { encoding: 'utf8' });
    expect(b.status, b.stderr).toBe(0);
    const identity = await loadLearnedDetectorNode(join(dir, 'identity.onnx'));
    expect(identity.ok).toBe(false);
    if (identity.ok) return;
    expect(identity.problem).toBe(`${join(dir, 'identity.onnx')}: not the miniature detector: inputs [x], outputs [y], expected map → heat`);
    // Two inputs but no `fallen`: not a second stage the decoder could read.
    const noFallen = await loadLearnedDetectorNode(join(dir, 'no-fallen.onnx'));
    expect(noFallen.ok).toBe(false);
    if (noFallen.ok) return;
    expect(noFallen.problem).toMatch(/no-fallen\.onnx: not the miniature detector: inputs \[map, patch\], expected map \(and patch → fallen, and fine → fallen_fine or place_fine\)$/);
    expect(noFallen.problem).not.toContain('\n');
    // A third input without a fine net's output: neither a fine fallen net nor a placement net.
    const noFine = await loadLearnedDetectorNode(join(dir, 'no-fine-output.onnx'));
    expect(noFine.ok).toBe(false);
    if (noFine.ok) return;
    expect(noFine.problem).toMatch(/no-fine-output\.onnx: not the miniature detector: inputs \[map, patch, fine\], expected map \(and patch → fallen, and fine → fallen_fine or place_fine\)$/);
  });
});
