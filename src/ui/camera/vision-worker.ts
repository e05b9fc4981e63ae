/// <reference lib="webworker" />
import { FromCameraWorker, ToCameraWorker } from '../../app/api/camera-worker-messages.js';
import { DetectorFree, type DetectRequest } from '../../app/api/detector-worker-messages.js';
import {
  createLocator,
  loadOpenCv,
  parseCameraFile,
  parseTableProfile,
  projectTablePoint,
  type CameraPose,
  type TableProfile,
} from '../../app/api/vision.js';
import { PixelPool, type Lendable, type Pixels } from './frame-pixels.js';
import { LiveCalibration } from './live-calibration.js';
import { steadyPose } from './steady-pose.js';

/**
 * Vision in a Web Worker, off the page's thread: OpenCV (opencv.js, loaded once by
 * importScripts: this worker is a classic script), the table pose from the anchors, tags in
 * table mm, and a mesh of where the table's grid lies in the camera image, so the page can draw
 * the image undistorted and rectified under its overlay. It locates every frame the page hands
 * it (a transferred VideoFrame or ImageBitmap: no copy on the page's thread); whenever the
 * learned detector's worker (detector-worker.ts) is free, the newest located frame goes on to it
 * over a MessagePort with its pose and tags, its pixels transferred, and the buffer comes back
 * for a later frame. No frame ever waits in a queue: a busy detector just misses frames.
 * Tags the frame's search missed are looked for near the models the detector last found
 * untagged (locate.ts's tagsNear; six of them a frame, in turn, and every tag read so on the last
 * frame), and join the frame's tags.
 */
declare const self: DedicatedWorkerGlobalScope & { cv?: unknown };

const MESH_COLS = 16;
const MESH_ROWS = 12;
let locator: ReturnType<typeof createLocator> | null = null;
let profile: TableProfile | null = null;
let calibration: LiveCalibration | null = null;
let detector: { port: MessagePort; free: boolean } | null = null;
/** The pose last given to the detector: kept while the camera has not moved (steady-pose.ts). */
let detectorPose: CameraPose | null = null;
/**
 * Where to look for tags the frame's search missed (locate.ts's tagsNear): the untagged standing
 * models of the detector's last answer, and the places of the tags read so on the last frame (a
 * model bound to such a tag is no longer untagged, yet its tag must be read again).
 */
let lookNear: { x_mm: number; y_mm: number }[] = [];
let readNear: { x_mm: number; y_mm: number }[] = [];
/** Where in lookNear the next frame starts: a frame looks near LOOK_PER_FRAME of its points (~1 ms each), in turn. */
let lookFrom = 0;
const LOOK_PER_FRAME = 6;
const pool = new PixelPool();
/** One clock for the page and both workers (their performance.now() start at different times). */
const wallClock = (): number => performance.timeOrigin + performance.now();

const reply = (m: FromCameraWorker): void => self.postMessage(m);

function useDetector(port: MessagePort): void {
  detector?.port.close();
  const d = { port, free: false };
  detector = d;
  port.onmessage = (e: MessageEvent<unknown>) => {
    const m = DetectorFree.safeParse(e.data);
    if (!m.success) return;
    // A transferred buffer is always an ArrayBuffer (a SharedArrayBuffer cannot be transferred).
    if (m.data.data) pool.give(m.data.data as Uint8Array<ArrayBuffer>);
    // The turn goes on where it was: the detector answers every few frames, and restarting would
    // leave the models past the first few answers' turns unlooked at.
    if (m.data.look) lookNear = m.data.look;
    d.free = true;
  };
}

