/// <reference lib="webworker" />
import { RectifyRequest } from './rectify-messages.js';
import { cutMesh } from './mesh-cut.js';

/**
 * Cuts the camera image into the table's rectified view off the page's thread: the page sends
 * each new camera frame as an ImageBitmap with the vision mesh, this worker draws the mesh's
 * triangles on an OffscreenCanvas and sends the result back as an ImageBitmap (both transferred,
 * never copied), which the page draws under its overlay until the next one.
 */
declare const self: DedicatedWorkerGlobalScope;

let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

self.onmessage = (e: MessageEvent<unknown>) => {
  const msg = RectifyRequest.safeParse(e.data);
  if (!msg.success) {
    self.postMessage({ type: 'failed', problem: `rectify: ${msg.error.issues[0]?.path.join('.') ?? ''}: ${msg.error.issues[0]?.message ?? 'invalid'}` });
    return;
  }
  const { bitmap, mesh, width, height, widthMm, depthMm, scale, serial } = msg.data;
  try {
    if (!canvas || canvas.width !== width || canvas.height !== height) {
      canvas = new OffscreenCanvas(width, height);
      ctx = canvas.getContext('2d', { alpha: false });
    }
    if (!ctx) throw new Error('no 2D context in the worker');
    cutMesh(ctx, bitmap, mesh, widthMm, depthMm, scale);
    const image = canvas.transferToImageBitmap();
    self.postMessage({ type: 'rectified', image, serial }, [image]);
  } catch (err) {
    self.postMessage({ type: 'failed', problem: err instanceof Error ? err.message : String(err) });
  } finally {
    bitmap.close();
  }
};
