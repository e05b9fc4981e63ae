import { z } from 'zod';
import type { CameraMesh } from '../../app/api/camera-worker-messages.js';
import { CameraFeed } from './camera-feed.js';

/** The server's answer to GET api/demo/camera (src/app/server/demo-camera-routes.ts). */
const DemoCameraNow = z.object({ frame: z.string().regex(/^demo\/[\w./-]+\.(jpg|png)$/), profile: z.unknown(), camera: z.unknown() });

const POLL_MS = 400;

/**
 * The demo's camera in the page (issue 12: "the demo shows its camera frames"): while the bundled
 * demo plays, the frame it has reached is drawn into a canvas whose stream goes through the same
 * camera path as a real camera (the vision worker finds the anchors and tags, and the table is
 * drawn from the image, rectified under the overlay). Only pictures: the positions are the
 * server's, located from the same frames, so this feed sends nothing. Tags only (no learned
 * detector), to leave the CPU to the demo. Served pages only: the Electron window has no route.
 */
export class DemoCamera {
  private readonly feed: CameraFeed;
  private readonly canvas = document.createElement('canvas');
  private timer: number | undefined;
  private shown = '';
  private started = false;
  private polling = false;
  private gameId: string | null = null;
  private lastProblem = '';
  private track: CanvasCaptureMediaStreamTrack | null = null;

  /** `redraw`: the table, once a frame is located (its mesh puts the image under the overlay). */
  constructor(
    private readonly openCvUrl: () => string,
    redraw: () => void,
  ) {
    // No animation loop draws the demo's stills: each new picture and each located one is drawn at once.
    this.feed = new CameraFeed({ located: () => redraw(), frame: () => redraw(), problem: (text) => (this.lastProblem = text) });
  }

  /** Where the demo's camera stands, for tests and the bench: frames drawn, vision ready, located, the last trouble. */
  status(): { shown: string; started: boolean; workerReady: boolean; located: boolean; problem: string } {
    return { shown: this.shown, started: this.started, workerReady: this.feed.workerReady, located: this.feed.mesh !== null, problem: this.lastProblem };
  }

  /** The picture to draw under the overlay, as CameraFeed gives it, or null. */
  frame(): { video: HTMLVideoElement; mesh: CameraMesh | null; serial: number } | null {
    return this.started && this.feed.running ? { video: this.feed.video, mesh: this.feed.mesh, serial: this.feed.frameSerial } : null;
  }

  /**
   * Called with every view: starts when the demo plays (`playing`), and goes on showing the
   * demo's last frame after its script is over while the demo's game stays open (`gameId`).
   */
  follow(playing: boolean, gameId: string | null): void {
    if (playing && this.timer === undefined) {
      this.gameId = gameId;
      this.timer = window.setInterval(() => void this.poll(), POLL_MS);
      void this.poll();
    } else if (!playing && this.timer !== undefined && gameId !== this.gameId) this.stop();
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const res = await fetch('api/demo/camera', { cache: 'no-store' });
      // No demo camera any more (its game was left): the picture goes with it. Before the first
      // frame a 404 only means the demo is still starting: ask again.
      if (res.status === 404 && this.started && this.timer !== undefined) return this.stop();
      if (!res.ok) return;
      const now = DemoCameraNow.safeParse(await res.json());
      if (!now.success) return;
      // A canvas stream has a frame only when asked: a new picture, or again until vision has located one.
      if (now.data.frame === this.shown) {
        if (!this.feed.mesh) this.track?.requestFrame();
        return;
      }
      const img = new Image();
      img.src = now.data.frame;
      await img.decode();
      if (this.timer === undefined) return;
      this.canvas.width = img.naturalWidth;
      this.canvas.height = img.naturalHeight;
      this.canvas.getContext('2d')?.drawImage(img, 0, 0);
      this.shown = now.data.frame;
      if (!this.started) {
        this.started = true;
        const stream = this.canvas.captureStream(0);
        this.track = (stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack | undefined) ?? null;
        await this.feed.start({ profile: now.data.profile, camera: now.data.camera }, this.openCvUrl(), { objects: false }, stream);
      }
      this.track?.requestFrame();
    } catch {
      // No demo frames here (the Electron window, or the demo just ended): nothing to draw.
    } finally {
      this.polling = false;
    }
  }

  private stop(): void {
    window.clearInterval(this.timer);
    this.timer = undefined;
    this.shown = '';
    if (this.started) this.feed.stop();
    this.started = false;
    this.track = null;
  }
}
