/**
 * Stable identities for what the object detector sees, frame after frame (issue 3, part 5).
 * Plain state, no pixels: tags name objects outright; untagged ones are matched by position
 * (gated) and size. Nothing new is believed before it persists for a few frames, nothing
 * hidden under a hand is counted missing, and an object that vanished from one place keeps
 * its id when a like-sized object settles somewhere else (it was carried).
 */
import { DEFAULT_TRACKER, type FrameObservation, type Occluder, type Sighting, type Snapshot, type TrackedObject, type TrackerOptions } from './types.js';

interface Track {
  id: string;
  tag: number | null;
  xMm: number;
  yMm: number;
  fallen: boolean;
  /** Frames in a row the fallen flag disagreed with the sightings. */
  fallVotes: number;
  sizeMm: number | null;
  confirmed: boolean;
  hits: number;
  misses: number;
  /** Averaging weight: the number of sightings merged at this position. */
  samples: number;
  lastSeenMs: number;
}

export class Tracker {
  private readonly o: TrackerOptions;
  private tracks: Track[] = [];
  private nextUntagged = 1;
  private lastMs = 0;

  constructor(options: Partial<TrackerOptions> = {}) {
    this.o = { ...DEFAULT_TRACKER, ...options };
  }

  /** Folds one frame's detections in; returns the confirmed objects after it. */
  update(frame: FrameObservation): readonly TrackedObject[] {
    this.lastMs = frame.tMs;
    const occluders = frame.disturbances ?? [];
    const sightings = [...frame.objects];
    const taken = new Set<number>();
    const matched = new Set<Track>();

    // 1. Tags name objects whatever the distance: a carried tagged miniature keeps its id.
    sightings.forEach((s, i) => {
      if (s.tag === null) return;
      const t = this.tracks.find((tr) => tr.tag === s.tag) ?? this.nearestUntagged(s, matched);
      if (!t) return;
      t.tag = s.tag;
      this.absorb(t, s, frame.tMs);
      matched.add(t);
      taken.add(i);
    });
    // 2. Untagged sightings to tracks within the gate, nearest pairs first.
    const pairs: { i: number; t: Track; d: number }[] = [];
    sightings.forEach((s, i) => {
      if (taken.has(i)) return;
      for (const t of this.tracks) {
        if (matched.has(t) || (s.tag !== null && t.tag !== null)) continue;
        const d = Math.hypot(t.xMm - s.xMm, t.yMm - s.yMm);
        if (d <= this.o.gateMm && this.sizeFits(t, s)) pairs.push({ i, t, d: d + (t.confirmed ? 0 : this.o.gateMm) });
      }
    });
    pairs.sort((a, b) => a.d - b.d);
    for (const p of pairs) {
      if (taken.has(p.i) || matched.has(p.t)) continue;
      this.absorb(p.t, sightings[p.i] as Sighting, frame.tMs);
      matched.add(p.t);
      taken.add(p.i);
    }
    // 3. Tracks not seen: hidden under a hand, or missing.
    for (const t of this.tracks) {
      if (matched.has(t)) continue;
      if (this.hidden(t.xMm, t.yMm, occluders)) continue;
      t.misses++;
    }
    // 4. New candidates, except next to a hand (fingers break off the arm's blob).
    sightings.forEach((s, i) => {
      if (taken.has(i) || this.hidden(s.xMm, s.yMm, occluders)) return;
      this.tracks.push({
        id: '',
        tag: s.tag,
        xMm: s.xMm,
        yMm: s.yMm,
        fallen: s.fallen,
        fallVotes: 0,
        sizeMm: sizeOf(s),
        confirmed: false,
        hits: 1,
        misses: 0,
        samples: 1,
        lastSeenMs: frame.tMs,
      });
    });
    // 5. Candidates that persisted become objects, or hand their place to a missing one.
    for (const t of this.tracks) {
      if (t.confirmed || t.hits < this.o.confirmFrames) continue;
      const carried = t.tag === null ? this.missingLike(t) : undefined;
      if (carried) {
        carried.xMm = t.xMm;
        carried.yMm = t.yMm;
        carried.fallen = t.fallen;
        carried.fallVotes = 0;
        carried.misses = 0;
        carried.samples = t.samples;
        carried.lastSeenMs = t.lastSeenMs;
        t.misses = Infinity;
        continue;
      }
      t.confirmed = true;
      t.id = t.tag !== null ? `tag-${t.tag}` : `obj-${this.nextUntagged++}`;
    }
    this.tracks = this.tracks.filter((t) => (t.confirmed ? t.misses < this.o.dropAfterFrames : t.misses <= this.o.candidateMissFrames));
    return this.objects();
  }

