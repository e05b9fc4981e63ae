/**
 * One training example: a varied table (test/synthetic/varied.ts) rendered empty and set up,
 * sampled onto the table map by src/vision/learned/table-map.ts (the detector's own code) and
 * written as NAME.bin (float32 network input, INPUT_CHANNELS × rows × cols) and NAME.json.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildTableMapSampler, INPUT_CHANNELS, networkInput, sampleTableMap } from '../../src/vision/learned/table-map.js';
import { renderVaried, variedTable } from '../../test/synthetic/varied.js';

export async function writeDatasetEntry(dir: string, seed: number, o: { widthPx?: number; touching?: number } = {}): Promise<{ name: string; models: number; width: number; height: number }> {
  const v = variedTable(seed, o);
  const full = await renderVaried(v, 'full');
  const empty = await renderVaried(v, 'empty');
  const sampler = buildTableMapSampler(v.camera.pose, v.camera.intrinsics, v.table);
  const map = (r: typeof full) => sampleTableMap(sampler, { width: r.width, height: r.height, data: r.rgba });
  const input = networkInput(sampler, map(full), map(empty));
  const name = `s${String(seed).padStart(5, '0')}`;
  await writeFile(join(dir, `${name}.bin`), Buffer.from(input.buffer));
  await writeFile(
    join(dir, `${name}.json`),
    JSON.stringify({ seed, channels: INPUT_CHANNELS, cols: sampler.cols, rows: sampler.rows, mm_per_cell: sampler.mmPerCell, camera_mm: sampler.cameraMm, image: [full.width, full.height], models: v.models }),
  );
  return { name, models: v.models.length, width: full.width, height: full.height };
}
