/**
 * The learned detector's view of the table: a top-down map of the plane z = 0 in square
 * cells of MAP_MM_PER_CELL, each the mean of SUB × SUB bilinear samples of the frame (so a
 * 4 mm cell averages the ~3 × 3 pixels a 1.5 m webcam puts on it instead of aliasing), and
 * the network's input tensor built from it. Training data is made by this same code
 * (models/train/make-dataset.ts), so the network sees at run time exactly what it learnt on.
 */
import { cameraPositionMm, projectTablePlaneInto, type CameraIntrinsics, type CameraPose } from '../camera-model.js';
import type { RgbaImage } from '../image.js';

export const MAP_MM_PER_CELL = 4;
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
  /** Per cell and sub-sample: the four bilinear weights (top-left, top-right, bottom-left, bottom-right), each divided by the cell's seen sub-samples. */
  weight: Float32Array;
  /** Per cell: 1 when any sub-sample sees the table. */
  seen: Uint8Array;
  /** The camera's optical centre in table mm. */
  cameraMm: readonly [number, number, number];
}

export function buildTableMapSampler(pose: CameraPose, k: CameraIntrinsics, table: { width_mm: number; depth_mm: number }, mmPerCell = MAP_MM_PER_CELL): TableMapSampler {
  const cols = Math.max(1, Math.round(table.width_mm / mmPerCell));
  const rows = Math.max(1, Math.round(table.depth_mm / mmPerCell));
  const n = cols * rows * SUB * SUB;
  const pixel = new Int32Array(n).fill(-1);
  const weight = new Float32Array(4 * n);
  const seen = new Uint8Array(cols * rows);
  // This loop projects 540 000 points on a 1800 x 1200 table for a new camera pose: through
  // projectTablePlaneInto, which allocates nothing and gives projectTablePoint's bits.
  const { widthPx, heightPx } = k;
  const q = new Float64Array(2);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let w = 0;
      for (let s = 0; s < SUB * SUB; s++) {
        const x = (c + ((s % SUB) + 0.5) / SUB) * mmPerCell;
        const y = (r + (Math.floor(s / SUB) + 0.5) / SUB) * mmPerCell;
        if (!projectTablePlaneInto(pose, k, x, y, q)) continue;
        const qx = q[0] as number;
        const qy = q[1] as number;
        const x0 = Math.floor(qx);
        const y0 = Math.floor(qy);
        if (x0 < 0 || y0 < 0 || x0 + 1 >= widthPx || y0 + 1 >= heightPx) continue;
        const i = (r * cols + c) * SUB * SUB + s;
        pixel[i] = y0 * widthPx + x0;
        const ax = qx - x0;
        const ay = qy - y0;
        weight[4 * i] = (1 - ax) * (1 - ay);
        weight[4 * i + 1] = ax * (1 - ay);
        weight[4 * i + 2] = (1 - ax) * ay;
        weight[4 * i + 3] = ax * ay;
        w++;
      }
      if (w === 0) continue;
      seen[r * cols + c] = 1;
      const i0 = (r * cols + c) * SUB * SUB * 4;
      for (let j = 0; j < SUB * SUB * 4; j++) weight[i0 + j] = (weight[i0 + j] as number) / w;
    }
  }
  const cam = cameraPositionMm(pose);
  return { cols, rows, mmPerCell, imageWidthPx: widthPx, imageHeightPx: heightPx, pixel, weight, seen, cameraMm: [cam[0], cam[1], cam[2]] };
}

/**
 * The frame on the map: planar RGB (0–255), NaN where the camera does not see the table. `into`,
 * when of the right size, is written over and returned (the live loop's map of every frame).
 */
