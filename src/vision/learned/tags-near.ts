/**
 * The second chance for a tag: after the learned detector, each standing model found with no tag
 * bound is looked at again for one (locate.ts's tagsNear reads a window around it), and what is
 * read is bound by the detector's own rule (bindTags). The whole-frame search misses small tags
 * that give OpenCV no quad (a 20 px card turned 45°); a window around the model, enlarged, reads them.
 */
import type { LocatedTag } from '../locate-tags.js';
import { bindTags, DEFAULT_LEARNED_OPTIONS, type LearnedDetectInput, type LearnedDetection, type LearnedDetector, type LearnedDetectorOptions, type LearnedObject } from './learned-detector.js';

/** A bound on the cost (a window takes ~1 ms) on a crowded table: the surest models are looked at first. */
export const TAGS_NEAR_MAX_WINDOWS = 24;

export type LookNear = (points: readonly { x_mm: number; y_mm: number }[]) => LocatedTag[];

/** Where to look for tags: the untagged standing models, surest first, at most TAGS_NEAR_MAX_WINDOWS. */
export function untaggedStanding(objects: readonly LearnedObject[]): { x_mm: number; y_mm: number }[] {
  return objects
    .filter((ob) => ob.tag === null && !ob.fallen)
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, TAGS_NEAR_MAX_WINDOWS)
    .map((ob) => ({ x_mm: ob.xMm, y_mm: ob.yMm }));
}

/** The detection with the tags read near its untagged standing models bound, and those tags. */
export function bindTagsNear(d: LearnedDetection, look: LookNear, o: Pick<LearnedDetectorOptions, 'bindMm' | 'absorbMm'> = DEFAULT_LEARNED_OPTIONS): { detection: LearnedDetection; tags: LocatedTag[] } {
  const asked = untaggedStanding(d.objects);
  const tags = asked.length > 0 ? look(asked) : [];
  if (tags.length === 0) return { detection: d, tags };
  const objects = bindTags(d.objects, tags, o);
  objects.sort((a, b) => a.yMm - b.yMm || a.xMm - b.xMm);
  return { detection: { ...d, objects }, tags };
}

/** The learned detector on one frame, then the look for tags near its untagged models: `locate --objects`'s path. */
export async function detectWithTagsNear(detector: LearnedDetector, input: LearnedDetectInput, look: LookNear): Promise<{ detection: LearnedDetection; tags: LocatedTag[] }> {
  const d = await detector.detect(input);
  const t0 = performance.now();
  const r = bindTagsNear(d, look);
  r.detection.ms.decode += performance.now() - t0;
  return r;
}
