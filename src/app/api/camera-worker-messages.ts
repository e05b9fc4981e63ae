import { z } from 'zod';

/** Messages between the renderer and its vision worker (both sides check them). */

export const ToCameraWorker = z.discriminatedUnion('type', [
  /** Table profile and camera file (the JSON contracts of issue 3), checked again by vision. */
  z.object({ type: z.literal('setup'), openCvUrl: z.string(), profile: z.unknown(), camera: z.unknown() }),
  z.object({ type: z.literal('frame'), width: z.int().positive(), height: z.int().positive(), data: z.instanceof(Uint8ClampedArray) }),
  /**
   * A camera frame handed over without a copy (a transferred VideoFrame or ImageBitmap); `id`
   * counts frames, `sentAt` is the page's clock when it was grabbed (for the frame's latency).
   */
  z.object({ type: z.literal('picture'), id: z.int().nonnegative(), sentAt: z.number(), picture: z.custom<VideoFrame | ImageBitmap>(isPicture, 'a VideoFrame or ImageBitmap') }),
  /** The learned detector's worker (detector-worker-messages.ts): the locator hands it frames over this port. */
  z.object({ type: z.literal('detector-port'), port: z.custom<MessagePort>((v) => typeof MessagePort !== 'undefined' && v instanceof MessagePort, 'a MessagePort') }),
  /** The wizard's live calibration: find the ChArUco board (spec as `shagomer markers --board`). */
  z.object({ type: z.literal('charuco-setup'), openCvUrl: z.string(), board: z.string().max(80) }),
  /** A frame for the board; `capture` keeps it as a view even when it is close to one already kept. */
  z.object({ type: z.literal('charuco-frame'), width: z.int().positive(), height: z.int().positive(), data: z.instanceof(Uint8ClampedArray), capture: z.boolean() }),
]);
export type ToCameraWorker = z.infer<typeof ToCameraWorker>;

function isPicture(v: unknown): boolean {
  return (typeof VideoFrame !== 'undefined' && v instanceof VideoFrame) || (typeof ImageBitmap !== 'undefined' && v instanceof ImageBitmap);
}

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
    tags: z.array(z.object({ id: z.number(), x_mm: z.number(), y_mm: z.number(), yaw_deg: z.number().optional() })),
    reprojectionPx: z.number(),
    mesh: CameraMesh,
    ms: z.number(),
    anchorsFound: z.array(z.number()).optional(),
    cameraHeightMm: z.number().optional(),
    /** The frame's `id` (picture messages) and where its time went, ms. */
    id: z.int().nonnegative().optional(),
    timing: z.object({ readMs: z.number(), locateMs: z.number(), latencyMs: z.number(), sentToDetector: z.boolean() }).optional(),
    /** The learned detector's objects (issue 9); absent when its model did not load. */
    objects: z.array(z.object({ x_mm: z.number(), y_mm: z.number(), fallen: z.boolean(), tag: z.number().nullable(), confidence: z.number() })).optional(),
  }),
  /** What the live calibration made of one frame, and of all views kept so far. */
  z.object({
    type: z.literal('charuco-seen'),
    /** Board corners found in this frame (pixels), to draw over the preview. */
    corners: z.array(z.tuple([z.number(), z.number()])),
    imageSize: z.tuple([z.number(), z.number()]),
    /** Whether this frame became a view, and if not why. */
    kept: z.boolean(),
    refused: z.string().nullable(),
    views: z.int().nonnegative(),
    /** How many kept views have corners in each cell, row by row (COVERAGE_COLS × COVERAGE_ROWS). */
    coverage: z.array(z.int().nonnegative()),
    /** After each kept view once there are enough: the fit's RMS, and the views it left out. */
    rmsPx: z.number().nullable(),
    rejected: z.array(z.object({ name: z.string(), reason: z.string() })),
    /** The camera file for the fit so far (null before there is one). */
    camera: z.unknown(),
  }),
  z.object({ type: z.literal('failed'), problem: z.string() }),
]);
export type FromCameraWorker = z.infer<typeof FromCameraWorker>;

/** The live calibration's coverage grid over the image. */
export const COVERAGE_COLS = 6;
export const COVERAGE_ROWS = 4;
