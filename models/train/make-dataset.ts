/**
 * Training data for the learned detector: COUNT varied tables from test/synthetic's ray caster
 * (never the Blender family, which is held out), see dataset-entry.ts.
 *
 *   npx tsc -p models/train/tsconfig.json && cp test/synthetic/dict-4x4-50.json models/train/.build/test/synthetic/
 *   nice -n 19 node models/train/.build/models/train/make-dataset.js OUT FIRST_SEED COUNT [MAT] [--touching P]
 *
 * MAT (plain, mottled, printed, printed-terrain): of the COUNT seeds, only the tables on that mat
 * are rendered (choosing a table costs nothing; rendering it seconds). --touching P: more models
 * in base contact (varied.ts's option). A rerun into the same OUT renders only the tables not yet written.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { variedTable } from '../../test/synthetic/varied.js';
import { seedEntryName, writeDatasetEntry } from './dataset-entry.js';

const MATS = ['plain', 'mottled', 'printed', 'printed-terrain'];
const args = process.argv.slice(2);
// --touching P: tables where a standing humanoid on a base is followed by one touching it with chance P (varied.ts).
const flag = args.indexOf('--touching');
const touching = flag >= 0 ? Number(args[flag + 1]) : undefined;
if (flag >= 0) args.splice(flag, 2);
const [out = 'models/train/data', first = '1', count = '10', mat] = args;
if (!Number.isInteger(Number(first)) || !Number.isInteger(Number(count)) || Number(count) < 1 || (mat !== undefined && !MATS.includes(mat)) || (touching !== undefined && !(touching >= 0 && touching <= 1))) {
  console.error(`usage: make-dataset.js OUT FIRST_SEED COUNT [${MATS.join('|')}] [--touching 0-1]`);
  process.exit(2);
}
const table = touching === undefined ? {} : { touching };
mkdirSync(out, { recursive: true });
for (let seed = Number(first); seed < Number(first) + Number(count); seed++) {
  if (mat !== undefined && variedTable(seed, { ...table, widthPx: 64 }).mat !== mat) continue;
  // A rerun resumes: a table whose .json is written (it goes last) is kept.
  if (existsSync(join(out, `${seedEntryName(seed)}.json`))) continue;
  const t0 = Date.now();
  const e = await writeDatasetEntry(out, seed, table);
  console.log(`${e.name} ${e.width}x${e.height} ${e.models} models ${Date.now() - t0} ms`);
}
