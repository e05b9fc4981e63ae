/**
 * Training squares for the fine fallen net (models/train/fine_fallen.py): COUNT varied tables
 * from test/synthetic's ray caster (never the Blender family, which is held out), each rendered
 * empty and set up; around every model's true point a square of FINE_CELLS + 2 × MARGIN cells
 * (2 mm) sampled by src/vision/learned/fine-squares.ts, the detector's own code, with the
 * empty table's channels (the trainer drops them for half the views).
 *
 *   npx tsc -p models/train/tsconfig.json && cp test/synthetic/dict-4x4-50.json models/train/.build/test/synthetic/
 *   nice -n 10 node models/train/.build/models/train/make-fine.js OUT FIRST_SEED COUNT [--map]
 *
 * Writes NAME.fine.bin (float32 [models, INPUT_CHANNELS, S, S], S = FINE_CELLS + 2 × MARGIN)
 * and NAME.fine.json (the models, in the order of the squares). With --map also the 4 mm
 * entry the other trainers read (dataset-entry.ts's NAME.bin and NAME.json), from the same
 * renders: validation tables on which both fallen nets are compared at the same points.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FINE_CELLS, fineSquareAt, fineSquareInput, sampleFineSquares } from '../../src/vision/learned/fine-squares.js';
import type { CameraIntrinsics, CameraPose } from '../../src/vision/camera-model.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { buildTableMapSampler, INPUT_CHANNELS, networkInput, sampleTableMap, tableColour, type TableMapSampler } from '../../src/vision/learned/table-map.js';
import { renderVaried, variedTable } from '../../test/synthetic/varied.js';
import { seedEntryName } from './dataset-entry.js';

/** Cells a square may be moved by when trained on (12 mm: the detector's points are some mm off). */
export const MARGIN = 6;

/** A frame (and its empty table) located by this pose and lens, and the models on it. */
export interface FineSource {
  frame: RgbaImage;
  background: RgbaImage;
  pose: CameraPose;
  intrinsics: CameraIntrinsics;
  table: { width_mm: number; depth_mm: number };
  models: readonly { x_mm: number; y_mm: number; fallen: boolean }[];
}

/**
 * NAME.fine.bin and NAME.fine.json in dir: around every model's true point a square of
 * FINE_CELLS + 2 × MARGIN cells (2 mm) with the empty table's channels; `meta` joins the json.
 * Returns the 4 mm maps it sampled on the way, for a caller that writes them too.
 */
export async function writeFineSquares(dir: string, name: string, s: FineSource, meta: Record<string, unknown>): Promise<{ sampler: TableMapSampler; frameMap: Float32Array; bgMap: Float32Array; refBg: [number, number, number] }> {
  const sampler = buildTableMapSampler(s.pose, s.intrinsics, s.table);
  const frameMap = sampleTableMap(sampler, s.frame);
  const bgMap = sampleTableMap(sampler, s.background);
  const cells = sampler.cols * sampler.rows;
  const ref = tableColour(frameMap, cells);
  const refBg = tableColour(bgMap, cells);
  const side = FINE_CELLS + 2 * MARGIN;
  const per = INPUT_CHANNELS * side * side;
  const out = new Float32Array(s.models.length * per);
  s.models.forEach((m, k) => {
    const sq = fineSquareAt(m.x_mm, m.y_mm, side);
    const [f, b] = sampleFineSquares([s.frame, s.background], s.pose, s.intrinsics, s.table, sq);
    fineSquareInput(f as Float32Array, b ?? null, sq, sampler.cameraMm, ref, refBg, out, k * per);
  });
  await writeFile(join(dir, `${name}.fine.bin`), Buffer.from(out.buffer));
  await writeFile(join(dir, `${name}.fine.json`), JSON.stringify({ ...meta, channels: INPUT_CHANNELS, side, margin: MARGIN, camera_mm: sampler.cameraMm, image: [s.frame.width, s.frame.height], models: s.models }));
  return { sampler, frameMap, bgMap, refBg };
}

export async function writeFineEntry(dir: string, seed: number, withMap: boolean, o: { widthPx?: number } = {}): Promise<{ name: string; models: number }> {
  const v = variedTable(seed, o);
  const full = await renderVaried(v, 'full');
  const empty = await renderVaried(v, 'empty');
  const frame = { width: full.width, height: full.height, data: full.rgba };
  const bg = { width: empty.width, height: empty.height, data: empty.rgba };
  const name = seedEntryName(seed);
  const { sampler, frameMap, bgMap, refBg } = await writeFineSquares(dir, name, { frame, background: bg, pose: v.camera.pose, intrinsics: v.camera.intrinsics, table: v.table, models: v.models }, { seed, mat: v.mat });
  if (withMap) {
    const input = networkInput(sampler, frameMap, bgMap, refBg);
    await writeFile(join(dir, `${name}.bin`), Buffer.from(input.buffer));
    await writeFile(
      join(dir, `${name}.json`),
      JSON.stringify({ seed, channels: INPUT_CHANNELS, cols: sampler.cols, rows: sampler.rows, mm_per_cell: sampler.mmPerCell, camera_mm: sampler.cameraMm, image: [full.width, full.height], models: v.models }),
    );
  }
  return { name, models: v.models.length };
}

if (process.argv[1]?.endsWith('make-fine.js')) {
  const args = process.argv.slice(2);
  const withMap = args.includes('--map');
  const [out, first, count] = args.filter((a) => a !== '--map');
  if (!out || !Number.isInteger(Number(first)) || !Number.isInteger(Number(count)) || Number(count) < 1) {
    console.error('usage: make-fine.js OUT FIRST_SEED COUNT [--map]');
    process.exit(2);
  }
  mkdirSync(out, { recursive: true });
  for (let seed = Number(first); seed < Number(first) + Number(count); seed++) {
    // A rerun resumes: a table whose files are all written (the .json files go last) is kept.
    const name = seedEntryName(seed);
    if (existsSync(join(out, `${name}.fine.json`)) && (!withMap || existsSync(join(out, `${name}.json`)))) continue;
    const t0 = Date.now();
    const e = await writeFineEntry(out, seed, withMap);
    console.log(`${e.name} ${e.models} models ${Date.now() - t0} ms`);
  }
}
