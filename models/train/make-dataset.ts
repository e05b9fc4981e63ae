/**
 * Training data for the learned detector: COUNT varied tables from test/synthetic's ray caster
 * (never the Blender family, which is held out), see dataset-entry.ts.
 *
 *   npx tsc -p models/train/tsconfig.json && cp test/synthetic/dict-4x4-50.json models/train/.build/test/synthetic/
 *   nice -n 19 node models/train/.build/models/train/make-dataset.js OUT FIRST_SEED COUNT [MAT]
 *
 * MAT (plain, mottled, printed, printed-terrain): of the COUNT seeds, only the tables on that mat
 * are rendered (choosing a table costs nothing; rendering it seconds).
 */
import { mkdirSync } from 'node:fs';
import { variedTable } from '../../test/synthetic/varied.js';
import { writeDatasetEntry } from './dataset-entry.js';

const MATS = ['plain', 'mottled', 'printed', 'printed-terrain'];
const [out = 'models/train/data', first = '1', count = '10', mat] = process.argv.slice(2);
if (!Number.isInteger(Number(first)) || !Number.isInteger(Number(count)) || Number(count) < 1 || (mat !== undefined && !MATS.includes(mat))) {
  console.error(`usage: make-dataset.js OUT FIRST_SEED COUNT [${MATS.join('|')}]`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
for (let seed = Number(first); seed < Number(first) + Number(count); seed++) {
  if (mat !== undefined && variedTable(seed, { widthPx: 64 }).mat !== mat) continue;
  const t0 = Date.now();
  const e = await writeDatasetEntry(out, seed);
  console.log(`${e.name} ${e.width}x${e.height} ${e.models} models ${Date.now() - t0} ms`);
}
