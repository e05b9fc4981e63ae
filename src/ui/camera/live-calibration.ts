import { COVERAGE_COLS, COVERAGE_ROWS, type FromCameraWorker } from '../../app/api/camera-worker-messages.js';
import {
  calibrateFromViews,
  cameraFileFromIntrinsics,
  createCharucoDetector,
  MIN_VIEWS,
  parseBoardSpec,
  rgbaToGray,
  viewProblem,
  type CharucoBoard,
  type NamedView,
} from '../../app/api/vision.js';
import type { loadOpenCv } from '../../app/api/vision.js';

type Cv = Awaited<ReturnType<typeof loadOpenCv>>;
type Seen = Extract<FromCameraWorker, { type: 'charuco-seen' }>;

/** A view whose corners sit this close (mean, share of the image diagonal) to a kept one adds nothing. */
const SAME_VIEW = 0.04;
/** Views kept at most: the fit grows slow and the user is done long before. */
const MAX_VIEWS = 40;

/**
 * The wizard's live calibration, in the vision worker: the board in each frame, views kept when
 * they add something (a new place or tilt), the fit redone after each kept view, and where in
 * the image views are still missing. The checks are vision's own (calibrate.ts).
 */
export class LiveCalibration {
  private readonly views: NamedView[] = [];
  private size: [number, number] | null = null;
  private last: { rmsPx: number | null; rejected: { name: string; reason: string }[]; camera: unknown } = { rmsPx: null, rejected: [], camera: null };

  private constructor(
    private readonly cv: Cv,
    private readonly board: CharucoBoard,
    private readonly detector: ReturnType<typeof createCharucoDetector>,
  ) {}

  static create(cv: Cv, spec: string): LiveCalibration | string {
    const board = parseBoardSpec(spec);
    if (typeof board === 'string') return `board: ${board}`;
    return new LiveCalibration(cv, board, createCharucoDetector(cv, board));
  }

  frame(image: { width: number; height: number; data: Uint8ClampedArray }, capture: boolean): Seen {
    const view = { name: `view ${this.views.length + 1}`, ...this.detector.detect(rgbaToGray(image)) };
    let refused = viewProblem(this.board, view);
    if (!refused && this.size && (this.size[0] !== image.width || this.size[1] !== image.height)) {
      refused = `the image is ${image.width}×${image.height}, the views so far ${this.size[0]}×${this.size[1]}`;
    }
    if (!refused && !capture) refused = this.closeTo(view, image.width, image.height);
    if (!refused && this.views.length >= MAX_VIEWS) refused = `${MAX_VIEWS} views kept already`;
    const kept = refused === null;
    if (kept) {
      this.size = [image.width, image.height];
      this.views.push(view);
      if (this.views.length >= MIN_VIEWS) this.fit();
    }
    return {
      type: 'charuco-seen',
      corners: view.corners,
      imageSize: [image.width, image.height],
      kept,
      refused,
      views: this.views.length,
      coverage: this.coverage(),
      ...this.last,
    };
  }

  private closeTo(view: NamedView, w: number, h: number): string | null {
    const diag = Math.hypot(w, h);
    for (const kept of this.views) {
      let sum = 0;
      let n = 0;
      view.ids.forEach((id, i) => {
        const j = kept.ids.indexOf(id);
        if (j < 0) return;
        const a = view.corners[i] as [number, number];
        const b = kept.corners[j] as [number, number];
        sum += Math.hypot(a[0] - b[0], a[1] - b[1]);
        n++;
      });
      if (n >= view.ids.length / 2 && sum / n < SAME_VIEW * diag) return `close to ${kept.name} already kept: move or tilt the board`;
    }
    return null;
  }

  private fit(): void {
    const [w, h] = this.size as [number, number];
    const r = calibrateFromViews(this.cv, this.board, this.views, w, h);
    if (!r.ok) {
      this.last = { rmsPx: null, rejected: [{ name: 'fit', reason: r.reason }, ...r.rejected], camera: null };
      return;
    }
    this.last = { rmsPx: r.value.rmsPx, rejected: r.value.rejected, camera: { file: cameraFileFromIntrinsics(r.value.intrinsics), viewsUsed: r.value.used.length } };
  }

  private coverage(): number[] {
    const cells = new Array<number>(COVERAGE_COLS * COVERAGE_ROWS).fill(0);
    if (!this.size) return cells;
    const [w, h] = this.size;
    for (const v of this.views) {
      const hit = new Set<number>();
      for (const [x, y] of v.corners) {
        const c = Math.min(COVERAGE_COLS - 1, Math.max(0, Math.floor((x / w) * COVERAGE_COLS)));
        const r = Math.min(COVERAGE_ROWS - 1, Math.max(0, Math.floor((y / h) * COVERAGE_ROWS)));
        hit.add(r * COVERAGE_COLS + c);
      }
      for (const i of hit) cells[i] = (cells[i] ?? 0) + 1;
    }
    return cells;
  }

  delete(): void {
    this.detector.delete();
  }
}
