import { z } from 'zod';
import { CameraMesh } from '../../app/api/camera-worker-messages.js';

/** A camera frame to rectify (rectify-worker.ts): the bitmap, the mesh, the output size in px. */
export const RectifyRequest = z.object({
  bitmap: z.instanceof(ImageBitmap),
  mesh: CameraMesh,
  width: z.int().positive().max(16384),
  height: z.int().positive().max(16384),
  widthMm: z.number().positive(),
  depthMm: z.number().positive(),
  scale: z.number().positive(),
  serial: z.number(),
});
export type RectifyRequest = z.infer<typeof RectifyRequest>;

/** The worker's answer: the rectified image, or why not. */
export const RectifyReply = z.discriminatedUnion('type', [
  z.object({ type: z.literal('rectified'), image: z.instanceof(ImageBitmap), serial: z.number() }),
  z.object({ type: z.literal('failed'), problem: z.string() }),
]);
