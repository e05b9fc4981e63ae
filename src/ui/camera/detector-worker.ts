/// <reference lib="webworker" />
import { DetectRequest, ToDetectorWorker, type DetectorTrouble, type FromDetectorWorker } from '../../app/api/detector-worker-messages.js';
import { yuvToRgba } from './yuv-to-rgba.js';
import { learnedLocateObjects, LIVE_DETECTOR_OPTIONS, loadLearnedDetector, untaggedStanding, type LearnedDetector, type OnnxRuntime } from '../../app/api/vision.js';

/**
 * The learned miniature and fall detector in its own Web Worker (issue 9), so that the vision
 * worker locates the tags in every camera frame while this one runs the network on the newest
 * frame it was given (the two run side by side on two cores). onnxruntime-web's wasm build and
 * the ONNX model come from where opencv.js is served (`ort/`, `miniature-detector.onnx`); the
 * model is fetched while the runtime's script loads, and the worker lives as long as the page,
 * so the 14 MB wasm is compiled once however often the camera is switched on.
 */
declare const self: DedicatedWorkerGlobalScope & { ort?: OnnxRuntime };

let detector: LearnedDetector | null = null;
let loading: Promise<void> | null = null;
let port: MessagePort | null = null;
/** The colour picture a YUV frame is converted into, kept for the next one. */
let rgba: Uint8ClampedArray | null = null;

const reply = (m: FromDetectorWorker): void => self.postMessage(m);
const fail = (trouble: DetectorTrouble, problem: string): void => reply({ type: 'detector-failed', trouble, problem });

async function load(vendorUrl: string): Promise<void> {
  const t0 = performance.now();
  let vendor: URL;
  try {
    vendor = new URL(vendorUrl);
  } catch {
    return fail('runtime', `detector: runtime did not load (bad address ${vendorUrl.slice(0, 80)})`);
  }
  // The model's bytes travel while the runtime's script loads.
  const model = fetch(new URL('miniature-detector.onnx', vendor)).then(
    async (res) => (res.ok ? { ok: true as const, bytes: new Uint8Array(await res.arrayBuffer()) } : { ok: false as const, why: `HTTP ${res.status}` }),
    (e: unknown) => ({ ok: false as const, why: e instanceof Error ? e.message : String(e) }),
  );
  try {
    self.importScripts(new URL('ort/ort.wasm.min.js', vendor).href);
  } catch (e) {
    return fail('runtime', `detector: runtime did not load (${e instanceof Error ? e.message : String(e)})`);
  }
  const ort = self.ort;
  if (!ort) return fail('runtime', 'detector: runtime did not load (onnxruntime-web defined nothing)');
  const t1 = performance.now();
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  const bytes = await model;
  const t2 = performance.now();
  if (!bytes.ok) return fail('model-missing', `detector: model missing (${new URL('miniature-detector.onnx', vendor).pathname}: ${bytes.why})`);
  // Decoded and validated while it downloads (streaming); V8 compiles each function when it is
  // first called, some 3400 of them inside the session's creation (onnxruntime's start-up).
  // Fetching the wasm beside the model and handing its bytes over (wasmBinary), or compiling it
  // early to warm V8's module cache, measured slower in a blank page (median of six loads
  // 0.72-0.89 s against 0.64 s).
  ort.env.wasm.wasmPaths = new URL('ort/', vendor).href;
  let r: Awaited<ReturnType<typeof loadLearnedDetector>>;
  try {
    // The cheaper views: the live overlay is a stream of frames (the views of rules M′, PV and SV are for `locate`'s one frame).
    r = await loadLearnedDetector(ort, bytes.bytes, LIVE_DETECTOR_OPTIONS);
  } catch (e) {
    return fail('runtime', `detector: runtime did not start (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
  if (!r.ok) return fail(/wasm|WebAssembly|backend/i.test(r.problem) ? 'runtime' : 'model-bad', `detector: model unusable (${r.problem})`);
  detector = r.detector;
  const t3 = performance.now();
  reply({ type: 'detector-ready', load: { scriptMs: t1 - t0, modelMs: t2 - t0, sessionMs: t3 - t2, totalMs: t3 - t0, modelBytes: bytes.bytes.byteLength } });
  port?.postMessage({ type: 'free', data: null });
}

async function detect(raw: unknown): Promise<void> {
  const req = DetectRequest.safeParse(raw);
  if (!req.success || !detector) {
    port?.postMessage({ type: 'free', data: null });
    return;
  }
  const { id, sentAt, width, height, pixels, colour, data, pose, intrinsics, table, tags } = req.data;
  const t0 = performance.now();
  let look: { x_mm: number; y_mm: number }[] = [];
  try {
    let frame: Uint8Array | Uint8ClampedArray = data;
    if (pixels !== 'rgba') {
      if (rgba?.length !== width * height * 4) rgba = new Uint8ClampedArray(width * height * 4);
      yuvToRgba(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), pixels, width, height, colour, rgba);
      frame = rgba;
    }
    const d = await detector.detect({ frame: { width, height, data: frame }, pose, intrinsics, table, tags });
    reply({ type: 'detected', id, sentAt, objects: learnedLocateObjects(d), tags: tags.map((t) => ({ id: t.id, x_mm: t.x_mm, y_mm: t.y_mm })), ms: { ...d.ms, total: performance.now() - t0 } });
    look = untaggedStanding(d.objects);
  } catch (e) {
    fail('runtime', `detector: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  } finally {
    // The buffer goes back to the vision worker for its next frame, with where to look for tags.
    port?.postMessage({ type: 'free', data, look }, [data.buffer]);
  }
}

self.onmessage = (e: MessageEvent<unknown>) => {
  const msg = ToDetectorWorker.safeParse(e.data);
  if (!msg.success) return;
  if (msg.data.type === 'load') {
    loading ??= load(msg.data.vendorUrl);
    return;
  }
  port?.close();
  port = msg.data.port;
  port.onmessage = (m: MessageEvent<unknown>) => void detect(m.data);
  if (detector) port.postMessage({ type: 'free', data: null });
};
