/**
 * Node's way in to the learned detector: onnxruntime-web's wasm build (one thread, as the
 * bench measures it) and the committed model file, read with its problems named.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLearnedDetector, MAX_MODEL_BYTES, type LearnedDetectorOptions, type LoadResult, type OnnxRuntime } from './learned-detector.js';

export const MODEL_FILE = 'models/miniature-detector.onnx';

let runtime: Promise<OnnxRuntime> | null = null;

export function loadOnnxRuntimeNode(): Promise<OnnxRuntime> {
  runtime ??= import('onnxruntime-web/wasm').then((ort) => {
    ort.env.wasm.numThreads = 1;
    ort.env.logLevel = 'error';
    return ort as unknown as OnnxRuntime;
  });
  return runtime;
}

/** The committed model: found by walking up from this file (src/ under vitest, dist/src/ when built). */
export function defaultModelPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const p = join(dir, MODEL_FILE);
    if (existsSync(p)) return p;
    dir = dirname(dir);
  }
  return MODEL_FILE;
}

/** Reads and loads a model file; every problem is one line naming the file. */
export async function loadLearnedDetectorNode(path = defaultModelPath(), options: Partial<LearnedDetectorOptions> = {}): Promise<LoadResult> {
  let bytes: Uint8Array;
  try {
    const s = await stat(path);
    if (!s.isFile()) return { ok: false, problem: `${path}: not a file` };
    if (s.size > MAX_MODEL_BYTES) return { ok: false, problem: `${path}: ${s.size} bytes, more than a model may be (${MAX_MODEL_BYTES})` };
    bytes = new Uint8Array(await readFile(path));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, problem: `${path}: ${code === 'ENOENT' ? 'no such file' : e instanceof Error ? e.message : String(e)}` };
  }
  const r = await loadLearnedDetector(await loadOnnxRuntimeNode(), bytes, options);
  return r.ok ? r : { ok: false, problem: `${path}: ${r.problem}` };
}
