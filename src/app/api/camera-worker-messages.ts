import { z } from 'zod';

/** Messages between the renderer and its vision worker (both sides check them). */

export const ToCameraWorker = z.discriminatedUnion('type', [
  /** Table profile and camera file (the JSON contracts of issue 3), checked again by vision. */
  z.object({ type: z.literal('setup'), openCvUrl: z.string(), profile: z.unknown(), camera: z.unknown() }),
  z.object({ type: z.literal('frame'), width: z.int().positive(), height: z.int().positive(), data: z.instanceof(Uint8ClampedArray) }),
]);
export type ToCameraWorker = z.infer<typeof ToCameraWorker>;

export const CameraMesh = z.object({
  cols: z.int().positive(),
  rows: z.int().positive(),
  /** Table mm of node (i, j) is (i·width/cols, j·depth/rows); its camera pixel, row by row. */
  pixels: z.array(z.tuple([z.number(), z.number()]).nullable()),
});
export type CameraMesh = z.infer<typeof CameraMesh>;

export const FromCameraWorker = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('located'),
    tags: z.array(z.object({ id: z.number(), x_mm: z.number(), y_mm: z.number() })),
    reprojectionPx: z.number(),
    mesh: CameraMesh,
    ms: z.number(),
    /** The learned detector's objects (issue 9); absent when its model did not load. */
    objects: z.array(z.object({ x_mm: z.number(), y_mm: z.number(), fallen: z.boolean(), tag: z.number().nullable(), confidence: z.number() })).optional(),
  }),
  z.object({ type: z.literal('failed'), problem: z.string() }),
]);
export type FromCameraWorker = z.infer<typeof FromCameraWorker>;
