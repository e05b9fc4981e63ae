/**
 * Training data for the learned detector: varied tables from test/synthetic's ray caster
 * (never the Blender family, which is held out), each rendered empty and set up, sampled onto
 * the table map by src/vision/learned/table-map.ts (the code the detector runs), written as
 * the network's input tensor (float32, INPUT_CHANNELS × rows × cols) plus its truth.
 *
 *   npx tsc -p models/train/tsconfig.json
 *   nice -n 19 node models/train/.build/models/train/make-dataset.js OUT FIRST_SEED COUNT
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTableMapSampler, INPUT_CHANNELS, networkInput, sampleTableMap } from '../../src/vision/learned/table-map.js';
import { renderVaried, variedTable } from '../../test/synthetic/varied.js';

const [out = 'models/train/data', first = '1', count = '10'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
for (let seed = Number(first); seed < Number(first) + Number(count); seed++) {
  const t0 = Date.now();
  const v = variedTable(seed);
  const [full, empty] = [await renderVaried(v, 'full'), await renderVaried(v, 'empty')];
  const sampler = buildTableMapSampler(v.camera.pose, v.camera.intrinsics, v.table);
  const toRgba = (r: typeof full) => ({ width: r.width, height: r.height, data: r.rgba });
  const input = networkInput(sampler, sampleTableMap(sampler, toRgba(full)), sampleTableMap(sampler, toRgba(empty)));
  const name = `s${String(seed).padStart(5, '0')}`;
  writeFileSync(join(out, `${name}.bin`), Buffer.from(input.buffer));
  writeFileSync(
    join(out, `${name}.json`),
    JSON.stringify({ seed, channels: INPUT_CHANNELS, cols: sampler.cols, rows: sampler.rows, mm_per_cell: sampler.mmPerCell, camera_mm: sampler.cameraMm, image: [full.width, full.height], models: v.models }),
  );
  console.log(`${name} ${full.width}x${full.height} ${v.models.length} models ${Date.now() - t0} ms`);
}