  objects(): readonly TrackedObject[] {
    return this.tracks
      .filter((t) => t.confirmed)
      .map((t) => ({ id: t.id, tag: t.tag, xMm: t.xMm, yMm: t.yMm, fallen: t.fallen, sizeMm: t.sizeMm, lastSeenMs: t.lastSeenMs }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  snapshot(): Snapshot {
    return { tMs: this.lastMs, objects: this.objects() };
  }

  private absorb(t: Track, s: Sighting, tMs: number): void {
    const d = Math.hypot(t.xMm - s.xMm, t.yMm - s.yMm);
    if (d <= this.o.jitterMm && s.fallen === t.fallen) {
      // Standing still: average, so the reported position settles below the per-frame noise.
      const w = Math.min(t.samples, 20);
      t.xMm = (t.xMm * w + s.xMm) / (w + 1);
      t.yMm = (t.yMm * w + s.yMm) / (w + 1);
      t.samples = w + 1;
    } else {
      t.xMm = s.xMm;
      t.yMm = s.yMm;
      t.samples = 1;
    }
    if (s.fallen !== t.fallen) {
      t.fallVotes++;
      if (!t.confirmed || t.fallVotes >= this.o.fallFrames) {
        t.fallen = s.fallen;
        t.fallVotes = 0;
      }
    } else t.fallVotes = 0;
    const size = sizeOf(s);
    if (size !== null && s.fallen === t.fallen) t.sizeMm = t.sizeMm === null ? size : (t.sizeMm * 3 + size) / 4;
    t.hits++;
    t.misses = 0;
    t.lastSeenMs = tMs;
  }

  private nearestUntagged(s: Sighting, matched: Set<Track>): Track | undefined {
    let best: Track | undefined;
    let bestD = this.o.gateMm;
    for (const t of this.tracks) {
      if (t.tag !== null || matched.has(t)) continue;
      const d = Math.hypot(t.xMm - s.xMm, t.yMm - s.yMm);
      if (d <= bestD) {
        bestD = d;
        best = t;
      }
    }
    return best;
  }

  /** The nearest confirmed untagged object that has been missing, of a like size. */
  private missingLike(c: Track): Track | undefined {
    let best: Track | undefined;
    let bestD = this.o.reacquireMm;
    for (const t of this.tracks) {
      if (!t.confirmed || t.tag !== null || t.misses < 1) continue;
      if (t.sizeMm !== null && c.sizeMm !== null && t.fallen === c.fallen && Math.abs(t.sizeMm - c.sizeMm) > this.o.sizeTolerance * Math.max(t.sizeMm, c.sizeMm)) continue;
      const d = Math.hypot(t.xMm - c.xMm, t.yMm - c.yMm);
      if (d <= bestD) {
        bestD = d;
        best = t;
      }
    }
    return best;
  }

  private sizeFits(t: Track, s: Sighting): boolean {
    const size = sizeOf(s);
    if (t.sizeMm === null || size === null || s.fallen !== t.fallen) return true;
    return Math.abs(t.sizeMm - size) <= this.o.sizeTolerance * Math.max(t.sizeMm, size);
  }

  private hidden(xMm: number, yMm: number, occluders: readonly Occluder[]): boolean {
    const m = this.o.occluderMarginMm;
    return occluders.some((b) => xMm >= b.minXMm - m && xMm <= b.maxXMm + m && yMm >= b.minYMm - m && yMm <= b.maxYMm + m);
  }
}

function sizeOf(s: Sighting): number | null {
  if (!s.fallen && s.baseDiameterMm != null) return s.baseDiameterMm;
  if (s.fallen && s.lengthMm !== undefined) return s.lengthMm;
  return null;
}
