/// <reference lib="webworker" />
import { FromCameraWorker, ToCameraWorker } from '../../app/api/camera-worker-messages.js';
import {
  createLocator,
  learnedLocateObjects,
  loadLearnedDetector,
  loadOpenCv,
  parseCameraFile,
  parseTableProfile,
  projectTablePoint,
  type LearnedDetector,
  type OnnxRuntime,
  type TableProfile,
} from '../../app/api/vision.js';
import { LiveCalibration } from './live-calibration.js';

/**
 * Vision in a Web Worker, off the page's thread: OpenCV (opencv.js, loaded once by
 * importScripts: this worker is a classic script), the table pose from the anchors, tags in
 * table mm, every miniature and fall by the learned detector (onnxruntime-web's wasm build and
 * the ONNX model, served beside opencv.js: /vendor/ort/, /vendor/miniature-detector.onnx), and
 * a mesh of where the table's grid lies in the camera image, so the page can draw the image
 * undistorted and rectified under its overlay.
 */
declare const self: DedicatedWorkerGlobalScope & { cv?: unknown; ort?: OnnxRuntime };

const MESH_COLS = 16;
const MESH_ROWS = 12;
let locator: ReturnType<typeof createLocator> | null = null;
let profile: TableProfile | null = null;
let calibration: LiveCalibration | null = null;
let learned: LearnedDetector | null = null;

const reply = (m: FromCameraWorker): void => self.postMessage(m);

/** The learned detector, or a reason it is not there (the worker then reports tags only). */
async function loadDetector(openCvUrl: string): Promise<{ ok: true; detector: LearnedDetector } | { ok: false; problem: string }> {
  try {
    const vendor = new URL('.', openCvUrl);
    self.importScripts(new URL('ort/ort.wasm.min.js', vendor).href);
    const ort = self.ort;
    if (!ort) return { ok: false, problem: 'onnxruntime-web did not load' };
    ort.env.wasm.wasmPaths = new URL('ort/', vendor).href;
    ort.env.wasm.numThreads = 1;
    const res = await fetch(new URL('miniature-detector.onnx', vendor).href);
    if (!res.ok) return { ok: false, problem: `the detector model is not served (${res.status})` };
    const r = await loadLearnedDetector(ort, new Uint8Array(await res.arrayBuffer()));
    return r.ok ? r : { ok: false, problem: `detector model: ${r.problem}` };
  } catch (e) {
    return { ok: false, problem: `learned detector: ${e instanceof Error ? e.message : String(e)}` };
  }
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
      await learned?.release();
      const d = await loadDetector(msg.data.openCvUrl);
      learned = d.ok ? d.detector : null;
      if (!d.ok) reply({ type: 'failed', problem: d.problem });
      return reply({ type: 'ready' });
    }
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
    if (!locator || !profile) return reply({ type: 'failed', problem: 'the vision worker has no camera setup yet' });
    const t0 = performance.now();
    const frame = { width: msg.data.width, height: msg.data.height, data: msg.data.data };
    const r = locator.locate(frame);
    if (!r.ok) return reply({ type: 'failed', problem: r.error.kind === 'too-few-anchors' ? `anchors found: ${r.error.found.join(', ') || 'none'}` : r.error.kind });
    const { report, pose, intrinsics } = r.value;
    const objects = learned ? learnedLocateObjects(await learned.detect({ frame, pose, intrinsics, table: profile.table, tags: report.tags })) : undefined;
    const pixels: ([number, number] | null)[] = [];
    for (let j = 0; j <= MESH_ROWS; j++) {
      for (let i = 0; i <= MESH_COLS; i++) {
        pixels.push(projectTablePoint(pose, intrinsics, [(i * profile.table.width_mm) / MESH_COLS, (j * profile.table.depth_mm) / MESH_ROWS, 0]));
      }
    }
    reply({ type: 'located', tags: report.tags, reprojectionPx: report.reprojection_px, mesh: { cols: MESH_COLS, rows: MESH_ROWS, pixels }, ms: performance.now() - t0, anchorsFound: report.anchors_found, cameraHeightMm: report.camera_position_mm[2], ...(objects ? { objects } : {}) });
  } catch (err) {
    reply({ type: 'failed', problem: err instanceof Error ? err.message : String(err) });
  }
};
