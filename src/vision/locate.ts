/**
 * One frame → anchors, camera pose, tags in table millimetres: the body of
 * `shagomer locate` and of the app's live loop. Build a Locator once per profile and camera
 * (it owns the OpenCV detector) and call locate() per frame.
 */
import type { CameraIntrinsics, CameraPose } from './camera-model.js';
import type { OpenCv } from './cv-types.js';
import { createMarkerDetector, type DetectedMarker, type MarkerDetector } from './detect-markers.js';
import { isDictionaryName } from './dictionaries.js';
import { guessIntrinsics } from './guess-intrinsics.js';
import type { GrayImage, RgbaImage } from './image.js';
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
}

export type LocateFailure =
  | { kind: 'image-size'; expected: [number, number]; actual: [number, number] }
  | { kind: 'too-few-anchors'; found: number[]; needed: number; expected: number[] };

export type LocateResult = { ok: true; value: LocatedFrame } | { ok: false; error: LocateFailure };

export interface Locator {
  locate(frame: RgbaImage | GrayImage): LocateResult;
  delete(): void;
}

export function createLocator(cv: OpenCv, profile: TableProfile, intrinsics?: CameraIntrinsics): Locator {
  const anchorDict = profile.anchors.dictionary;
  const tagDict = profile.tags.dictionary;
  const detectors = new Map<string, MarkerDetector>();
  for (const name of new Set([anchorDict, tagDict])) {
    // parseTableProfile refuses unknown dictionaries: reaching this is a caller's bug.
    if (!isDictionaryName(name)) throw new Error(`unknown dictionary "${name}"`);
    detectors.set(name, createMarkerDetector(cv, name));
  }
  const anchorIds = new Set(profile.anchors.markers.map((m) => m.id));
  return {
    locate(frame) {
      const { width, height } = frame;
      if (intrinsics && (intrinsics.widthPx !== width || intrinsics.heightPx !== height)) {
        return { ok: false, error: { kind: 'image-size', expected: [intrinsics.widthPx, intrinsics.heightPx], actual: [width, height] } };
      }
      const found = new Map<string, DetectedMarker[]>();
      for (const [name, d] of detectors) found.set(name, isGray(frame) ? d.detect(frame) : d.detectRgba(frame));
      const anchorsSeen = (found.get(anchorDict) ?? []).filter((m) => anchorIds.has(m.id));
      const k = intrinsics ?? guessIntrinsics(cv, width, height, profile.anchors.markers, anchorsSeen);
      const solved = solveTablePose(cv, k, profile.anchors.markers, anchorsSeen);
      if (!solved.ok) {
        return { ok: false, error: { kind: 'too-few-anchors', found: solved.anchorsFound, needed: solved.needed, expected: [...anchorIds].sort((a, b) => a - b) } };
      }
      const { pose, reprojectionPx, cameraPositionMm, anchorsFound } = solved.value;
      const tagMarkers = (found.get(tagDict) ?? []).filter((m) => !(tagDict === anchorDict && anchorIds.has(m.id)));
      const tags: LocatedTag[] = [];
      for (const m of tagMarkers) {
        const t = locateTag(m, tagHeightMm(profile, m.id), pose, k);
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
        },
      };
    },
    delete() {
      for (const d of detectors.values()) d.delete();
    },
  };
}

function isGray(f: RgbaImage | GrayImage): f is GrayImage {
  return f.data.length === f.width * f.height;
}
