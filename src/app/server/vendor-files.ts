import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defaultModelPath } from '../../vision/learned/onnx-node.js';

/**
 * The files the renderer's vision workers load from `/vendor/`: opencv.js, onnxruntime-web's
 * wasm build (its script, the glue it imports, the binary) and the learned detector's model.
 * One table for `shagomer serve` (HTTP) and the Electron window (its `shagomer://app/vendor/…`
 * scheme), so both serve the same names and nothing else.
 */
export interface VendorSources {
  openCvFile?: string;
  /** onnxruntime-web's dist folder. */
  ortDir?: string;
  modelFile?: string;
}

/** The onnxruntime-web files the worker loads. */
export const ORT_FILES: Readonly<Record<string, string>> = {
  'ort.wasm.min.js': 'text/javascript; charset=utf-8',
  'ort-wasm-simd-threaded.mjs': 'text/javascript; charset=utf-8',
  'ort-wasm-simd-threaded.wasm': 'application/wasm',
};

/** Where the installed packages and the committed model are. */
export function defaultVendorSources(): Required<VendorSources> {
  const require = createRequire(import.meta.url);
  return { openCvFile: require.resolve('@techstark/opencv-js'), ortDir: dirname(require.resolve('onnxruntime-web/wasm')), modelFile: defaultModelPath() };
}

export type VendorAnswer = { status: 200; type: string; body: Buffer } | { status: 404; problem: string };

/** The file for a `/vendor/…` path, or null when the path is not one of them (the caller's 404 or next route). */
export function vendorFile(path: string, src: VendorSources): { file: string; type: string; what: string } | null {
  if (path === '/vendor/opencv.js' && src.openCvFile) return { file: src.openCvFile, type: 'text/javascript; charset=utf-8', what: 'opencv.js' };
  if (path === '/vendor/miniature-detector.onnx' && src.modelFile) return { file: src.modelFile, type: 'application/octet-stream', what: 'the detector model' };
  const ort = /^\/vendor\/ort\/([a-z.-]{1,64})$/.exec(path);
  const name = ort?.[1];
  const type = name === undefined ? undefined : ORT_FILES[name];
  if (name !== undefined && type !== undefined && src.ortDir) return { file: join(src.ortDir, name), type, what: 'onnxruntime-web' };
  return null;
}

/** Reads a vendor file: its bytes, or one line saying what is not installed. Null: not a vendor path. */
export async function readVendorFile(path: string, src: VendorSources): Promise<VendorAnswer | null> {
  const f = vendorFile(path, src);
  if (!f) return null;
  const body = await readFile(f.file).catch(() => null);
  return body ? { status: 200, type: f.type, body } : { status: 404, problem: `${f.what} is not installed` };
}
