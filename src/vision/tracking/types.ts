/** What the tracker reads each frame and what it keeps; shapes match the object detector's output. */

/** One object seen in one frame (DetectedObject satisfies this). */
export interface Sighting {
  xMm: number;
  yMm: number;
  fallen: boolean;
  tag: number | null;
  /** Base diameter when standing, else null: helps tell neighbours apart. */
  baseDiameterMm?: number | null;
  /** Silhouette length: the size cue for fallen objects. */
  lengthMm?: number;
}

/** A region where something (a hand) hides the table this frame (Disturbance satisfies this). */
export interface Occluder {
  minXMm: number;
  minYMm: number;
  maxXMm: number;
  maxYMm: number;
}

export interface FrameObservation {
  tMs: number;
  objects: readonly Sighting[];
  disturbances?: readonly Occluder[];
}

/** A confirmed object with a stable id. */
export interface TrackedObject {
  /** `tag-<id>` for tagged objects, `obj-<n>` for untagged ones; never reused. */
  id: string;
  tag: number | null;
  xMm: number;
  yMm: number;
  fallen: boolean;
  sizeMm: number | null;
  /** The frame time it was last seen (not merely kept while hidden). */
  lastSeenMs: number;
}

export interface Snapshot {
  tMs: number;
  objects: readonly TrackedObject[];
}

export interface TrackerOptions {
  /** Consecutive sightings before a new object is believed: hands, glare and noise do not persist. */
  confirmFrames: number;
  /** Frames a new candidate may be missed before it is forgotten. */
  candidateMissFrames: number;
  /** Frames a confirmed object may be missing (in plain view) before it is reported removed. */
  dropAfterFrames: number;
  /** Consecutive frames that must agree before fallen/standing flips. */
  fallFrames: number;
  /** Largest frame-to-frame move matched by position alone. */
  gateMm: number;
  /** How far a missing object may have been carried and still keep its id. */
  reacquireMm: number;
  /** Sizes differing by more than this share are different objects. */
  sizeTolerance: number;
  /** Moves smaller than this are measurement noise: positions are averaged instead. */
  jitterMm: number;
  /** Around a hand, nothing new is believed and nothing hidden is counted missing. */
  occluderMarginMm: number;
}

export const DEFAULT_TRACKER: TrackerOptions = {
  confirmFrames: 3,
  candidateMissFrames: 1,
  dropAfterFrames: 8,
  fallFrames: 2,
  gateMm: 45,
  reacquireMm: 1200,
  sizeTolerance: 0.3,
  jitterMm: 3,
  occluderMarginMm: 40,
};