/** Locates one frame, answers the page, and lends the frame to a free detector. */
function locateFrame(image: Pixels, lend: Lendable | null, id: number, sentAt: number, readMs: number): void {
  const giveBack = (): void => {
    if (lend) pool.give(lend.data);
  };
  if (!locator || !profile) {
    giveBack();
    return reply({ type: 'failed', problem: 'the vision worker has no camera setup yet' });
  }
  const t0 = performance.now();
  const r = locator.locate(image);
  const locateMs = performance.now() - t0;
  if (!r.ok) {
    giveBack();
    return reply({ type: 'failed', problem: r.error.kind === 'too-few-anchors' ? `anchors found: ${r.error.found.join(', ') || 'none'}` : r.error.kind });
  }
  const { pose, intrinsics } = r.value;
  const turn = lookNear.length <= LOOK_PER_FRAME ? lookNear : Array.from({ length: LOOK_PER_FRAME }, (_, i) => lookNear[(lookFrom + i) % lookNear.length] as { x_mm: number; y_mm: number });
  lookFrom = lookNear.length === 0 ? 0 : (lookFrom + LOOK_PER_FRAME) % lookNear.length;
  const near = locator.tagsNear(image, r.value, [...readNear, ...turn]);
  readNear = near.map((t) => ({ x_mm: t.x_mm, y_mm: t.y_mm }));
  const report = near.length === 0 ? r.value.report : { ...r.value.report, tags: [...r.value.report.tags, ...near].sort((a, b) => a.id - b.id) };
  const lookMs = performance.now() - t0 - locateMs;
  const pixels: ([number, number] | null)[] = [];
  for (let j = 0; j <= MESH_ROWS; j++) {
    for (let i = 0; i <= MESH_COLS; i++) {
      pixels.push(projectTablePoint(pose, intrinsics, [(i * profile.table.width_mm) / MESH_COLS, (j * profile.table.depth_mm) / MESH_ROWS, 0]));
    }
  }
  const toDetector = detector !== null && detector.free && lend !== null;
  reply({
    type: 'located',
    id,
    tags: report.tags,
    reprojectionPx: report.reprojection_px,
    mesh: { cols: MESH_COLS, rows: MESH_ROWS, pixels },
    ms: readMs + locateMs + lookMs,
    timing: { readMs, locateMs: locateMs + lookMs, latencyMs: wallClock() - sentAt, sentToDetector: toDetector },
    anchorsFound: report.anchors_found,
    cameraHeightMm: report.camera_position_mm[2],
  });
  if (!detector || !lend || !toDetector) return giveBack();
  detectorPose = steadyPose(detectorPose, pose, intrinsics, profile.table);
  const req: DetectRequest = {
    type: 'detect',
    id,
    sentAt,
    width: image.width,
    height: image.height,
    pixels: lend.pixels,
    colour: lend.colour,
    data: lend.data,
    pose: { rotation: [...detectorPose.rotation], translationMm: [...detectorPose.translationMm] },
    intrinsics: { ...intrinsics, dist: [...intrinsics.dist] },
    table: { ...profile.table },
    tags: report.tags,
  };
  detector.free = false;
  detector.port.postMessage(req, [lend.data.buffer]);
}

self.onmessage = async (e: MessageEvent<unknown>) => {
  const msg = ToCameraWorker.safeParse(e.data);
  if (!msg.success) return reply({ type: 'failed', problem: 'a message to the vision worker did not match its schema' });
  try {
    if (msg.data.type === 'setup') {
      const p = parseTableProfile(msg.data.profile);
      if (!p.ok) return reply({ type: 'failed', problem: `table profile: ${p.message}` });
      const c = parseCameraFile(msg.data.camera);
      if (!c.ok) return reply({ type: 'failed', problem: `camera file: ${c.message}` });
      self.importScripts(msg.data.openCvUrl);
      const cv = await loadOpenCv(() => self.cv);
      locator?.delete();
      locator = createLocator(cv, p.value, c.value);
      profile = p.value;
      detectorPose = null;
      lookNear = [];
      readNear = [];
      lookFrom = 0;
      return reply({ type: 'ready' });
    }
    if (msg.data.type === 'detector-port') return useDetector(msg.data.port);
    if (msg.data.type === 'charuco-setup') {
      self.importScripts(msg.data.openCvUrl);
      const cv = await loadOpenCv(() => self.cv);
      calibration?.delete();
      const made = LiveCalibration.create(cv, msg.data.board);
      if (typeof made === 'string') return reply({ type: 'failed', problem: made });
      calibration = made;
      return reply({ type: 'ready' });
    }
    if (msg.data.type === 'charuco-frame') {
      if (!calibration) return reply({ type: 'failed', problem: 'the vision worker has no board yet' });
      return reply(calibration.frame({ width: msg.data.width, height: msg.data.height, data: msg.data.data }, msg.data.capture));
    }
    if (msg.data.type === 'picture') {
      const t0 = performance.now();
      const { image, lend } = await pool.read(msg.data.picture);
      return locateFrame(image, lend, msg.data.id, msg.data.sentAt, performance.now() - t0);
    }
    const data = msg.data.data as Uint8ClampedArray<ArrayBuffer>;
    return locateFrame({ width: msg.data.width, height: msg.data.height, data }, { pixels: 'rgba', colour: { matrix: 'bt601', fullRange: true }, data }, 0, wallClock(), 0);
  } catch (err) {
    reply({ type: 'failed', problem: err instanceof Error ? err.message : String(err) });
  }
};
