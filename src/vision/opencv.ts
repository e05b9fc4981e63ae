import type { OpenCv } from './cv-types.js';

/**
 * One OpenCV per process (or Web Worker): the wasm module takes a second to start and holds
 * its own heap, so every caller shares the first load. The loader is injected because Node
 * (createRequire, see opencv-node.ts) and a browser bundle fetch the module differently;
 * nothing here touches Node APIs.
 */
let pending: Promise<OpenCv> | null = null;

export type OpenCvSource = () => unknown;

export function loadOpenCv(source: OpenCvSource): Promise<OpenCv> {
  pending ??= resolveModule(source()).catch((e: unknown) => {
    pending = null;
    throw e;
  });
  return pending;
}

/** opencv.js 5 exports a promise (or a thenable module); older builds signal onRuntimeInitialized. */
async function resolveModule(m: unknown): Promise<OpenCv> {
  let mod = (await m) as Record<string, unknown>;
  if (mod && typeof mod === 'object' && 'default' in mod && !('Mat' in mod)) mod = (await mod.default) as Record<string, unknown>;
  if (!('Mat' in mod)) {
    await new Promise<void>((resolve) => {
      mod.onRuntimeInitialized = () => resolve();
    });
  }
  // A thenable module would make every later `await` of it recurse: drop the hook.
  if (typeof mod.then === 'function') delete mod.then;
  return mod as unknown as OpenCv;
}