export function sampleTableMap(m: TableMapSampler, img: RgbaImage, into?: Float32Array): Float32Array {
  if (img.width !== m.imageWidthPx || img.height !== m.imageHeightPx) {
    throw new RangeError(`frame is ${img.width}x${img.height}, the table map was built for ${m.imageWidthPx}x${m.imageHeightPx}`);
  }
  const cells = m.cols * m.rows;
  // Every cell is written below (NaN or its colour), so a reused buffer needs no clearing.
  const out = into?.length === 3 * cells ? into : new Float32Array(3 * cells);
  const d = img.data;
  const stride = img.width * 4;
  const ss = SUB * SUB;
  const { pixel, weight, seen } = m;
  for (let i = 0; i < cells; i++) {
    if (seen[i] === 0) {
      out[i] = out[cells + i] = out[2 * cells + i] = NaN;
      continue;
    }
    let r = 0, g = 0, b = 0;
    for (let s = 0; s < ss; s++) {
      const q = i * ss + s;
      const p = pixel[q] as number;
      if (p < 0) continue;
      const w00 = weight[4 * q] as number, w01 = weight[4 * q + 1] as number, w10 = weight[4 * q + 2] as number, w11 = weight[4 * q + 3] as number;
      const j = p * 4;
      const k = j + stride;
      r += (d[j] as number) * w00 + (d[j + 4] as number) * w01 + (d[k] as number) * w10 + (d[k + 4] as number) * w11;
      g += (d[j + 1] as number) * w00 + (d[j + 5] as number) * w01 + (d[k + 1] as number) * w10 + (d[k + 5] as number) * w11;
      b += (d[j + 2] as number) * w00 + (d[j + 6] as number) * w01 + (d[k + 2] as number) * w10 + (d[k + 6] as number) * w11;
    }
    out[i] = r;
    out[cells + i] = g;
    out[2 * cells + i] = b;
  }
  return out;
}

/** Per-channel median of the seen cells: the cloth's colour under this frame's light and white balance. */
export function tableColour(map: Float32Array, cells: number): [number, number, number] {
  // One pass, three histograms of the value rounded to 0–255 (as Math.round would, values being ≥ 0).
  const hist = new Uint32Array(3 * 256);
  let n = 0;
  for (let i = 0; i < cells; i++) {
    const r = map[i] as number;
    if (r !== r) continue;
    const g = map[cells + i] as number;
    const b = map[2 * cells + i] as number;
    const kr = r >= 255 ? 255 : r <= 0 ? 0 : (r + 0.5) | 0;
    const kg = 256 + (g >= 255 ? 255 : g <= 0 ? 0 : (g + 0.5) | 0);
    const kb = 512 + (b >= 255 ? 255 : b <= 0 ? 0 : (b + 0.5) | 0);
    hist[kr] = (hist[kr] as number) + 1;
    hist[kg] = (hist[kg] as number) + 1;
    hist[kb] = (hist[kb] as number) + 1;
    n++;
  }
  const out: [number, number, number] = [1, 1, 1];
  for (let ch = 0; ch < 3; ch++) {
    let acc = 0;
    let k = 0;
    for (; k < 256; k++) {
      acc += hist[ch * 256 + k] as number;
      if (acc * 2 >= n) break;
    }
    out[ch] = Math.max(4, k);
  }
  return out;
}

const LOG_CLIP = 3;
/** log(v + 2) for v on a 1/16 grid over 0–256: the colour maps are means of 8-bit samples. */
const LOG_STEPS = 16;
const LOG_TABLE = (() => {
  const t = new Float32Array(256 * LOG_STEPS + 2);
  for (let i = 0; i < t.length; i++) t[i] = Math.log(i / LOG_STEPS + 2);
  return t;
})();
const clip = (v: number): number => (v > LOG_CLIP ? LOG_CLIP : v < -LOG_CLIP ? -LOG_CLIP : v);
/** The last tables made: a frame's cloth colours are asked for again for every fine square of it. */
const ratioTables = new Map<number, Float32Array>();
/** clip(log(v + 2) − log(ref + 2)) for every v on the 1/16 grid: one look-up a cell and channel (read only: shared). */
export function logRatioTable(ref: number): Float32Array {
  const kept = ratioTables.get(ref);
  if (kept) return kept;
  const lr = Math.log(ref + 2);
  const t = new Float32Array(LOG_TABLE.length);
  for (let i = 0; i < t.length; i++) t[i] = clip((LOG_TABLE[i] as number) - lr);
  // Six colours a frame (its cloth's and its empty table's): a few frames' worth is kept.
  if (ratioTables.size >= 24) ratioTables.delete(ratioTables.keys().next().value as number);
  ratioTables.set(ref, t);
  return t;
}
export const logRatioIndex = (v: number): number => (v <= 0 ? 0 : v >= 256 ? 256 * LOG_STEPS : (v * LOG_STEPS + 0.5) | 0);

