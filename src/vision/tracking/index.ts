/** The tracking library API for the app; see README.md. */
export { Tracker } from './tracker.js';
export { changesBetween, distanceRulesOf, type Move, type SnapshotChanges } from './moves.js';
export { DEFAULT_TRACKER, type FrameObservation, type Occluder, type Sighting, type Snapshot, type TrackedObject, type TrackerOptions } from './types.js';
