/** Node only: image files (JPEG, PNG, WebP, TIFF…) to RGBA through sharp. */
import sharp from 'sharp';
import type { RgbaImage } from './image.js';

export class ImageFileError extends Error {}

export async function readImageFile(path: string): Promise<RgbaImage> {
  try {
    const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new ImageFileError(`unexpected ${info.channels} channels`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch (e) {
    if (e instanceof ImageFileError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ImageFileError('no such file');
    const message = e instanceof Error ? e.message.split('\n')[0] : String(e);
    // sharp reports missing files as "Input file is missing".
    if (/missing/i.test(message ?? '')) throw new ImageFileError('no such file');
    throw new ImageFileError(`not a readable image (${message})`);
  }
}

/** Writes 8-bit grey or RGBA pixels as PNG with the physical resolution recorded. */
export async function writePng(path: string, pixels: Uint8Array, width: number, height: number, channels: 1 | 4, dpi: number): Promise<void> {
  await sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels } })
    .withMetadata({ density: dpi })
    .png({ compressionLevel: 9 })
    .toFile(path);
}
