import { FromCameraWorker, type CameraMesh } from '../../app/api/camera-worker-messages.js';
import { FromDetectorWorker, type DetectorTrouble } from '../../app/api/detector-worker-messages.js';
import { FrameStats, type CameraStats } from './frame-stats.js';
import { trackObjects, type CameraObject } from './object-tracker.js';

export type CharucoSeen = Extract<FromCameraWorker, { type: 'charuco-seen' }>;
export type { CameraObject, CameraStats };

export interface CameraFeedEvents {
  located(tags: { id: number; x_mm: number; y_mm: number }[], mesh: CameraMesh, quality: { reprojectionPx: number; ms: number; anchorsFound?: number[]; cameraHeightMm?: number }, objects: CameraObject[] | null): void;
  problem(text: string): void;
  /** The learned detector is not there (model missing or damaged, runtime not loaded): the camera goes on with tags. */
  detectorTrouble?(trouble: DetectorTrouble, detail: string): void;
  /** The live calibration's answer for a frame (only with `start(…, { charucoBoard })`). */
  charuco?(seen: CharucoSeen): void;
  /** A new picture reached the video (a source with no draw loop of its own, such as the demo's stills, draws it now). */
  frame?(): void;
}

/** What the wizard asks of the camera: which device, how many pixels, and whether to calibrate. */
export interface CameraChoice {
  deviceId?: string;
  resolution?: '1080p' | '4k';
  /** A board spec (`charuco:7x5:30:22:DICT_4X4_50`): the worker calibrates instead of locating. */
  charucoBoard?: string;
  /** false: tags only, no learned detector (the demo's recorded frames). */
  objects?: boolean;
}

const RESOLUTION = { '1080p': { width: 1920, height: 1080 }, '4k': { width: 3840, height: 2160 } } as const;

/** How often the live calibration takes a frame (it keeps a copy on the page for the wizard). */
const CALIBRATE_EVERY_MS = 400;

/** One clock for the page and both workers. */
const wallClock = (): number => performance.timeOrigin + performance.now();

/**
 * The learned detector's worker, one per page and kept when the camera stops: the runtime's
 * 14 MB wasm is compiled and the model loaded once. `warmDetector` starts it before the camera
 * (at page load, when the app has camera files), so the first frames already find miniatures.
 */
let detectorWorker: {
  worker: Worker;
  vendorUrl: string;
  ready: FromDetectorWorker | null;
  startedAt: number;
  /** Ms from the worker's start to its ready message reaching the page (a camera started later must not stretch it). */
  readyAfterMs: number | null;
  listeners: Set<(m: FromDetectorWorker) => void>;
} | null = null;

export function warmDetector(openCvUrl: string): NonNullable<typeof detectorWorker> {
  const vendorUrl = new URL('.', new URL(openCvUrl, location.href)).href;
  if (detectorWorker?.vendorUrl === vendorUrl) return detectorWorker;
  detectorWorker?.worker.terminate();
  const worker = new Worker(new URL('./detector-worker.ts', import.meta.url), { type: 'classic' });
  const d: NonNullable<typeof detectorWorker> = { worker, vendorUrl, ready: null, startedAt: wallClock(), readyAfterMs: null, listeners: new Set() };
  worker.onmessage = (e: MessageEvent<unknown>) => {
    const m = FromDetectorWorker.safeParse(e.data);
    if (!m.success) return;
    if (m.data.type === 'detector-ready') d.readyAfterMs ??= wallClock() - d.startedAt;
    if (m.data.type !== 'detected') d.ready = m.data;
    for (const l of d.listeners) l(m.data);
  };
  worker.postMessage({ type: 'load', vendorUrl });
  detectorWorker = d;
  return d;
}

/**
 * The camera in the renderer: getUserMedia (or a given stream) into a (hidden) video element
 * that the table canvas draws, and, when the app has the table profile and camera file, a
 * vision worker that locates the table and the tags in every camera frame it is free for, and
 * the learned detector's worker that finds miniatures and falls in the newest frame whenever it
 * is free. Frames go over as transferred VideoFrames (no copy on the page's thread); between
 * detections the objects follow their tags (object-tracker.ts).
 */
export class CameraFeed {
  readonly video: HTMLVideoElement;
  mesh: CameraMesh | null = null;
  /** Counts camera frames as they arrive, so the rectified image is redone only for a new one. */
  frameSerial = 0;
  private worker: Worker | null = null;
  private timer: number | undefined;
  private busy = false;
  private ready = false;
  /** The vision worker has its setup (OpenCV compiled, the table profile read). */
  get workerReady(): boolean {
    return this.ready;
  }
  /** The camera frame last sent to vision (frameSerial), so a frame is never located twice. */
  private sentSerial = -1;
  private frameId = 0;
  private lastDetection: CameraObject[] | null = null;
  private detectorListener: ((m: FromDetectorWorker) => void) | null = null;
  private channel: MessageChannel | null = null;
  /** Frames located and detected per second, and where their time went. */
  readonly frameStats = new FrameStats();
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

