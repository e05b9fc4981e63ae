import { bindTags, DEFAULT_LEARNED_OPTIONS, type LearnedObject } from '../../app/api/vision.js';

/** One object the learned detector found in a camera frame (locate --objects' contract). */
export interface CameraObject {
  x_mm: number;
  y_mm: number;
  fallen: boolean;
  tag: number | null;
  confidence: number;
}

/**
 * The objects on the table now, between two detections. The detector runs on some frames, the
 * tags are located in every one: a tagged model is where its tag is now (and gone while its tag
 * is unseen, which is how a fall begins), an untagged one stays where the last detection saw it.
 * Tags bind to objects by the detector's own rule (bindTags), so what the page is told between
 * detections is what a detection on this frame would say of the tagged models.
 */
export function trackObjects(lastDetection: readonly CameraObject[] | null, tagsNow: readonly { id: number; x_mm: number; y_mm: number }[]): CameraObject[] | null {
  if (!lastDetection) return null;
  const untagged: LearnedObject[] = lastDetection.filter((o) => o.tag === null).map((o) => ({ xMm: o.x_mm, yMm: o.y_mm, fallen: o.fallen, tag: null, confidence: o.confidence }));
  const bound = bindTags(untagged, tagsNow.map((t) => ({ ...t, z_mm: 0 })), DEFAULT_LEARNED_OPTIONS);
  const mm = (v: number): number => Math.round(v * 10) / 10;
  return bound
    .map((o) => ({ x_mm: mm(o.xMm), y_mm: mm(o.yMm), fallen: o.fallen, tag: o.tag, confidence: o.confidence }))
    .sort((a, b) => a.y_mm - b.y_mm || a.x_mm - b.x_mm);
}
