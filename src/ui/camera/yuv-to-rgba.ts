/**
 * A camera's YUV picture (I420 or NV12 planes, tightly packed as VideoFrame.copyTo writes them)
 * to RGBA, in the detector's worker: the vision worker copies frames in their own format (tags
 * need only the Y plane) and only a frame the detector takes is converted, off the vision
 * worker's thread. BT.601 or BT.709 coefficients, full or limited range, as the frame's colour
 * space says.
 */
export type YuvLayout = 'I420' | 'NV12';

export interface YuvColour {
  matrix: 'bt601' | 'bt709';
  fullRange: boolean;
}

/** Bytes of a tightly packed 4:2:0 picture (I420 and NV12 alike). */
export function yuvBytes(width: number, height: number): number {
  const cw = Math.ceil(width / 2);
  const ch = Math.ceil(height / 2);
  return width * height + 2 * cw * ch;
}

export function yuvToRgba(src: Uint8Array, layout: YuvLayout, width: number, height: number, colour: YuvColour, out: Uint8ClampedArray): void {
  const cw = Math.ceil(width / 2);
  const ch = Math.ceil(height / 2);
  const ySize = width * height;
  const [kr, kb] = colour.matrix === 'bt709' ? [0.2126, 0.0722] : [0.299, 0.114];
  const kg = 1 - kr - kb;
  // R = Y' + rv·V', G = Y' − gu·U' − gv·V', B = Y' + bu·U' (U', V' centred on 0).
  const yScale = colour.fullRange ? 1 : 255 / 219;
  const cScale = colour.fullRange ? 1 : 255 / 224;
  const yOff = colour.fullRange ? 0 : 16;
  const rv = 2 * (1 - kr) * cScale;
  const bu = 2 * (1 - kb) * cScale;
  const gu = ((2 * kb * (1 - kb)) / kg) * cScale;
  const gv = ((2 * kr * (1 - kr)) / kg) * cScale;
  for (let j = 0; j < height; j++) {
    const cRow = (j >> 1) * cw;
    let o = j * width * 4;
    let yi = j * width;
    for (let i = 0; i < width; i++) {
      const c = cRow + (i >> 1);
      let u: number;
      let v: number;
      if (layout === 'I420') {
        u = (src[ySize + c] as number) - 128;
        v = (src[ySize + cw * ch + c] as number) - 128;
      } else {
        u = (src[ySize + 2 * c] as number) - 128;
        v = (src[ySize + 2 * c + 1] as number) - 128;
      }
      const y = ((src[yi++] as number) - yOff) * yScale;
      out[o] = y + rv * v;
      out[o + 1] = y - gu * u - gv * v;
      out[o + 2] = y + bu * u;
      out[o + 3] = 255;
      o += 4;
    }
  }
}