  /** `stream`: a picture source other than a camera (the demo's recorded frames). */
  async start(files: { profile: unknown; camera: unknown } | null, openCvUrl: string, choice: CameraChoice = {}, stream?: MediaStream): Promise<void> {
    const size = RESOLUTION[choice.resolution ?? '1080p'];
    this.charuco = choice.charucoBoard !== undefined;
    // The detector loads while the camera opens and OpenCV compiles (two cores, two workers).
    const detector = files && !this.charuco && choice.objects !== false ? warmDetector(openCvUrl) : null;
    this.video.srcObject =
      stream ??
      (await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: size.width }, height: { ideal: size.height }, ...(choice.deviceId ? { deviceId: { exact: choice.deviceId } } : {}) },
      }));
    await this.video.play().catch(() => undefined);
    const onFrame = (): void => {
      if (!this.running) return;
      this.frameSerial++;
      this.events.frame?.();
      this.sendPicture();
      this.video.requestVideoFrameCallback(onFrame);
    };
    this.video.requestVideoFrameCallback(onFrame);
    if (!files && !this.charuco) return;
    this.worker = new Worker(new URL('./vision-worker.ts', import.meta.url), { type: 'classic' });
    this.worker.onmessage = (e: MessageEvent<unknown>) => this.onWorker(e.data);
    if (choice.charucoBoard !== undefined) this.worker.postMessage({ type: 'charuco-setup', openCvUrl, board: choice.charucoBoard });
    else if (files) this.worker.postMessage({ type: 'setup', openCvUrl, profile: files.profile, camera: files.camera });
    if (detector) this.joinDetector(detector);
  }

  /** The vision worker hands frames to the detector over a channel of their own; the detector answers here. */
  private joinDetector(d: ReturnType<typeof warmDetector>): void {
    if (!this.worker) return;
    const channel = new MessageChannel();
    this.channel = channel;
    this.worker.postMessage({ type: 'detector-port', port: channel.port1 }, [channel.port1]);
    d.worker.postMessage({ type: 'port', port: channel.port2 }, [channel.port2]);
    const listener = (m: FromDetectorWorker): void => {
      if (m.type === 'detector-ready') this.frameStats.loaded(m.load, d.readyAfterMs ?? wallClock() - d.startedAt);
      else if (m.type === 'detector-failed') {
        this.events.detectorTrouble?.(m.trouble, m.problem);
        this.say(m.problem);
      } else {
        this.lastDetection = m.objects;
        this.frameStats.detected(wallClock(), m.ms, wallClock() - m.sentAt);
      }
    };
    this.detectorListener = listener;
    d.listeners.add(listener);
    // Loaded or failed before this camera started: say so now.
    if (d.ready) listener(d.ready);
  }

  /** Stats for the bench and tests: located and detected frames per second, timings, the model's load. */
  stats(): CameraStats {
    return this.frameStats.summary(wallClock());
  }

  private onWorker(raw: unknown): void {
    const msg = FromCameraWorker.safeParse(raw);
    if (!msg.success) return this.say('the vision worker sent something unexpected');
    if (msg.data.type === 'ready') {
      this.ready = true;
      if (this.charuco) this.timer = window.setInterval(() => this.sendFrame(), CALIBRATE_EVERY_MS);
      else this.sendPicture();
      return;
    }
    this.busy = false;
    // A camera frame came while this one was located: the newest goes at once.
    if (!this.charuco) this.sendPicture();
    if (msg.data.type === 'failed') return this.say(msg.data.problem);
    this.lastProblem = '';
    if (msg.data.type === 'charuco-seen') return this.events.charuco?.(msg.data);
    const { tags, mesh, reprojectionPx, ms, anchorsFound, cameraHeightMm, timing } = msg.data;
    this.mesh = mesh;
    if (timing) this.frameStats.located(wallClock(), timing);
    const objects = msg.data.objects ?? trackObjects(this.lastDetection, tags);
    this.events.located(tags, mesh, { reprojectionPx, ms, ...(anchorsFound ? { anchorsFound } : {}), ...(cameraHeightMm !== undefined ? { cameraHeightMm } : {}) }, objects);
  }

  private say(problem: string): void {
    // Once per kind of trouble (a hand over an anchor repeats every frame).
    if (problem !== this.lastProblem) this.events.problem(problem);
    this.lastProblem = problem;
  }

  /** The newest camera frame to the vision worker, when it is free and the frame is new: no queue. */
  private sendPicture(): void {
    const v = this.video;
    if (this.charuco || !this.ready || this.busy || !this.worker || v.videoWidth === 0 || this.sentSerial === this.frameSerial) return;
    const worker = this.worker;
    this.busy = true;
    this.sentSerial = this.frameSerial;
    const id = ++this.frameId;
    const sentAt = wallClock();
    const send = (picture: VideoFrame | ImageBitmap): void => worker.postMessage({ type: 'picture', id, sentAt, picture }, [picture]);
    try {
      if (typeof VideoFrame !== 'undefined') return send(new VideoFrame(v, { timestamp: Math.round(v.currentTime * 1e6) }));
    } catch {
      // No frame to wrap yet (or no VideoFrame from a video here): an ImageBitmap instead.
    }
    createImageBitmap(v).then(send, () => {
      this.busy = false;
    });
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
    this.ready = false;
    this.lastDetection = null;
    this.channel?.port1.close();
    this.channel?.port2.close();
    this.channel = null;
    if (this.detectorListener) detectorWorker?.listeners.delete(this.detectorListener);
    this.detectorListener = null;
    this.mesh = null;
    (this.video.srcObject as MediaStream | null)?.getTracks().forEach((t) => t.stop());
    this.video.srcObject = null;
  }
}
