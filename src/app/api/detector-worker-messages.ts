import { z } from 'zod';

/**
 * Messages of the learned detector's Web Worker (issue 9), beside the vision worker's
 * (camera-worker-messages.ts). The page starts it with `load`, then hands it one end of a
 * MessageChannel whose other end goes to the vision worker: the vision worker locates the tags
 * in every frame and, whenever the detector is free, passes it the newest frame over that port
 * (the pixels transferred, not copied); the detector answers the page with the objects and
 * gives the pixel buffer back to the vision worker for its next frame.
 */

const Port = z.custom<MessagePort>((v) => typeof MessagePort !== 'undefined' && v instanceof MessagePort, 'a MessagePort');

export const ToDetectorWorker = z.discriminatedUnion('type', [
  /** Where onnxruntime-web (`ort/`) and the model (`miniature-detector.onnx`) are served. */
  z.object({ type: z.literal('load'), vendorUrl: z.string().max(2000) }),
  z.object({ type: z.literal('port'), port: Port }),
]);
export type ToDetectorWorker = z.infer<typeof ToDetectorWorker>;

const Num3 = z.tuple([z.number(), z.number(), z.number()]);

/** One frame for the detector, over the port, with the table pose the vision worker found in it. */
export const DetectRequest = z.object({
  type: z.literal('detect'),
  id: z.int().nonnegative(),
  sentAt: z.number(),
  width: z.int().positive().max(8192),
  height: z.int().positive().max(8192),
  /** RGBA, or the camera's own 4:2:0 planes (converted in the detector's worker), with their colour space. */
  pixels: z.enum(['rgba', 'I420', 'NV12']),
  colour: z.object({ matrix: z.enum(['bt601', 'bt709']), fullRange: z.boolean() }),
  data: z.union([z.instanceof(Uint8ClampedArray), z.instanceof(Uint8Array)]),
  pose: z.object({ rotation: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]), translationMm: Num3 }),
  intrinsics: z.object({ widthPx: z.number(), heightPx: z.number(), fx: z.number(), fy: z.number(), cx: z.number(), cy: z.number(), dist: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]) }),
  table: z.object({ width_mm: z.number().positive(), depth_mm: z.number().positive() }),
  tags: z.array(z.object({ id: z.number(), x_mm: z.number(), y_mm: z.number(), z_mm: z.number(), yaw_deg: z.number().optional() })).max(1000),
});
export type DetectRequest = z.infer<typeof DetectRequest>;

/** Table points in millimetres, as many as the look for tags near models takes a frame. */
const LookPoints = z.array(z.object({ x_mm: z.number(), y_mm: z.number() })).max(64);

/**
 * The detector back to the vision worker: free again, with the frame's buffer to reuse, and the
 * untagged standing models it found (surest first), where the vision worker looks for their tags
 * in the frames that follow (locate.ts's tagsNear). A `look` that is not such a list (too long,
 * not numbers) is dropped, not the message: the buffer still comes back and the detector is
 * still free, so the live loop never stalls on it.
 */
export const DetectorFree = z.object({ type: z.literal('free'), data: z.union([z.instanceof(Uint8ClampedArray), z.instanceof(Uint8Array)]).nullable(), look: LookPoints.optional().catch(undefined) });
export type DetectorFree = z.infer<typeof DetectorFree>;

export const DetectedObject = z.object({ x_mm: z.number(), y_mm: z.number(), fallen: z.boolean(), tag: z.number().nullable(), confidence: z.number() });

/** Why the detector is not there: the page says it in one line and the camera goes on with tags. */
export const DetectorTrouble = z.enum(['model-missing', 'model-bad', 'runtime']);
export type DetectorTrouble = z.infer<typeof DetectorTrouble>;

export const FromDetectorWorker = z.discriminatedUnion('type', [
  /** Loaded: where the time went (ms) — the runtime's script, the model's bytes, the session (wasm compile included). */
  z.object({ type: z.literal('detector-ready'), load: z.object({ scriptMs: z.number(), modelMs: z.number(), sessionMs: z.number(), totalMs: z.number(), modelBytes: z.int().nonnegative() }) }),
  z.object({
    type: z.literal('detected'),
    id: z.int().nonnegative(),
    sentAt: z.number(),
    objects: z.array(DetectedObject),
    /** The tags of the frame the objects were found in. */
    tags: z.array(z.object({ id: z.number(), x_mm: z.number(), y_mm: z.number() })),
    ms: z.object({ map: z.number(), network: z.number(), second: z.number(), decode: z.number(), total: z.number() }),
  }),
  z.object({ type: z.literal('detector-failed'), trouble: DetectorTrouble, problem: z.string() }),
]);
export type FromDetectorWorker = z.infer<typeof FromDetectorWorker>;
