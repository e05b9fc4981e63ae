/**
 * Varied tables (the training family, test/synthetic/varied.ts) written as frames the way
 * test/blender/heldout.py writes the held-out ones: NAME.jpg, NAME.truth.json, NAME.table.json,
 * NAME.camera.json and NAME-empty.jpg. The bench then scores the whole detector (network, rims,
 * tags, `locate`'s own pose from the anchors) on the family it trained on, beside the held-out
 * family, so a rule around the network is tuned on these frames and only reported on Blender's.
 *
 *   node models/train/.build/models/train/write-frames.js DIR FIRST_SEED COUNT [WIDTH_PX]
 *   node dist/bench/vision-learned.js DIR
 *
 * Use seeds no dataset trained on (make-dataset's run from 0; 900000 and up are free).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cameraFileFromIntrinsics } from '../../src/vision/camera-file.js';
import { buildTableMapSampler } from '../../src/vision/learned/table-map.js';
import { defaultTableProfile } from '../../src/vision/table-profile.js';
import { encodeJpeg } from '../../test/synthetic/post.js';
import { renderVaried, variedTable } from '../../test/synthetic/varied.js';

const TAG_MM = 25;

export async function writeVariedFrame(dir: string, seed: number, widthPx?: number): Promise<string> {
  const v = variedTable(seed, widthPx ? { widthPx } : {});
  const name = `v${seed}`;
  const profile = defaultTableProfile({ name: `varied table ${seed}`, tagMm: TAG_MM });
  for (const m of v.models) if (m.tag !== null && m.tag_z_mm !== null) profile.tags.heights_mm[String(m.tag)] = Math.round(m.tag_z_mm * 100) / 100;
  const sampler = buildTableMapSampler(v.camera.pose, v.camera.intrinsics, v.table);
  const truth = {
    camera_position_mm: sampler.cameraMm,
    background: `${name}-empty.jpg`,
    window_light: false,
    models: v.models.map((m) => ({ x_mm: m.x_mm, y_mm: m.y_mm, fallen: m.fallen, kind: m.kind, base_mm: m.base_mm, height_mm: m.height_mm, tag: m.tag, traits: m.traits })),
  };
  const full = await renderVaried(v, 'full');
  const empty = await renderVaried(v, 'empty');
  await writeFile(join(dir, `${name}.jpg`), await encodeJpeg(full, 92));
  await writeFile(join(dir, `${name}-empty.jpg`), await encodeJpeg(empty, 92));
  await writeFile(join(dir, `${name}.table.json`), `${JSON.stringify(profile, null, 1)}\n`);
  await writeFile(join(dir, `${name}.camera.json`), `${JSON.stringify(cameraFileFromIntrinsics(v.camera.intrinsics), null, 1)}\n`);
  await writeFile(join(dir, `${name}.truth.json`), `${JSON.stringify(truth, null, 1)}\n`);
  return name;
}

/** The command's arguments, or the one line that says what is wrong with them. */
export function parseWriteFramesArgs(argv: readonly string[]): { ok: true; dir: string; first: number; count: number; widthPx: number | undefined } | { ok: false; problem: string } {
  const [dir, first, count, width] = argv;
  const n0 = Number(first);
  const n = Number(count);
  const w = width === undefined ? undefined : Number(width);
  if (!dir || !Number.isInteger(n0) || n0 < 0 || !Number.isInteger(n) || n < 1 || n > 10000 || (w !== undefined && !(Number.isInteger(w) && w >= 640 && w <= 7680))) {
    return { ok: false, problem: 'usage: write-frames.js DIR FIRST_SEED COUNT [WIDTH_PX 640-7680]' };
  }
  return { ok: true, dir, first: n0, count: n, widthPx: w };
}

async function main(): Promise<void> {
  const a = parseWriteFramesArgs(process.argv.slice(2));
  if (!a.ok) {
    console.error(a.problem);
    process.exit(2);
  }
  await mkdir(a.dir, { recursive: true });
  for (let s = a.first; s < a.first + a.count; s++) {
    const t0 = Date.now();
    const name = await writeVariedFrame(a.dir, s, a.widthPx);
    console.log(`${name} ${Date.now() - t0} ms`);
  }
}

if (process.argv[1]?.endsWith('write-frames.js')) await main();
