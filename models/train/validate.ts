/**
 * The exported model on stored tensors of the TRAINING family (fresh seeds, never the Blender
 * frames): base-centre errors, falls, phantoms for each way of placing a peak inside its cell
 * and a few thresholds. What decode options ship is chosen here, not on the held-out set.
 *   node models/train/.build/models/train/validate.js MODEL.onnx DIR
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { figures, matchFrame } from '../../bench/heldout-eval.js';
import { loadLearnedDetector } from '../../src/vision/learned/learned-detector.js';
import { loadOnnxRuntimeNode } from '../../src/vision/learned/onnx-node.js';
import { DEFAULT_DECODE } from '../../src/vision/learned/decode-heat.js';

const [modelPath = 'models/miniature-detector.onnx', dir = 'models/train/val'] = process.argv.slice(2);
const r = await loadLearnedDetector(await loadOnnxRuntimeNode(), new Uint8Array(readFileSync(modelPath)));
if (!r.ok) throw new Error(r.problem);
interface Meta { rows: number; cols: number; mm_per_cell: number; models: { x_mm: number; y_mm: number; fallen: boolean; kind: string; base_mm: number; tag: number | null }[] }
const tables = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => {
  const meta = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Meta;
  const b = readFileSync(join(dir, f.replace(/\.json$/, '.bin')));
  return { meta, input: new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4) };
});
for (const bg of [true, false]) {
  for (const subcell of ['heat'] as const) {
    for (const [threshold, fallenThreshold] of [[0.3, 0.3], [0.3, 0.2], [0.3, 0.12], [0.3, 0.06], [0.4, 0.12], [0.25, 0.12]] as const) {
      const runs = [];
      for (const t of tables) {
        const x = new Float32Array(t.input);
        if (!bg) x.fill(0, 5 * t.meta.rows * t.meta.cols);
        const found = await r.detector.detectInput(x, t.meta.rows, t.meta.cols, t.meta.mm_per_cell, { ...DEFAULT_DECODE, subcell, threshold, fallenThreshold });
        // Tags are bound from located tags at run time; here every model counts as untagged.
        const truth = t.meta.models.map((m) => ({ ...m, tag: null, height_mm: 0, traits: [] }));
        runs.push(matchFrame(truth, found.map((o) => ({ x_mm: o.xMm, y_mm: o.yMm, fallen: o.fallen, tag: null }))));
      }
      const f = figures(runs);
      console.log(`bg ${bg ? 'yes' : 'no '} ${subcell.padEnd(6)} thr ${threshold}/${fallenThreshold}: base p95 ${f.baseP95Mm.toFixed(1)} median ${f.baseMedianMm.toFixed(1)} mm (${f.bases}), phantoms ${f.phantomsPct.toFixed(1)} %, falls ${f.fallsFoundPct.toFixed(0)} % (${f.falls}), standing→fallen ${f.standingCalledFallenPct.toFixed(1)} %`);
    }
  }
}
await r.detector.release();
