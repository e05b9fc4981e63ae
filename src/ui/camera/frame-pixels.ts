/// <reference lib="webworker" />
import { yuvBytes, type YuvColour } from './yuv-to-rgba.js';

/**
 * A camera picture (a transferred VideoFrame or ImageBitmap) as pixels, in the vision worker.
 * A camera's VideoFrame is YUV: it is copied in its own format into a buffer the worker reuses
 * (no conversion); its Y plane is the grey image the tags are found in, and the whole buffer is
 * what the learned detector's worker converts to colour when it takes the frame. Other pictures
 * (an RGB frame, an ImageBitmap, a browser that cannot copy) go through a canvas kept for the
 * next frame, as RGBA.
 */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** What the detector would be lent: the buffer and how to read it. */
export interface Lendable {
  pixels: 'rgba' | 'I420' | 'NV12';
  colour: YuvColour;
  data: Uint8Array<ArrayBuffer> | Uint8ClampedArray<ArrayBuffer>;
}

const RGB_COLOUR: YuvColour = { matrix: 'bt601', fullRange: true };

/** Spare buffers: the detector hands back the one it was lent, so frames allocate nothing. */
export class PixelPool {
  private readonly spare: (Uint8Array<ArrayBuffer> | Uint8ClampedArray<ArrayBuffer>)[] = [];
  private canvas: OffscreenCanvas | null = null;

  give(data: Uint8Array<ArrayBuffer> | Uint8ClampedArray<ArrayBuffer>): void {
    if (this.spare.length < 3) this.spare.push(data);
  }

  private take(bytes: number): Uint8Array<ArrayBuffer> {
    for (;;) {
      const b = this.spare.pop();
      if (!b) return new Uint8Array(bytes);
      if (b.byteLength === bytes) return new Uint8Array(b.buffer);
    }
  }

  /** Reads the picture and closes it: the image to locate tags in, and the buffer it came in. */
  async read(picture: VideoFrame | ImageBitmap): Promise<{ image: Pixels; lend: Lendable }> {
    try {
      if (typeof VideoFrame !== 'undefined' && picture instanceof VideoFrame) {
        const width = picture.displayWidth;
        const height = picture.displayHeight;
        const r = picture.visibleRect;
        const format = picture.format;
        if (r && r.width === width && r.height === height && (format === 'I420' || format === 'NV12') && width % 2 === 0 && height % 2 === 0) {
          const rect = { x: r.x, y: r.y, width, height };
          const data = this.take(yuvBytes(width, height));
          // Tightly packed planes, Y first: its width × height bytes are the grey image.
          await picture.copyTo(data, { rect });
          const cs = picture.colorSpace;
          const colour: YuvColour = { matrix: cs.matrix === 'bt709' ? 'bt709' : 'bt601', fullRange: cs.fullRange === true };
          return { image: { width, height, data: data.subarray(0, width * height) }, lend: { pixels: format, colour, data } };
        }
      }
      const rgba = this.viaCanvas(picture);
      return { image: rgba, lend: { pixels: 'rgba', colour: RGB_COLOUR, data: rgba.data } };
    } finally {
      picture.close();
    }
  }

  private viaCanvas(picture: VideoFrame | ImageBitmap): { width: number; height: number; data: Uint8ClampedArray<ArrayBuffer> } {
    const width = picture instanceof ImageBitmap ? picture.width : picture.displayWidth;
    const height = picture instanceof ImageBitmap ? picture.height : picture.displayHeight;
    if (!this.canvas || this.canvas.width !== width || this.canvas.height !== height) this.canvas = new OffscreenCanvas(width, height);
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2D canvas in the vision worker');
    ctx.drawImage(picture, 0, 0);
    return { width, height, data: ctx.getImageData(0, 0, width, height).data };
  }
}