const geometryCache = new WeakMap<TableMapSampler, Float32Array>();
/** The ray's tilt toward the nadir per cell (2 planes): fixed for a camera pose, so computed once per sampler. */
function geometryPlanes(m: TableMapSampler): Float32Array {
  let g = geometryCache.get(m);
  if (g) return g;
  const cells = m.cols * m.rows;
  g = new Float32Array(2 * cells);
  const [cx, cy, cz] = m.cameraMm;
  const h = Math.max(100, cz);
  for (let r = 0; r < m.rows; r++) {
    const ty = ((r + 0.5) * m.mmPerCell - cy) / h;
    for (let c = 0; c < m.cols; c++) {
      const i = r * m.cols + c;
      if (m.seen[i] === 0) continue;
      g[i] = ((c + 0.5) * m.mmPerCell - cx) / h;
      g[cells + i] = ty;
    }
  }
  geometryCache.set(m, g);
  return g;
}

/**
 * The network's input, NCHW [1, INPUT_CHANNELS, rows, cols]. Colours are log ratios (so a
 * brighter lamp or another white balance shifts them, never rescales them); unseen cells are 0.
 * Both maps must come from this sampler (they share its unseen cells); backgroundColour and
 * frameColour are the empty table's and the frame's tableColour when the caller has them; `into`,
 * when of the right size, is cleared, written and returned.
 */
export function networkInput(m: TableMapSampler, frame: Float32Array, background: Float32Array | null, backgroundColour?: readonly [number, number, number], frameColour?: readonly [number, number, number], into?: Float32Array): Float32Array {
  const cells = m.cols * m.rows;
  const reuse = into?.length === INPUT_CHANNELS * cells;
  const out = reuse ? into : new Float32Array(INPUT_CHANNELS * cells);
  // Unseen cells and the planes a frame without background leaves are zeros, as in a new buffer.
  if (reuse) out.fill(0);
  const ref = frameColour ?? tableColour(frame, cells);
  // The empty table is compared after each is divided by its own cloth colour: a lamp that
  // dimmed between the two shots is not a change.
  const refBg = background ? (backgroundColour ?? tableColour(background, cells)) : ref;
  const seen = m.seen;
  for (let ch = 0; ch < 3; ch++) {
    const tf = logRatioTable(ref[ch] as number);
    const o = ch * cells;
    if (!background) {
      for (let i = 0; i < cells; i++) if (seen[i] !== 0) out[o + i] = tf[logRatioIndex(frame[o + i] as number)] as number;
      continue;
    }
    const tb = logRatioTable(refBg[ch] as number);
    const ob = (5 + ch) * cells;
    for (let i = 0; i < cells; i++) {
      if (seen[i] === 0) continue;
      const f = tf[logRatioIndex(frame[o + i] as number)] as number;
      out[o + i] = f;
      out[ob + i] = f - (tb[logRatioIndex(background[o + i] as number)] as number);
    }
  }
  out.set(geometryPlanes(m), 3 * cells);
  if (background) for (let i = 0; i < cells; i++) if (seen[i] !== 0) out[8 * cells + i] = 1;
  return out;
}
