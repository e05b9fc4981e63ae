/**
 * What happens over a real table between two frames and is not a miniature: a hand and arm
 * reaching in from the edge, the lamp moved or dimmed, a warmer white balance. Kept apart
 * from the scene renderer (vision B's addition): it only adds solids to the same world and
 * post-processes the same pixels.
 */
import { Cylinder, Sphere, type Primitive } from './primitives.js';
import { applySensor, decodeImage, encodeJpeg, type SensorOptions } from './post.js';
import { sceneWorld } from './render.js';
import type { Rgb, Scene } from './scene.js';
import { renderWorld, type RawImage, type SyntheticCamera } from './world.js';

export interface Arm {
  /** Where the forearm enters over the table edge (table mm, may lie off the table). */
  fromMm: readonly [number, number];
  /** Where the hand is, over the table. */
  toMm: readonly [number, number];
  /** Height of the forearm above the table. */
  heightMm: number;
  /** Forearm radius; the hand is a ball a bit larger. */
  radiusMm?: number;
  color?: Rgb;
}

const SKIN: Rgb = [205, 160, 135];

export function armPrimitives(a: Arm): Primitive[] {
  const r = a.radiusMm ?? 40;
  const dx = a.toMm[0] - a.fromMm[0];
  const dy = a.toMm[1] - a.fromMm[1];
  const len = Math.hypot(dx, dy);
  const color = a.color ?? SKIN;
  return [
    new Cylinder(a.fromMm[0], a.fromMm[1], a.heightMm, dx / len, dy / len, 0, len, r, color),
    new Sphere(a.toMm[0], a.toMm[1], a.heightMm, r * 1.3, color),
  ];
}

export interface DisturbedRender extends SensorOptions {
  arms?: readonly Arm[];
  /** Per-channel gain after the render: white balance or a dimmer. */
  tint?: Rgb;
  jpegQuality?: number;
}

/** The scene through the camera with arms over it and a tint, then sensor and JPEG as a webcam file. */
export async function renderDisturbed(scene: Scene, camera: SyntheticCamera, o: DisturbedRender = {}): Promise<RawImage> {
  const world = sceneWorld(scene);
  for (const a of o.arms ?? []) world.primitives.push(...armPrimitives(a));
  let img = renderWorld(world, camera);
  if (o.tint) img = tint(img, o.tint);
  img = applySensor(img, { blurSigmaPx: o.blurSigmaPx ?? 0.6, noiseSigma: o.noiseSigma ?? 2.5, seed: o.seed ?? 1 });
  return decodeImage(await encodeJpeg(img, o.jpegQuality ?? 88));
}

export function tint(img: RawImage, gain: Rgb): RawImage {
  const out = new Uint8ClampedArray(img.rgba);
  for (let i = 0; i < out.length; i += 4) {
    out[i] = (out[i] as number) * gain[0];
    out[i + 1] = (out[i + 1] as number) * gain[1];
    out[i + 2] = (out[i + 2] as number) * gain[2];
  }
  return { width: img.width, height: img.height, rgba: out };
}
