/**
 * One training example: a table rendered empty and set up, sampled onto the table map by
 * src/vision/learned/table-map.ts (the detector's own code) and written as NAME.bin (float32
 * network input, INPUT_CHANNELS × rows × cols) and NAME.json. `writeTableMap` is the format the
 * trainers read; `writeDatasetEntry` writes a varied table (test/synthetic/varied.ts) in it, and
 * make-blender-dataset.ts a Blender frame.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RgbaImage } from '../../src/vision/image.js';
import { buildTableMapSampler, INPUT_CHANNELS, networkInput, sampleTableMap, type TableMapSampler } from '../../src/vision/learned/table-map.js';
import { renderVaried, variedTable } from '../../test/synthetic/varied.js';

/**
 * A frame and its empty table on the sampler's map, written as NAME.bin and NAME.json (`head`'s
 * fields first, then the map's shape, the camera, the image size and the models). The .json goes
 * last: a table counts as written only when it is there.
 */
export async function writeTableMap(dir: string, name: string, sampler: TableMapSampler, frame: RgbaImage, empty: RgbaImage, head: Record<string, unknown>, models: readonly unknown[]): Promise<void> {
  const input = networkInput(sampler, sampleTableMap(sampler, frame), sampleTableMap(sampler, empty));
  await writeFile(join(dir, `${name}.bin`), Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  await writeFile(
    join(dir, `${name}.json`),
    JSON.stringify({ ...head, channels: INPUT_CHANNELS, cols: sampler.cols, rows: sampler.rows, mm_per_cell: sampler.mmPerCell, camera_mm: sampler.cameraMm, image: [frame.width, frame.height], models }),
  );
}

/** A varied table's entry name (NAME.bin, NAME.json): its seed, five digits. The makers' resume checks use it too. */
export const seedEntryName = (seed: number): string => `s${String(seed).padStart(5, '0')}`;

export async function writeDatasetEntry(dir: string, seed: number, o: { widthPx?: number; touching?: number } = {}): Promise<{ name: string; models: number; width: number; height: number }> {
  const v = variedTable(seed, o);
  const image = (r: Awaited<ReturnType<typeof renderVaried>>): RgbaImage => ({ width: r.width, height: r.height, data: r.rgba });
  const full = image(await renderVaried(v, 'full'));
  const empty = image(await renderVaried(v, 'empty'));
  const name = seedEntryName(seed);
  await writeTableMap(dir, name, buildTableMapSampler(v.camera.pose, v.camera.intrinsics, v.table), full, empty, { seed }, v.models);
  return { name, models: v.models.length, width: full.width, height: full.height };
}
