/**
 * The exported model on stored tensors of the TRAINING family (fresh seeds, never the Blender
 * frames): base-centre errors, falls, phantoms for each way of placing a peak inside its cell
 * over a grid of thresholds and merge distances. What decode options ship is chosen here, not on the held-out set.
 *   node models/train/.build/models/train/validate.js MODEL.onnx DIR[,DIR…] [--default]
 * With --default only the shipped DEFAULT_DECODE is scored (seconds, not the grid's minutes);
 * --decode JSON scores DEFAULT_DECODE with these fields changed, e.g. --decode '{"threshold":0.4}'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectedOf, figures, matchFrame } from '../../bench/heldout-eval.js';
import { loadLearnedDetector } from '../../src/vision/learned/learned-detector.js';
import { loadOnnxRuntimeNode } from '../../src/vision/learned/onnx-node.js';
import { DEFAULT_DECODE, type DecodeOptions } from '../../src/vision/learned/decode-heat.js';

const argv = process.argv.slice(2);
const decodeAt = argv.indexOf('--decode');
const changed = decodeAt >= 0 ? (JSON.parse(argv[decodeAt + 1] ?? '{}') as Partial<DecodeOptions>) : null;
const args = argv.filter((a, i) => a !== '--default' && (decodeAt < 0 || (i !== decodeAt && i !== decodeAt + 1)));
const onlyDefault = argv.includes('--default') || changed !== null;
const [modelPath = 'models/miniature-detector.onnx', dirs = 'models/train/val'] = args;
const r = await loadLearnedDetector(await loadOnnxRuntimeNode(), new Uint8Array(readFileSync(modelPath)));
if (!r.ok) throw new Error(r.problem);
interface Meta { rows: number; cols: number; mm_per_cell: number; models: { x_mm: number; y_mm: number; fallen: boolean; kind: string; base_mm: number; tag: number | null }[] }
const tables = dirs.split(',').flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => {
  const meta = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Meta;
  const b = readFileSync(join(dir, f.replace(/\.json$/, '.bin')));
  return { meta, input: new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4) };
}));
const grid: DecodeOptions[] = [];
const THRESHOLDS = [0.3, 0.4, 0.5, 0.6, 0.7];
const FALLEN = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
/** Every heat threshold, fallen threshold and merge distance with these other options. */
const sweep = (rest: Omit<DecodeOptions, 'threshold' | 'fallenThreshold' | 'mergeMm'>): void => {
  for (const threshold of THRESHOLDS) for (const fallenThreshold of FALLEN) for (const mergeMm of [10, 14, 20]) grid.push({ threshold, fallenThreshold, mergeMm, ...rest });
};
if (onlyDefault) grid.push({ ...DEFAULT_DECODE, ...changed });
else for (const subcell of ['heat', 'offset', 'mean'] as const) sweep({ subcell });
// A second stage with a second-model head (second-stage.ts): how sure it must be to add a model.
if (!onlyDefault && r.detector.stages.second) for (const secondThreshold of [0.5, 0.6, 0.7, 0.8, 0.9]) sweep({ subcell: 'heat', secondThreshold });
// A centre head: how far off its peak an object must be said to lie to be moved, which squares
// call a moved object fallen, and how sure its "a model is here" must be for a peak to stay.
if (!onlyDefault && r.detector.stages.centre) {
  for (const movedFallen of ['place', 'peak', 'mean'] as const) for (const hereThreshold of [undefined, 0.2, 0.3, 0.5, 0.7]) {
    for (const centreMinMm of [0, 2, 4, 8]) for (const secondThreshold of [0.5, 0.6, 0.7, 0.8, 0.9]) sweep({ subcell: 'heat', secondThreshold, centreMinMm, movedFallen, hereThreshold });
  }
}
const scored: { bg: boolean; g: DecodeOptions; f: ReturnType<typeof figures> }[] = [];
for (const bg of [true, false]) {
  const runs: ReturnType<typeof matchFrame>[][] = grid.map(() => []);
  for (const t of tables) {
    const x = new Float32Array(t.input);
    if (!bg) x.fill(0, 5 * t.meta.rows * t.meta.cols);
    const found = await r.detector.detectInputEach(x, t.meta.rows, t.meta.cols, t.meta.mm_per_cell, grid);
    // Tags are bound from located tags at run time; here every model counts as untagged.
    const truth = t.meta.models.map((m) => ({ ...m, tag: null, height_mm: 0, traits: [] }));
    found.forEach((objs, k) => runs[k]?.push(matchFrame(truth, detectedOf(objs))));
  }
  grid.forEach((g, k) => {
    const f = figures(runs[k] ?? []);
    scored.push({ bg, g, f });
    console.log(`bg ${bg ? 'yes' : 'no '} ${g.subcell.padEnd(6)} thr ${g.threshold}/${g.fallenThreshold}${g.secondThreshold === undefined ? '' : `/${g.secondThreshold}`}${g.centreMinMm === undefined ? '' : ` centre ≥ ${g.centreMinMm} mm, fallen by ${g.movedFallen ?? 'place'}${g.hereThreshold === undefined ? '' : `, here ≥ ${g.hereThreshold}`}`} merge ${g.mergeMm}: missed ${f.basesMissedPct.toFixed(1)} %, base p95 ${f.baseP95Mm.toFixed(1)} median ${f.baseMedianMm.toFixed(1)} mm (${f.bases}), phantoms ${f.phantomsPct.toFixed(1)} %, falls ${f.fallsFoundPct.toFixed(1)} % (${f.falls}), standing→fallen ${f.standingCalledFallenPct.toFixed(1)} %`);
  });
}
await r.detector.release();

