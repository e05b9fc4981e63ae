import type { CameraMesh } from '../../app/api/camera-worker-messages.js';
import { cutMesh } from './mesh-cut.js';
import { RectifyReply, type RectifyRequest } from './rectify-messages.js';

/** What the table canvas hands over for each of its frames while the camera runs. */
export interface CameraSource {
  video: HTMLVideoElement;
  mesh: CameraMesh;
  /** Counts camera frames (camera-feed.ts): the image is redone only for a new one. */
  serial: number;
}

/**
 * The camera image undistorted and seen from straight above, at the table's size in canvas px.
 * Each new camera frame is taken once as an ImageBitmap (one colour conversion of the video
 * frame) and cut along the vision mesh (mesh-cut.ts) in a worker (rectify-worker.ts), so the
 * page's thread only draws the finished image; without a worker it is cut here. At most one
 * frame is in flight: a slow machine skips camera frames, never queues them. The overlay's own
 * frames reuse the image until the next camera frame.
 */
export class RectifiedCamera {
  /** `shown`: a new image is ready (a still picture, such as the demo's, is not drawn again otherwise). */
  constructor(private readonly shownNew: () => void = () => undefined) {}

  private shown: ImageBitmap | HTMLCanvasElement | null = null;
  private shownKey = '';
  private shownMesh: CameraMesh | null = null;
  private pending = false;
  private worker: Worker | null = null;
  private workerFailed = false;
  /** For the page's own cut (no worker). */
  private local: HTMLCanvasElement | null = null;
  private settle: ((image: ImageBitmap | null) => void) | null = null;

  /** The latest image, or null before the first. */
  get image(): ImageBitmap | HTMLCanvasElement | null {
    return this.shown;
  }

  /** Starts rectifying the current camera frame if the image does not show it yet; returns at once. */
  update(src: CameraSource, scale: number, tableWidthMm: number, tableDepthMm: number): void {
    const width = Math.ceil(tableWidthMm * scale);
    const height = Math.ceil(tableDepthMm * scale);
    const key = `${src.serial}:${width}x${height}`;
    if ((key === this.shownKey && src.mesh === this.shownMesh) || this.pending || src.video.videoWidth === 0) return;
    this.pending = true;
    const mesh = src.mesh;
    const done = (image: ImageBitmap | HTMLCanvasElement | null): void => {
      this.pending = false;
      if (!image) return;
      if (this.shown instanceof ImageBitmap && this.shown !== image) this.shown.close();
      this.shown = image;
      this.shownKey = key;
      this.shownMesh = mesh;
      this.shownNew();
    };
    createImageBitmap(src.video)
      .then(async (bitmap) => {
        const request: RectifyRequest = { bitmap, mesh, width, height, widthMm: tableWidthMm, depthMm: tableDepthMm, scale, serial: src.serial };
        const worker = this.ensureWorker();
        if (worker) {
          const image = await new Promise<ImageBitmap | null>((resolve) => {
            this.settle = resolve;
            worker.postMessage(request, [bitmap]);
          });
          if (image || !this.workerFailed) return done(image);
          // The worker could not cut it (no OffscreenCanvas here): from now on the page does.
          bitmap = await createImageBitmap(src.video);
        }
        done(this.cutHere({ ...request, bitmap }));
      })
      .catch(() => {
        // The video had no frame to give (stopped meanwhile): the next call tries again.
        this.pending = false;
      });
  }

  private ensureWorker(): Worker | null {
    if (this.worker || this.workerFailed) return this.worker;
    if (typeof OffscreenCanvas === 'undefined') {
      this.workerFailed = true;
      return null;
    }
    const worker = new Worker(new URL('./rectify-worker.ts', import.meta.url), { type: 'classic' });
    worker.onmessage = (e: MessageEvent<unknown>) => {
      const reply = RectifyReply.safeParse(e.data);
      const image = reply.success && reply.data.type === 'rectified' ? reply.data.image : null;
      if (!image) this.fail();
      this.settle?.(image);
      this.settle = null;
    };
    worker.onerror = () => {
      this.fail();
      this.settle?.(null);
      this.settle = null;
    };
    this.worker = worker;
    return worker;
  }

  private fail(): void {
    this.workerFailed = true;
    this.worker?.terminate();
    this.worker = null;
  }

  private cutHere(r: RectifyRequest): HTMLCanvasElement {
    try {
      this.local ??= document.createElement('canvas');
      if (this.local.width !== r.width || this.local.height !== r.height) {
        this.local.width = r.width;
        this.local.height = r.height;
      }
      const ctx = this.local.getContext('2d', { alpha: false });
      if (ctx) cutMesh(ctx, r.bitmap, r.mesh, r.widthMm, r.depthMm, r.scale);
      return this.local;
    } finally {
      r.bitmap.close();
    }
  }

  /** Forgets the image and stops the worker (the camera stopped). */
  clear(): void {
    if (this.shown instanceof ImageBitmap) this.shown.close();
    this.shown = null;
    this.shownKey = '';
    this.shownMesh = null;
    this.worker?.terminate();
    this.worker = null;
    this.settle?.(null);
    this.settle = null;
  }
}
