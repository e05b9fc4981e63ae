/**
 * The learned detector's view of the table: a top-down map of the plane z = 0 in square
 * cells of MAP_MM_PER_CELL, each the mean of SUB × SUB bilinear samples of the frame (so a
 * 3 mm cell averages the ~2 × 2 pixels a 1.5 m webcam puts on it instead of aliasing), and
 * the network's input tensor built from it. Training data is made by this same code
 * (models/train/make-dataset.ts), so the network sees at run time exactly what it learnt on.
 */
import { cameraPositionMm, projectTablePoint, type CameraIntrinsics, type CameraPose } from '../camera-model.js';
import type { RgbaImage } from '../image.js';

export const MAP_MM_PER_CELL = 3;
const SUB = 2;
/** Input channels: log colour ratio to the table's own colour (3), the ray's tilt toward the nadir (2), log ratio to the empty table (3), "has a background" (1). */
export const INPUT_CHANNELS = 9;

export interface TableMapSampler {
  cols: number;
  rows: number;
  mmPerCell: number;
  imageWidthPx: number;
  imageHeightPx: number;
  /** Per cell and sub-sample: top-left pixel index of the bilinear footprint, −1 when unseen. */
  pixel: Int32Array;
  fx: Float32Array;
  fy: Float32Array;
  /** The camera's optical centre in table mm. */
  cameraMm: readonly [number, number, number];
}

export function buildTableMapSampler(pose: CameraPose, k: CameraIntrinsics, table: { width_mm: number; depth_mm: number }, mmPerCell = MAP_MM_PER_CELL): TableMapSampler {
  const cols = Math.max(1, Math.round(table.width_mm / mmPerCell));
  const rows = Math.max(1, Math.round(table.depth_mm / mmPerCell));
  const n = cols * rows * SUB * SUB;
  const pixel = new Int32Array(n).fill(-1);
  const fx = new Float32Array(n);
  const fy = new Float32Array(n);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (let s = 0; s < SUB * SUB; s++) {
        const x = (c + ((s % SUB) + 0.5) / SUB) * mmPerCell;
        const y = (r + (Math.floor(s / SUB) + 0.5) / SUB) * mmPerCell;
        const q = projectTablePoint(pose, k, [x, y, 0]);
        if (!q) continue;
        const x0 = Math.floor(q[0]);
        const y0 = Math.floor(q[1]);
        if (x0 < 0 || y0 < 0 || x0 + 1 >= k.widthPx || y0 + 1 >= k.heightPx) continue;
        const i = (r * cols + c) * SUB * SUB + s;
        pixel[i] = y0 * k.widthPx + x0;
        fx[i] = q[0] - x0;
        fy[i] = q[1] - y0;
      }
    }
  }
  const cam = cameraPositionMm(pose);
  return { cols, rows, mmPerCell, imageWidthPx: k.widthPx, imageHeightPx: k.heightPx, pixel, fx, fy, cameraMm: [cam[0], cam[1], cam[2]] };
}

/** The frame on the map: planar RGB (0–255), NaN where the camera does not see the table. */
export function sampleTableMap(m: TableMapSampler, img: RgbaImage): Float32Array {
  if (img.width !== m.imageWidthPx || img.height !== m.imageHeightPx) {
    throw new RangeError(`frame is ${img.width}x${img.height}, the table map was built for ${m.imageWidthPx}x${m.imageHeightPx}`);
  }
  const cells = m.cols * m.rows;
  const out = new Float32Array(3 * cells);
  const d = img.data;
  const stride = img.width * 4;
  const ss = SUB * SUB;
  for (let i = 0; i < cells; i++) {
    let r = 0, g = 0, b = 0, w = 0;
    for (let s = 0; s < ss; s++) {
      const q = i * ss + s;
      const p = m.pixel[q] as number;
      if (p < 0) continue;
      const ax = m.fx[q] as number;
      const ay = m.fy[q] as number;
      const w00 = (1 - ax) * (1 - ay), w01 = ax * (1 - ay), w10 = (1 - ax) * ay, w11 = ax * ay;
      const j = p * 4;
      r += (d[j] as number) * w00 + (d[j + 4] as number) * w01 + (d[j + stride] as number) * w10 + (d[j + stride + 4] as number) * w11;
      g += (d[j + 1] as number) * w00 + (d[j + 5] as number) * w01 + (d[j + stride + 1] as number) * w10 + (d[j + stride + 5] as number) * w11;
      b += (d[j + 2] as number) * w00 + (d[j + 6] as number) * w01 + (d[j + stride + 2] as number) * w10 + (d[j + stride + 6] as number) * w11;
      w++;
    }
    if (w === 0) {
      out[i] = out[cells + i] = out[2 * cells + i] = NaN;
    } else {
      out[i] = r / w;
      out[cells + i] = g / w;
      out[2 * cells + i] = b / w;
    }
  }
  return out;
}

/** Per-channel median of the seen cells: the cloth's colour under this frame's light and white balance. */
export function tableColour(map: Float32Array, cells: number): [number, number, number] {
  const out: [number, number, number] = [1, 1, 1];
  for (let ch = 0; ch < 3; ch++) {
    const hist = new Uint32Array(256);
    let n = 0;
    for (let i = 0; i < cells; i++) {
      const v = map[ch * cells + i] as number;
      if (Number.isNaN(v)) continue;
      const b = Math.min(255, Math.max(0, Math.round(v)));
      hist[b] = (hist[b] as number) + 1;
      n++;
    }
    let acc = 0;
    let k = 0;
    for (; k < 256; k++) {
      acc += hist[k] as number;
      if (acc * 2 >= n) break;
    }
    out[ch] = Math.max(4, k);
  }
  return out;
}

const LOG_CLIP = 3;
const logRatio = (a: number, b: number): number => Math.max(-LOG_CLIP, Math.min(LOG_CLIP, Math.log((a + 2) / (b + 2))));

/**
 * The network's input, NCHW [1, INPUT_CHANNELS, rows, cols]. Colours are log ratios (so a
 * brighter lamp or another white balance shifts them, never rescales them); unseen cells are 0.
 */
export function networkInput(m: TableMapSampler, frame: Float32Array, background: Float32Array | null): Float32Array {
  const cells = m.cols * m.rows;
  const out = new Float32Array(INPUT_CHANNELS * cells);
  const ref = tableColour(frame, cells);
  // The empty table is compared after each is divided by its own cloth colour: a lamp that
  // dimmed between the two shots is not a change.
  const refBg = background ? tableColour(background, cells) : ref;
  const [cx, cy, cz] = m.cameraMm;
  const h = Math.max(100, cz);
  for (let r = 0; r < m.rows; r++) {
    for (let c = 0; c < m.cols; c++) {
      const i = r * m.cols + c;
      const v0 = frame[i] as number;
      if (Number.isNaN(v0)) continue;
      for (let ch = 0; ch < 3; ch++) out[ch * cells + i] = logRatio(frame[ch * cells + i] as number, ref[ch] as number);
      out[3 * cells + i] = (((c + 0.5) * m.mmPerCell) - cx) / h;
      out[4 * cells + i] = (((r + 0.5) * m.mmPerCell) - cy) / h;
      if (background) {
        const b0 = background[i] as number;
        if (!Number.isNaN(b0)) for (let ch = 0; ch < 3; ch++) out[(5 + ch) * cells + i] = logRatio(frame[ch * cells + i] as number, ref[ch] as number) - logRatio(background[ch * cells + i] as number, refBg[ch] as number);
        out[8 * cells + i] = 1;
      }
    }
  }
  return out;
}
