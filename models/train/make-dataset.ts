/**
 * Training data for the learned detector: COUNT varied tables from test/synthetic's ray caster
 * (never the Blender family, which is held out), see dataset-entry.ts.
 *
 *   npx tsc -p models/train/tsconfig.json && cp test/synthetic/dict-4x4-50.json models/train/.build/test/synthetic/
 *   nice -n 19 node models/train/.build/models/train/make-dataset.js OUT FIRST_SEED COUNT
 */
import { mkdirSync } from 'node:fs';
import { writeDatasetEntry } from './dataset-entry.js';

const [out = 'models/train/data', first = '1', count = '10'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
for (let seed = Number(first); seed < Number(first) + Number(count); seed++) {
  const t0 = Date.now();
  const e = await writeDatasetEntry(out, seed);
  console.log(`${e.name} ${e.width}x${e.height} ${e.models} models ${Date.now() - t0} ms`);
}
