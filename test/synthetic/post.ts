/** What the sensor and the codec do to a perfect render: optical blur, noise, JPEG. */
import sharp from 'sharp';
import { mulberry32 } from './noise.js';
import type { RawImage } from './world.js';

export interface SensorOptions {
  /** Optical blur (Gaussian sigma in pixels); real lenses never give one-pixel-sharp edges. */
  blurSigmaPx?: number;
  /** Sensor noise, standard deviation in 8-bit levels. */
  noiseSigma?: number;
  seed?: number;
}

export function applySensor(img: RawImage, o: SensorOptions): RawImage {
  let out = img;
  if ((o.blurSigmaPx ?? 0) > 0) out = gaussianBlur(out, o.blurSigmaPx as number);
  if ((o.noiseSigma ?? 0) > 0) out = addNoise(out, o.noiseSigma as number, o.seed ?? 1);
  return out;
}

function gaussianBlur(img: RawImage, sigma: number): RawImage {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] as number) / sum;
  const { width: w, height: h } = img;
  const tmp = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = Math.min(w - 1, Math.max(0, x + k));
        const j = (y * w + xx) * 4;
        const f = kernel[k + radius] as number;
        r += (img.rgba[j] as number) * f;
        g += (img.rgba[j + 1] as number) * f;
        b += (img.rgba[j + 2] as number) * f;
      }
      const i = (y * w + x) * 3;
      tmp[i] = r;
      tmp[i + 1] = g;
      tmp[i + 2] = b;
    }
  }
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = Math.min(h - 1, Math.max(0, y + k));
        const j = (yy * w + x) * 3;
        const f = kernel[k + radius] as number;
        r += (tmp[j] as number) * f;
        g += (tmp[j + 1] as number) * f;
        b += (tmp[j + 2] as number) * f;
      }
      const i = (y * w + x) * 4;
      out[i] = r;
      out[i + 1] = g;
      out[i + 2] = b;
      out[i + 3] = 255;
    }
  }
  return { width: w, height: h, rgba: out };
}

function addNoise(img: RawImage, sigma: number, seed: number): RawImage {
  const rand = mulberry32(seed);
  // Irwin–Hall with four uniforms: close enough to Gaussian for sensor noise, and cheap.
  const normal = (): number => (rand() + rand() + rand() + rand() - 2) * 1.7320508;
  const out = new Uint8ClampedArray(img.rgba);
  for (let i = 0; i < out.length; i += 4) {
    // Shot noise grows with brightness; a floor of read noise stays in the shadows.
    const level = ((out[i] as number) + (out[i + 1] as number) + (out[i + 2] as number)) / 765;
    const s = sigma * (0.6 + 0.6 * Math.sqrt(level));
    out[i] = (out[i] as number) + normal() * s;
    out[i + 1] = (out[i + 1] as number) + normal() * s;
    out[i + 2] = (out[i + 2] as number) + normal() * s;
  }
  return { width: img.width, height: img.height, rgba: out };
}

export async function encodeJpeg(img: RawImage, quality = 88): Promise<Buffer> {
  return sharp(Buffer.from(img.rgba.buffer, img.rgba.byteOffset, img.rgba.byteLength), { raw: { width: img.width, height: img.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

export async function encodePng(img: RawImage): Promise<Buffer> {
  return sharp(Buffer.from(img.rgba.buffer, img.rgba.byteOffset, img.rgba.byteLength), { raw: { width: img.width, height: img.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Decodes JPEG/PNG bytes back to RGBA, as a test would after compression. */
export async function decodeImage(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}
