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
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FINE_CELLS, fineSquareAt, fineSquareInput, sampleFineSquare } from '../../src/vision/learned/fine-squares.js';
import { buildTableMapSampler, INPUT_CHANNELS, networkInput, sampleTableMap, tableColour } from '../../src/vision/learned/table-map.js';
import { renderVaried, variedTable } from '../../test/synthetic/varied.js';

/** Cells a square may be moved by when trained on (12 mm: the detector's points are some mm off). */
export const MARGIN = 6;

export async function writeFineEntry(dir: string, seed: number, withMap: boolean, o: { widthPx?: number } = {}): Promise<{ name: string; models: number }> {
  const v = variedTable(seed, o);
  const full = await renderVaried(v, 'full');
  const empty = await renderVaried(v, 'empty');
  const sampler = buildTableMapSampler(v.camera.pose, v.camera.intrinsics, v.table);
  const frame = { width: full.width, height: full.height, data: full.rgba };
  const bg = { width: empty.width, height: empty.height, data: empty.rgba };
  const frameMap = sampleTableMap(sampler, frame);
  const bgMap = sampleTableMap(sampler, bg);
  const cells = sampler.cols * sampler.rows;
  const ref = tableColour(frameMap, cells);
  const refBg = tableColour(bgMap, cells);
  const name = `s${String(seed).padStart(5, '0')}`;
  const side = FINE_CELLS + 2 * MARGIN;
  const per = INPUT_CHANNELS * side * side;
  const out = new Float32Array(v.models.length * per);
  v.models.forEach((m, k) => {
    const sq = fineSquareAt(m.x_mm, m.y_mm, side);
    const f = sampleFineSquare(frame, v.camera.pose, v.camera.intrinsics, v.table, sq);
    const b = sampleFineSquare(bg, v.camera.pose, v.camera.intrinsics, v.table, sq);
    fineSquareInput(f, b, sq, sampler.cameraMm, ref, refBg, out, k * per);
  });
  await writeFile(join(dir, `${name}.fine.bin`), Buffer.from(out.buffer));
  await writeFile(join(dir, `${name}.fine.json`), JSON.stringify({ seed, channels: INPUT_CHANNELS, side, margin: MARGIN, camera_mm: sampler.cameraMm, image: [full.width, full.height], mat: v.mat, models: v.models }));
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
    const t0 = Date.now();
    const e = await writeFineEntry(out, seed, withMap);
    console.log(`${e.name} ${e.models} models ${Date.now() - t0} ms`);
  }
}