// The rule the shipped DEFAULT_DECODE follows: the heat threshold with the fewest models missed
// plus phantoms (both modes summed; a miss and a phantom are one wrong object each; ties to the
// smaller base median), then the fallen threshold (and a moved object's squares) with the most
// falls found less twice the standing called fallen.
/** A decoding's key: its options in a fixed order. */
const keyOf = (g: DecodeOptions): string => [g.subcell, g.threshold, g.fallenThreshold, g.mergeMm, g.secondThreshold, g.centreMinMm, g.movedFallen, g.hereThreshold].join('|');
// Both modes' figures of each decoding, summed once (looked up per comparison, the grid's 30 000
// decodings sorted in seconds; filtering the grid per comparison took hours).
const sums = new Map<string, { wrong: number; median: number; falls: number }>();
for (const x of scored) {
  const k = keyOf(x.g);
  const t = sums.get(k) ?? { wrong: 0, median: 0, falls: 0 };
  t.wrong += x.f.basesMissedPct + x.f.phantomsPct;
  t.median += x.f.baseMedianMm;
  t.falls += x.f.fallsFoundPct - 2 * x.f.standingCalledFallenPct;
  sums.set(k, t);
}
const sum = (g: DecodeOptions): { wrong: number; median: number; falls: number } => sums.get(keyOf(g)) ?? { wrong: Infinity, median: Infinity, falls: -Infinity };
const same = (a: DecodeOptions) => (b: DecodeOptions): boolean => keyOf(a) === keyOf(b);
// Ties (a centre head moves objects without finding more or fewer) go to the smaller base median.
const wrongObjects = (g: DecodeOptions): number => sum(g).wrong;
const baseMedian = (g: DecodeOptions): number => sum(g).median;
const byObjects = [...grid].sort((a, b) => wrongObjects(a) - wrongObjects(b) || baseMedian(a) - baseMedian(b));
const best = byObjects[0];
if (best) {
  // The fallen threshold, and for moved objects which squares they are called fallen by.
  const forFalls = grid.filter((g) => same({ ...best, fallenThreshold: g.fallenThreshold, movedFallen: g.movedFallen })(g));
  const fallScore = (g: DecodeOptions): number => sum(g).falls;
  const chosen = [...forFalls].sort((a, b) => fallScore(b) - fallScore(a))[0] ?? best;
  console.log(`chosen by the rule: ${JSON.stringify(chosen)}`);
}
