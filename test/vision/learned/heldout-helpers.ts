/**
 * The committed held-out fixtures through locate and the learned detector, as the CLI runs
 * them: test/blender/fixtures (Blender Cycles club tables the network never trained on) and
 * test/webgl/fixtures (the third renderer family's, seed 1).
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { readHeldoutFrame } from '../../../bench/heldout-frame.js';
import { detectedOf, listHeldoutFrames, matchFrame, quantile, untaggedStanding, type HeldoutFrame, type Match, type Detected } from '../../../bench/heldout-eval.js';
import { defaultModelPath, loadLearnedDetectorNode, loadOnnxRuntimeNode } from '../../../src/vision/learned/onnx-node.js';
import { loadLearnedDetector, type LearnedDetector, type LearnedDetectorOptions } from '../../../src/vision/learned/learned-detector.js';
import { detectWithTagsNear } from '../../../src/vision/learned/tags-near.js';
import { openCv } from '../helpers.js';
import { PYTHON } from './python-helpers.js';

export const FIXTURES = join(import.meta.dirname, '../../blender/fixtures');
export const WEBGL_FIXTURES = join(import.meta.dirname, '../../webgl/fixtures');

/** One mode's objects matched to the truth, and each object's fallen chance where the second stage gave one. */
export interface FixtureMode {
  matches: Match[];
  phantoms: Detected[];
  chances: { x_mm: number; y_mm: number; fallenChance: number }[];
}

export interface FixtureRun {
  frame: HeldoutFrame;
  /** The tag ids `locate` read on the frame. */
  tagIds: number[];
  withBackground: FixtureMode;
  without: FixtureMode;
}

let detector: Promise<LearnedDetector> | null = null;
function learned(): Promise<LearnedDetector> {
  detector ??= loadLearnedDetectorNode().then((r) => {
    if (!r.ok) throw new Error(r.problem);
    return r.detector;
  });
  return detector;
}

/** The fixtures in `dir` through the shipped detector, or through the shipped model with other options. */
export async function runFixtures(options?: Partial<LearnedDetectorOptions>, dir = FIXTURES): Promise<FixtureRun[]> {
  const cv = await openCv();
  const d = options ? await loadWith(options) : await learned();
  const out: FixtureRun[] = [];
  for (const frame of await listHeldoutFrames(dir)) {
    const { image, background, table, located: r, tagsNear, release } = await readHeldoutFrame(cv, frame);
    if (!r.ok) throw new Error(`${frame.name}: ${r.error.kind}`);
    const input = { frame: image, pose: r.value.pose, intrinsics: r.value.intrinsics, table, tags: r.value.report.tags };
    // `locate --objects`'s path: the detector, then the look for tags near its untagged models.
    const run = async (bg: typeof background | null): Promise<FixtureMode> => {
      const objects = (await detectWithTagsNear(d, { ...input, background: bg }, tagsNear)).detection.objects;
      const chances = objects.flatMap((o) => (o.fallenChance === undefined ? [] : [{ x_mm: o.xMm, y_mm: o.yMm, fallenChance: o.fallenChance }]));
      return { ...matchFrame(frame.truth.models, detectedOf(objects)), chances };
    };
    out.push({ frame, tagIds: r.value.report.tags.map((t) => t.id), withBackground: await run(background), without: await run(null) });
    release();
  }
  if (options) await d.release();
  return out;
}

async function loadWith(options: Partial<LearnedDetectorOptions>): Promise<LearnedDetector> {
  const r = await loadLearnedDetector(await loadOnnxRuntimeNode(), new Uint8Array(await readFile(defaultModelPath())), options);
  if (!r.ok) throw new Error(r.problem);
  return r.detector;
}

/** Models within this distance of a table edge stand where the lean away from the nadir is largest. */
export const nearEdge = (m: { x_mm: number; y_mm: number }, mm = 70): boolean => Math.min(m.x_mm, m.y_mm, 1800 - m.x_mm, 1200 - m.y_mm) < mm;

const NATIVE_TAGS = `import cv2,sys
im=cv2.imread(sys.argv[1],0)
d=cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
c,ids,_=cv2.aruco.detectMarkers(im,d,parameters=cv2.aruco.DetectorParameters_create())
print(' '.join(str(i) for i in sorted(set(ids.ravel().tolist()))) if ids is not None else '')`;

/** Every model tag (id > 3) native OpenCV (python3-opencv) reads on each run's frame is among those `locate` read there (runFixtures located every frame). */
export function expectNativeTagsRead(runs: readonly FixtureRun[]): void {
  for (const r of runs) {
    const native = spawnSync(PYTHON, ['-c', NATIVE_TAGS, r.frame.image], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean).map(Number).filter((id) => id > 3);
    expect(native.length, `${r.frame.name}: native OpenCV read no model tag`).toBeGreaterThan(0);
    for (const id of native) expect(r.tagIds, `${r.frame.name} tag ${id}`).toContain(id);
  }
}

/** The two modes every fixture runs in. */
export const MODES = ['withBackground', 'without'] as const;
export type Mode = (typeof MODES)[number];

export { untaggedStanding };

/** The 95th percentile as the bench reads it (its quantile); ∞ for no values. */
export const p95 = (v: readonly number[]): number => (v.length === 0 ? Infinity : quantile(v, 0.95));
