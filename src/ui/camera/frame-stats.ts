/**
 * What the live camera path did lately: frames located and detected per second (over the last
 * WINDOW_MS), the median time of each part, how late answers came, and how long the learned
 * detector took to load. Read by `npm run bench:vision` and the tests through the page.
 */
const WINDOW_MS = 3000;

export interface CameraStats {
  located: number;
  detected: number;
  locatedPerS: number;
  detectedPerS: number;
  /** Medians over the window, ms. */
  readMs: number | null;
  locateMs: number | null;
  locateLatencyMs: number | null;
  detectMs: { map: number; network: number; second: number; decode: number; total: number } | null;
  detectLatencyMs: number | null;
  /** Ms from the detector worker's start to its session, and the worker's own split of it. */
  load: { pageMs: number; scriptMs: number; modelMs: number; sessionMs: number; totalMs: number; modelBytes: number } | null;
}

const median = (v: readonly number[]): number | null => {
  if (v.length === 0) return null;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? null;
};

export class FrameStats {
  private located_: { at: number; readMs: number; locateMs: number; latencyMs: number }[] = [];
  private detected_: { at: number; map: number; network: number; second: number; decode: number; total: number; latencyMs: number }[] = [];
  private nLocated = 0;
  private nDetected = 0;
  private load_: CameraStats['load'] = null;

  located(at: number, t: { readMs: number; locateMs: number; latencyMs: number }): void {
    this.nLocated++;
    this.located_.push({ at, readMs: t.readMs, locateMs: t.locateMs, latencyMs: t.latencyMs });
    this.trim(at);
  }

  detected(at: number, ms: { map: number; network: number; second: number; decode: number; total: number }, latencyMs: number): void {
    this.nDetected++;
    this.detected_.push({ at, ...ms, latencyMs });
    this.trim(at);
  }

  loaded(load: { scriptMs: number; modelMs: number; sessionMs: number; totalMs: number; modelBytes: number }, pageMs: number): void {
    this.load_ ??= { pageMs, ...load };
  }

  private trim(now: number): void {
    const from = now - WINDOW_MS;
    while ((this.located_[0]?.at ?? now) < from) this.located_.shift();
    while ((this.detected_[0]?.at ?? now) < from) this.detected_.shift();
  }

  summary(now: number): CameraStats {
    this.trim(now);
    // Frames per second over the span they cover (or the window, once it is full).
    const rate = (v: readonly { at: number }[]): number => {
      const first = v[0];
      if (!first || v.length < 2) return 0;
      const span = Math.max(now - first.at, 1);
      return ((v.length - 1) / span) * 1000;
    };
    const d = this.detected_;
    return {
      located: this.nLocated,
      detected: this.nDetected,
      locatedPerS: rate(this.located_),
      detectedPerS: rate(d),
      readMs: median(this.located_.map((x) => x.readMs)),
      locateMs: median(this.located_.map((x) => x.locateMs)),
      locateLatencyMs: median(this.located_.map((x) => x.latencyMs)),
      detectMs: d.length === 0 ? null : { map: median(d.map((x) => x.map)) ?? 0, network: median(d.map((x) => x.network)) ?? 0, second: median(d.map((x) => x.second)) ?? 0, decode: median(d.map((x) => x.decode)) ?? 0, total: median(d.map((x) => x.total)) ?? 0 },
      detectLatencyMs: median(d.map((x) => x.latencyMs)),
      load: this.load_,
    };
  }
}
