/**
 * One held-out frame (bench/heldout-eval.ts's listing) read and located as the app would: its
 * table and camera files parsed, the frame and its empty table decoded, `locate` run on the
 * frame, its locator kept for the look for tags near untagged models until release(). Used by
 * the bench (section 5), the learned detector's fixture tests and models/train/compare-options.ts.
 */
import { readFile } from 'node:fs/promises';
import type { OpenCv } from '../src/vision/cv-types.js';
import type { RgbaImage } from '../src/vision/image.js';
import { readImageFile } from '../src/vision/image-file-node.js';
import { createLocator, type LocateResult } from '../src/vision/locate.js';
import type { LookNear } from '../src/vision/learned/tags-near.js';
import { parseCameraFile, parseTableProfile } from '../src/vision/parse-files.js';
import type { TableProfile } from '../src/vision/table-profile.js';
import type { HeldoutFrame } from './heldout-eval.js';

export interface ReadFrame {
  image: RgbaImage;
  background: RgbaImage;
  table: TableProfile['table'];
  located: LocateResult;
  /** The locator's second look for tags near untagged models (locate.ts's tagsNear), on this frame; [] when it did not locate. */
  tagsNear: LookNear;
  /** Frees the frame's locator. */
  release(): void;
}

export async function readHeldoutFrame(cv: OpenCv, f: HeldoutFrame): Promise<ReadFrame> {
  const profile = parseTableProfile(JSON.parse(await readFile(f.profile, 'utf8')) as unknown);
  const camera = parseCameraFile(JSON.parse(await readFile(f.camera, 'utf8')) as unknown);
  if (!profile.ok || !camera.ok) throw new Error(`${f.name}: bad table or camera file`);
  const [image, background] = [await readImageFile(f.image), await readImageFile(f.background)];
  const locator = createLocator(cv, profile.value, camera.value);
  const located = locator.locate(image);
  const tagsNear: LookNear = (points) => (located.ok ? locator.tagsNear(image, located.value, points) : []);
  return { image, background, table: profile.value.table, located, tagsNear, release: () => locator.delete() };
}
