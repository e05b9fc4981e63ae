/** Frames as plain pixel arrays: what a canvas, a video frame or sharp hands over. */

export interface RgbaImage {
  width: number;
  height: number;
  /** 4 bytes a pixel, row-major (ImageData layout). */
  data: Uint8Array | Uint8ClampedArray;
}

export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A frame of one byte a pixel (grey) rather than four (RGBA). */
export function isGrayImage(f: RgbaImage | GrayImage): f is GrayImage {
  return f.data.length === f.width * f.height;
}

/** ITU-R BT.601 luma in integer arithmetic, as OpenCV's RGBA2GRAY. */
export function rgbaToGray(img: RgbaImage): GrayImage {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  // Plain byte reads: measured faster in V8 than one 32-bit read a pixel plus shifts.
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = ((d[j] as number) * 4899 + (d[j + 1] as number) * 9617 + (d[j + 2] as number) * 1868 + 8192) >> 14;
  return { width: img.width, height: img.height, data: out };
}
