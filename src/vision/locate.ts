/**
 * One frame → anchors, camera pose, tags in table millimetres: the body of
 * `shagomer locate` and of the app's live loop. Build a Locator once per profile and camera
 * (it owns the OpenCV detector) and call locate() per frame.
 */
import { projectTablePoint, type CameraIntrinsics, type CameraPose } from './camera-model.js';
import type { OpenCv } from './cv-types.js';
import { createMarkerDetector, type DetectedMarker, type MarkerDetector, type PixelBox } from './detect-markers.js';
import { isDictionaryName } from './dictionaries.js';
import { guessIntrinsics } from './guess-intrinsics.js';
import { isGrayImage, type GrayImage, type RgbaImage } from './image.js';
import { locateTag, type LocatedTag } from './locate-tags.js';
import { solveTablePose } from './table-pose.js';
import { tagHeightMm, type TableProfile } from './table-profile.js';

/** `locate --json` without `objects` (issue 3's contract; snake_case on purpose). */
export interface LocateReport {
  image_size: [number, number];
  reprojection_px: number;
  camera_position_mm: [number, number, number];
  anchors_found: number[];
  tags: LocatedTag[];
}

export interface LocatedFrame {
  report: LocateReport;
  /** For follow-on work on the same frame (object detection, overlays). */
  pose: CameraPose;
  intrinsics: CameraIntrinsics;
  /** Raw detections, anchors included. */
  markers: DetectedMarker[];
  /** True when no camera file was given and the intrinsics were estimated from the anchors. */
  intrinsicsGuessed: boolean;
  /** The part of the frame searched for markers; null for the whole frame. */
  searched: PixelBox | null;
}

export type LocateFailure =
  | { kind: 'image-size'; expected: [number, number]; actual: [number, number] }
  | { kind: 'too-few-anchors'; found: number[]; needed: number; expected: number[] };

export type LocateResult = { ok: true; value: LocatedFrame } | { ok: false; error: LocateFailure };

export interface Locator {
  /**
   * Locates one frame. After a frame whose pose solved, the next one is searched only where
   * the table (and anything up to the highest tag) can appear, about a third fewer pixels
   * for an overhead webcam; when that search cannot solve the pose the whole frame is
   * searched again, so a bumped camera costs one slow frame, not a wrong answer.
   */
  locate(frame: RgbaImage | GrayImage): LocateResult;
  /**
   * Tags read near points of the table where a model was found and no tag was read: a window
   * around each point (the tags' heights' parallax included) enlarged and read correcting one
   * bit. A read counts when its id is none the frame read already, its corners are the printed
   * square at that id's height, and its point lies within TAG_NEAR_MM of the point looked at.
   * Reads tags the whole-frame search gives no quad for (a small card turned 45°).
   */
  tagsNear(frame: RgbaImage | GrayImage, located: LocatedFrame, points: readonly { x_mm: number; y_mm: number }[]): LocatedTag[];
  delete(): void;
}

/** A tag read near a model names it when its point lies this close (learned-detector.ts's bindMm). */
const TAG_NEAR_MM = 35;
/** Points looked at a call, at most (the caller's list is cut): the cost stays bounded. */
const TAG_NEAR_MAX_POINTS = 64;
/** An enlarged window's pixels, at most: a profile whose tags' heights differ by most of a metre makes huge windows, read less enlarged. */
const TAG_NEAR_MAX_AREA_PX = 640 * 640;
/** How far from the point looked at the tag's centre may lie, beyond its own half-diagonal. */
const TAG_NEAR_SLACK_MM = 20;
/**
 * A window is enlarged so that a tag at the lowest tag height spans about this many pixels (at
 * most three times): 10 px a cell of a 4×4 tag and its border, as the second look's windows give
 * a 20 px tag (detect-markers.ts). A 4K frame's larger tags cost less to read.
 */
const TAG_NEAR_PX = 60;

export interface LocatorOptions {
  /** Search only the table's region after a solved frame (default true; live video). */
  trackTable?: boolean;
}

