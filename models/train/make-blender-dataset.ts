/**
 * Training tables from Blender frames (test/blender/heldout.py's layout, rendered with a --seed
 * other than the held-out tables' 9): each frame is located as the app locates it (anchors,
 * calibrated pose, lens model), sampled onto the table map with its empty table by the
 * detector's own code, and written as make-dataset.js writes a varied table (dataset-entry.ts's
 * writeTableMap), NAME being PREFIX-FRAME. Frames already written are skipped, so a run can follow
 * a renderer.
 *
 *   npx tsc -p models/train/tsconfig.json
 *   node models/train/.build/models/train/make-blender-dataset.js SRC_DIR OUT_DIR PREFIX
 *
 * With --fine, each frame's 2 mm squares around its models (make-fine.ts's writeFineSquares, for
 * models/train/place_fine.py) are written instead of its table map, as NAME.fine.bin and .json.
 *
 *   node models/train/.build/models/train/make-blender-dataset.js SRC_DIR OUT_DIR PREFIX --fine
 *
 * Training tables from the WebGL family's frames (test/webgl/render.ts, seeds other than 1) are
 * made the same way. The held-out frames and fixtures of both families (test/blender/frames, seed 9;
 * test/webgl/frames, seed 1; their fixtures) are refused, through symbolic links too: the bench's
 * figures and the fixture tests are on them.
 */
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readHeldoutFrame } from '../../bench/heldout-frame.js';
import { listHeldoutFrames, type HeldoutFrame } from '../../bench/heldout-eval.js';
import type { OpenCv } from '../../src/vision/cv-types.js';
import { buildTableMapSampler } from '../../src/vision/learned/table-map.js';
import { loadOpenCvNode } from '../../src/vision/opencv-node.js';
import { writeTableMap } from './dataset-entry.js';
import { writeFineSquares } from './make-fine.js';

// Commands run from the repository's root (as its README says).
const HELD_OUT = ['test/blender/frames', 'test/blender/fixtures', 'test/webgl/frames', 'test/webgl/fixtures'];
const USAGE = 'usage: make-blender-dataset.js SRC_DIR OUT_DIR PREFIX [--fine] (PREFIX: 1-16 of a-z, 0-9)';

export type BlenderArgs = { ok: true; src: string; out: string; prefix: string; fine: boolean } | { ok: false; problem: string };

/** A directory's real place (its links followed) when it exists, else its absolute path. */
const realDir = (d: string): string => (existsSync(d) ? realpathSync(d) : resolve(d));

/** The arguments, or one line saying what is wrong; `heldOut` are the directories never to read. */
export function parseBlenderArgs(argv: readonly string[], heldOut: readonly string[] = HELD_OUT): BlenderArgs {
  const fine = argv[3] === '--fine';
  const [src, out, prefix] = argv;
  if (argv.length !== (fine ? 4 : 3) || !src || !out || !prefix || !/^[a-z0-9]{1,16}$/.test(prefix)) return { ok: false, problem: USAGE };
  const real = realDir(src);
  if (heldOut.some((h) => realDir(h) === real)) return { ok: false, problem: `${src}: the held-out frames are not training data` };
  return { ok: true, src, out, prefix, fine };
}

const entryName = (prefix: string, f: HeldoutFrame): string => `${prefix}-${f.name}`;

/** One frame as a training table in `out` (or, with `fine`, its 2 mm squares): its name, or why it was not written (not located). */
export async function writeBlenderEntry(cv: OpenCv, f: HeldoutFrame, out: string, prefix: string, fine = false): Promise<{ ok: true; name: string } | { ok: false; problem: string }> {
  const frame = await readHeldoutFrame(cv, f);
  frame.release();
  if (!frame.located.ok) return { ok: false, problem: `${f.name}: not located (${frame.located.error.kind})` };
  const { pose, intrinsics } = frame.located.value;
  const name = entryName(prefix, f);
  if (fine) {
    await writeFineSquares(out, name, { frame: frame.image, background: frame.background, pose, intrinsics, table: frame.table, models: f.truth.models }, { frame: f.name });
    return { ok: true, name };
  }
  await writeTableMap(out, name, buildTableMapSampler(pose, intrinsics, frame.table), frame.image, frame.background, { frame: f.name }, f.truth.models);
  return { ok: true, name };
}

async function main(): Promise<void> {
  const a = parseBlenderArgs(process.argv.slice(2));
  if (!a.ok) {
    console.error(a.problem);
    process.exit(2);
  }
  mkdirSync(a.out, { recursive: true });
  const cv = await loadOpenCvNode();
  let written = 0;
  for (const f of await listHeldoutFrames(a.src)) {
    if (existsSync(join(a.out, `${entryName(a.prefix, f)}${a.fine ? '.fine' : ''}.json`))) continue;
    const r = await writeBlenderEntry(cv, f, a.out, a.prefix, a.fine);
    console.log(r.ok ? `${r.name}: ${f.truth.models.length} models` : `${r.problem}, skipped`);
    if (r.ok) written++;
  }
  console.log(`${written} frames written to ${a.out}`);
}

if (process.argv[1]?.endsWith('make-blender-dataset.js')) await main();
