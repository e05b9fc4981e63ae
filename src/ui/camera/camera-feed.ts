import { FromCameraWorker, type CameraMesh } from '../../app/api/camera-worker-messages.js';

export type CharucoSeen = Extract<FromCameraWorker, { type: 'charuco-seen' }>;

/** One object the learned detector found in a camera frame (locate --objects' contract). */
export interface CameraObject {
  x_mm: number;
  y_mm: number;
  fallen: boolean;
  tag: number | null;
  confidence: number;
}

export interface CameraFeedEvents {
  located(tags: { id: number; x_mm: number; y_mm: number }[], mesh: CameraMesh, quality: { reprojectionPx: number; ms: number; anchorsFound?: number[]; cameraHeightMm?: number }, objects: CameraObject[] | null): void;
  problem(text: string): void;
  /** The live calibration's answer for a frame (only with `start(…, { charucoBoard })`). */
  charuco?(seen: CharucoSeen): void;
}

/** What the wizard asks of the camera: which device, how many pixels, and whether to calibrate. */
export interface CameraChoice {
  deviceId?: string;
  resolution?: '1080p' | '4k';
  /** A board spec (`charuco:7x5:30:22:DICT_4X4_50`): the worker calibrates instead of locating. */
  charucoBoard?: string;
}

const RESOLUTION = { '1080p': { width: 1920, height: 1080 }, '4k': { width: 3840, height: 2160 } } as const;

/** How often a frame goes to vision: positions, not video, so a few per second is plenty. */
const LOCATE_EVERY_MS = 400;

/**
 * The camera in the renderer: getUserMedia into a (hidden) video element that the table
 * canvas draws, and, when the app has the table profile and camera file, a vision worker that
 * locates the table and the tags in frames taken a few times a second.
 */
export class CameraFeed {
  readonly video: HTMLVideoElement;
  mesh: CameraMesh | null = null;
  /** Counts camera frames as they arrive, so the rectified image is redone only for a new one. */
  frameSerial = 0;
  private worker: Worker | null = null;
  private timer: number | undefined;
  private busy = false;
  private lastProblem = '';
  private charuco = false;
  /** The frame the worker is looking at (or last looked at): its answer belongs to this picture. */
  analysedFrame: OffscreenCanvas | null = null;
  private captureNext = false;

  constructor(private readonly events: CameraFeedEvents) {
    this.video = document.createElement('video');
    this.video.muted = true;
    this.video.playsInline = true;
    this.video.autoplay = true;
  }

  get running(): boolean {
    return this.video.srcObject !== null;
  }

  /** Keeps the next frame as a calibration view even when it is close to one kept. */
  capture(): void {
    this.captureNext = true;
  }

  async start(files: { profile: unknown; camera: unknown } | null, openCvUrl: string, choice: CameraChoice = {}): Promise<void> {
    const size = RESOLUTION[choice.resolution ?? '1080p'];
    this.video.srcObject = await navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: size.width }, height: { ideal: size.height }, ...(choice.deviceId ? { deviceId: { exact: choice.deviceId } } : {}) },
    });
    await this.video.play().catch(() => undefined);
    const onFrame = (): void => {
      if (!this.running) return;
      this.frameSerial++;
      this.video.requestVideoFrameCallback(onFrame);
    };
    this.video.requestVideoFrameCallback(onFrame);
    this.charuco = choice.charucoBoard !== undefined;
    if (!files && !this.charuco) return;
    this.worker = new Worker(new URL('./vision-worker.ts', import.meta.url), { type: 'classic' });
    this.worker.onmessage = (e: MessageEvent<unknown>) => this.onWorker(e.data);
    if (choice.charucoBoard !== undefined) this.worker.postMessage({ type: 'charuco-setup', openCvUrl, board: choice.charucoBoard });
    else if (files) this.worker.postMessage({ type: 'setup', openCvUrl, profile: files.profile, camera: files.camera });
  }

  private onWorker(raw: unknown): void {
    const msg = FromCameraWorker.safeParse(raw);
    if (!msg.success) return this.say('the vision worker sent something unexpected');
    if (msg.data.type === 'ready') {
      this.timer = window.setInterval(() => this.sendFrame(), LOCATE_EVERY_MS);
      return;
    }
    this.busy = false;
    if (msg.data.type === 'failed') return this.say(msg.data.problem);
    this.lastProblem = '';
    if (msg.data.type === 'charuco-seen') return this.events.charuco?.(msg.data);
    const { tags, mesh, reprojectionPx, ms, anchorsFound, cameraHeightMm } = msg.data;
    this.mesh = mesh;
    this.events.located(tags, mesh, { reprojectionPx, ms, ...(anchorsFound ? { anchorsFound } : {}), ...(cameraHeightMm !== undefined ? { cameraHeightMm } : {}) }, msg.data.objects ?? null);
  }

  private say(problem: string): void {
    // Once per kind of trouble (a hand over an anchor repeats every frame).
    if (problem !== this.lastProblem) this.events.problem(problem);
    this.lastProblem = problem;
  }

  private sendFrame(): void {
    const v = this.video;
    if (this.busy || !this.worker || v.videoWidth === 0) return;
    const canvas = new OffscreenCanvas(v.videoWidth, v.videoHeight);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return;
    ctx.drawImage(v, 0, 0);
    const img = ctx.getImageData(0, 0, v.videoWidth, v.videoHeight);
    this.busy = true;
    this.analysedFrame = canvas;
    if (this.charuco) {
      this.worker.postMessage({ type: 'charuco-frame', width: img.width, height: img.height, data: img.data, capture: this.captureNext }, [img.data.buffer]);
      this.captureNext = false;
    } else this.worker.postMessage({ type: 'frame', width: img.width, height: img.height, data: img.data }, [img.data.buffer]);
  }

  stop(): void {
    window.clearInterval(this.timer);
    this.worker?.terminate();
    this.worker = null;
    this.busy = false;
    this.mesh = null;
    (this.video.srcObject as MediaStream | null)?.getTracks().forEach((t) => t.stop());
    this.video.srcObject = null;
  }
}
