/**
 * The exported model on stored tensors of the TRAINING family (fresh seeds, never the Blender
 * frames): base-centre errors, falls, phantoms for each way of placing a peak inside its cell
 * over a grid of thresholds and merge distances. What decode options ship is chosen here, not on the held-out set.
 *   node models/train/.build/models/train/validate.js MODEL.onnx DIR
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { figures, matchFrame } from '../../bench/heldout-eval.js';
import { loadLearnedDetector } from '../../src/vision/learned/learned-detector.js';
import { loadOnnxRuntimeNode } from '../../src/vision/learned/onnx-node.js';
import type { DecodeOptions } from '../../src/vision/learned/decode-heat.js';

const [modelPath = 'models/miniature-detector.onnx', dir = 'models/train/val'] = process.argv.slice(2);
const r = await loadLearnedDetector(await loadOnnxRuntimeNode(), new Uint8Array(readFileSync(modelPath)));
if (!r.ok) throw new Error(r.problem);
interface Meta { rows: number; cols: number; mm_per_cell: number; models: { x_mm: number; y_mm: number; fallen: boolean; kind: string; base_mm: number; tag: number | null }[] }
const tables = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => {
  const meta = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Meta;
  const b = readFileSync(join(dir, f.replace(/\.json$/, '.bin')));
  return { meta, input: new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4) };
});
const grid: DecodeOptions[] = [];
for (const subcell of ['heat', 'offset', 'mean'] as const) for (const threshold of [0.3, 0.4, 0.5, 0.6, 0.7]) for (const fallenThreshold of [0.3, 0.4, 0.5, 0.6, 0.7]) for (const mergeMm of [10, 14]) grid.push({ threshold, fallenThreshold, mergeMm, subcell });
for (const bg of [true, false]) {
  const runs: ReturnType<typeof matchFrame>[][] = grid.map(() => []);
  for (const t of tables) {
    const x = new Float32Array(t.input);
    if (!bg) x.fill(0, 5 * t.meta.rows * t.meta.cols);
    const found = await r.detector.detectInputEach(x, t.meta.rows, t.meta.cols, t.meta.mm_per_cell, grid);
    // Tags are bound from located tags at run time; here every model counts as untagged.
    const truth = t.meta.models.map((m) => ({ ...m, tag: null, height_mm: 0, traits: [] }));
    found.forEach((objs, k) => runs[k]?.push(matchFrame(truth, objs.map((o) => ({ x_mm: o.xMm, y_mm: o.yMm, fallen: o.fallen, tag: null })))));
  }
  grid.forEach((g, k) => {
    const f = figures(runs[k] ?? []);
    console.log(`bg ${bg ? 'yes' : 'no '} ${g.subcell.padEnd(6)} thr ${g.threshold}/${g.fallenThreshold} merge ${g.mergeMm}: missed ${f.basesMissedPct.toFixed(1)} %, base p95 ${f.baseP95Mm.toFixed(1)} median ${f.baseMedianMm.toFixed(1)} mm (${f.bases}), phantoms ${f.phantomsPct.toFixed(1)} %, falls ${f.fallsFoundPct.toFixed(1)} % (${f.falls}), standing→fallen ${f.standingCalledFallenPct.toFixed(1)} %`);
  });
}
await r.detector.release();
