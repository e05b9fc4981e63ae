/**
 * Training tables from Blender frames (test/blender/heldout.py's layout, rendered with a --seed
 * other than the held-out tables' 9): each frame is located as the app locates it (anchors,
 * calibrated pose), sampled onto the table map with its empty table by the detector's own code,
 * and written as make-dataset.js writes a varied table (NAME.bin, NAME.json), NAME being
 * PREFIX-FRAME. Frames already written are skipped, so a run can follow a renderer.
 *
 *   npx tsc -p models/train/tsconfig.json
 *   node models/train/.build/models/train/make-blender-dataset.js SRC_DIR OUT_DIR PREFIX
 *
 * The held-out frames (test/blender/frames, seed 9) must never be given here: the bench's
 * figures are on them.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readHeldoutFrame } from '../../bench/heldout-frame.js';
import { listHeldoutFrames } from '../../bench/heldout-eval.js';
import { buildTableMapSampler, INPUT_CHANNELS, networkInput, sampleTableMap } from '../../src/vision/learned/table-map.js';
import { loadOpenCvNode } from '../../src/vision/opencv-node.js';

const [src, out, prefix] = process.argv.slice(2);
if (!src || !out || !prefix || !/^[a-z0-9]{1,16}$/.test(prefix)) {
  console.error('usage: make-blender-dataset.js SRC_DIR OUT_DIR PREFIX (PREFIX: 1-16 of a-z, 0-9)');
  process.exit(2);
}
if (resolve(src) === resolve('test/blender/frames')) {
  console.error(`${src}: the held-out frames are not training data`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const cv = await loadOpenCvNode();
let written = 0;
for (const f of await listHeldoutFrames(src)) {
  const name = `${prefix}-${f.name}`;
  if (existsSync(join(out, `${name}.json`))) continue;
  const frame = await readHeldoutFrame(cv, f);
  frame.release();
  if (!frame.located.ok) {
    console.log(`${f.name}: not located (${frame.located.error.kind}), skipped`);
    continue;
  }
  const { pose, intrinsics } = frame.located.value;
  const sampler = buildTableMapSampler(pose, intrinsics, frame.table);
  const input = networkInput(sampler, sampleTableMap(sampler, frame.image), sampleTableMap(sampler, frame.background));
  await writeFile(join(out, `${name}.bin`), Buffer.from(input.buffer));
  await writeFile(
    join(out, `${name}.json`),
    JSON.stringify({ frame: f.name, channels: INPUT_CHANNELS, cols: sampler.cols, rows: sampler.rows, mm_per_cell: sampler.mmPerCell, camera_mm: sampler.cameraMm, image: [frame.image.width, frame.image.height], models: f.truth.models }),
  );
  written++;
  console.log(`${name}: ${f.truth.models.length} models`);
}
console.log(`${written} frames written to ${out}`);