export function createLocator(cv: OpenCv, profile: TableProfile, intrinsics?: CameraIntrinsics, options: LocatorOptions = {}): Locator {
  const anchorDict = profile.anchors.dictionary;
  const tagDict = profile.tags.dictionary;
  const detectors = new Map<string, MarkerDetector>();
  for (const name of new Set([anchorDict, tagDict])) {
    // parseTableProfile refuses unknown dictionaries: reaching this is a caller's bug.
    if (!isDictionaryName(name)) throw new Error(`unknown dictionary "${name}"`);
    detectors.set(name, createMarkerDetector(cv, name));
  }
  const anchorIds = new Set(profile.anchors.markers.map((m) => m.id));
  const topMm = Math.max(profile.tags.height_mm, ...Object.values(profile.tags.heights_mm)) + 30;
  let region: PixelBox | null = null;
  const search = (frame: RgbaImage | GrayImage, where: PixelBox | undefined) => {
    const found = new Map<string, DetectedMarker[]>();
    for (const [name, d] of detectors) found.set(name, isGrayImage(frame) ? d.detect(frame, where) : d.detectRgba(frame, where));
    const anchorsSeen = (found.get(anchorDict) ?? []).filter((m) => anchorIds.has(m.id));
    const k = intrinsics ?? guessIntrinsics(cv, frame.width, frame.height, profile.anchors.markers, anchorsSeen);
    return { found, k, solved: solveTablePose(cv, k, profile.anchors.markers, anchorsSeen) };
  };
  return {
    locate(frame) {
      const { width, height } = frame;
      if (intrinsics && (intrinsics.widthPx !== width || intrinsics.heightPx !== height)) {
        return { ok: false, error: { kind: 'image-size', expected: [intrinsics.widthPx, intrinsics.heightPx], actual: [width, height] } };
      }
      let searched: PixelBox | null = region && region.x + region.width <= width && region.y + region.height <= height ? region : null;
      let { found, k, solved } = search(frame, searched ?? undefined);
      if (!solved.ok && searched) {
        searched = null;
        ({ found, k, solved } = search(frame, undefined));
      }
      if (!solved.ok) {
        region = null;
        return { ok: false, error: { kind: 'too-few-anchors', found: solved.anchorsFound, needed: solved.needed, expected: [...anchorIds].sort((a, b) => a - b) } };
      }
      const { pose, reprojectionPx, cameraPositionMm, anchorsFound } = solved.value;
      region = options.trackTable === false ? null : tableRegion(profile, pose, k, topMm);
      const tagMarkers = (found.get(tagDict) ?? []).filter((m) => !(tagDict === anchorDict && anchorIds.has(m.id)));
      const tags: LocatedTag[] = [];
      for (const m of tagMarkers) {
        const t = locateTag(m, tagHeightMm(profile, m.id), pose, k, profile.tags.size_mm);
        if (t) tags.push(t);
      }
      tags.sort((a, b) => a.id - b.id);
      return {
        ok: true,
        value: {
          report: {
            image_size: [width, height],
            reprojection_px: reprojectionPx,
            camera_position_mm: [...cameraPositionMm] as [number, number, number],
            anchors_found: anchorsFound,
            tags,
          },
          pose,
          intrinsics: k,
          markers: [...new Set([...found.values()].flat())],
          intrinsicsGuessed: !intrinsics,
          searched,
        },
      };
    },
    tagsNear(frame, located, points) {
      const detector = detectors.get(tagDict);
      if (!detector || points.length === 0) return [];
      const { pose, intrinsics: k } = located;
      const seen = new Set(located.report.tags.map((t) => t.id));
      const heights = [profile.tags.height_mm, ...Object.values(profile.tags.heights_mm)];
      const half = profile.tags.size_mm * Math.SQRT1_2 + TAG_NEAR_SLACK_MM;
      const [lo, hi] = [Math.min(...heights), Math.max(...heights)];
      const windows: { box: PixelBox; scale: number }[] = [];
      const at: { x_mm: number; y_mm: number }[] = [];
      for (const p of points.slice(0, TAG_NEAR_MAX_POINTS)) {
        const box = boxAround(pose, k, p.x_mm, p.y_mm, half, lo, hi);
        const a = projectTablePoint(pose, k, [p.x_mm, p.y_mm, lo]);
        const b = projectTablePoint(pose, k, [p.x_mm + profile.tags.size_mm, p.y_mm, lo]);
        if (box && a && b) {
          const scale = Math.min(TAG_NEAR_PX / Math.max(1, Math.hypot(b[0] - a[0], b[1] - a[1])), Math.sqrt(TAG_NEAR_MAX_AREA_PX / (box.width * box.height)));
          windows.push({ box, scale });
          at.push(p);
        }
      }
      const out: LocatedTag[] = [];
      detector.readWindows(frame, windows).forEach((markers, i) => {
        const p = at[i] as { x_mm: number; y_mm: number };
        for (const m of markers) {
          if (seen.has(m.id) || (tagDict === anchorDict && anchorIds.has(m.id))) continue;
          const t = locateTag(m, tagHeightMm(profile, m.id), pose, k, profile.tags.size_mm);
          if (!t || Math.hypot(t.x_mm - p.x_mm, t.y_mm - p.y_mm) > TAG_NEAR_MM) continue;
          seen.add(t.id);
          out.push(t);
        }
      });
      return out;
    },
    delete() {
      for (const d of detectors.values()) d.delete();
    },
  };
}

/**
 * Where the table can appear: its outline at z = 0 and at the highest tag, sampled along the
 * edges (lens distortion bows them), plus a margin for a camera that sways.
 */
function tableRegion(profile: TableProfile, pose: CameraPose, k: CameraIntrinsics, topMm: number): PixelBox | null {
  const { width_mm: w, depth_mm: d } = profile.table;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const steps = 12;
  for (const z of [0, topMm]) {
    for (let i = 0; i <= steps; i++) {
      const f = i / steps;
      for (const [x, y] of [
        [f * w, 0],
        [f * w, d],
        [0, f * d],
        [w, f * d],
      ] as const) {
        const q = projectTablePoint(pose, k, [x, y, z]);
        if (!q) return null;
        x0 = Math.min(x0, q[0]);
        y0 = Math.min(y0, q[1]);
        x1 = Math.max(x1, q[0]);
        y1 = Math.max(y1, q[1]);
      }
    }
  }
  const margin = 0.03 * Math.max(k.widthPx, k.heightPx);
  const ax = Math.max(0, Math.floor(x0 - margin));
  const ay = Math.max(0, Math.floor(y0 - margin));
  const bx = Math.min(k.widthPx, Math.ceil(x1 + margin));
  const by = Math.min(k.heightPx, Math.ceil(y1 + margin));
  if (bx - ax < 32 || by - ay < 32) return null;
  // Not worth a region when it is nearly the whole frame.
  if ((bx - ax) * (by - ay) > 0.95 * k.widthPx * k.heightPx) return null;
  return { x: ax, y: ay, width: bx - ax, height: by - ay };
}

/** The pixels where a square of half-side halfMm around (x, y) appears at any height from lo to hi. */
function boxAround(pose: CameraPose, k: CameraIntrinsics, x: number, y: number, halfMm: number, lo: number, hi: number): PixelBox | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const z of [lo, hi]) {
    for (const [dx, dy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const) {
      const q = projectTablePoint(pose, k, [x + dx * halfMm, y + dy * halfMm, z]);
      if (!q) return null;
      x0 = Math.min(x0, q[0]);
      y0 = Math.min(y0, q[1]);
      x1 = Math.max(x1, q[0]);
      y1 = Math.max(y1, q[1]);
    }
  }
  const ax = Math.max(0, Math.floor(x0));
  const ay = Math.max(0, Math.floor(y0));
  const bx = Math.min(k.widthPx, Math.ceil(x1));
  const by = Math.min(k.heightPx, Math.ceil(y1));
  return bx - ax >= 8 && by - ay >= 8 ? { x: ax, y: ay, width: bx - ax, height: by - ay } : null;
}
