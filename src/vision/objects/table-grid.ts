/**
 * A top-down map of the table plane (z = 0) in square cells of a few millimetres, with a
 * lookup from each cell to the camera pixel that sees it. Change detection, morphology and
 * fitting all run on this grid, so distances are millimetres everywhere and whatever lies
 * off the table (floor, players) never enters the picture.
 */
import { cameraPositionMm, projectTablePoint, type CameraIntrinsics, type CameraPose } from '../camera-model.js';
import type { RgbaImage } from '../image.js';

export interface TableGrid {
  mmPerCell: number;
  cols: number;
  rows: number;
  /** Top-left pixel index of the bilinear footprint, −1 where the camera does not see the cell. */
  pixelIndex: Int32Array;
  fracX: Float32Array;
  fracY: Float32Array;
  imageWidthPx: number;
  imageHeightPx: number;
  /** The camera's optical centre in table mm: parallax pushes raised points away from (x, y). */
  cameraMm: readonly [number, number, number];
}

export function buildTableGrid(pose: CameraPose, k: CameraIntrinsics, tableWidthMm: number, tableDepthMm: number, mmPerCell: number): TableGrid {
  const cols = Math.max(1, Math.round(tableWidthMm / mmPerCell));
  const rows = Math.max(1, Math.round(tableDepthMm / mmPerCell));
  const n = cols * rows;
  const pixelIndex = new Int32Array(n).fill(-1);
  const fracX = new Float32Array(n);
  const fracY = new Float32Array(n);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const q = projectTablePoint(pose, k, [(c + 0.5) * mmPerCell, (r + 0.5) * mmPerCell, 0]);
      if (!q) continue;
      const x0 = Math.floor(q[0]);
      const y0 = Math.floor(q[1]);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= k.widthPx || y0 + 1 >= k.heightPx) continue;
      const i = r * cols + c;
      pixelIndex[i] = y0 * k.widthPx + x0;
      fracX[i] = q[0] - x0;
      fracY[i] = q[1] - y0;
    }
  }
  const cam = cameraPositionMm(pose);
  return { mmPerCell, cols, rows, pixelIndex, fracX, fracY, imageWidthPx: k.widthPx, imageHeightPx: k.heightPx, cameraMm: [cam[0], cam[1], cam[2]] };
}

/**
 * The frame resampled onto the grid as planar RGB floats (bilinear), then a 3 × 3 box blur:
 * sensor noise and JPEG blocks average out before pixels are compared.
 */
export function rectify(grid: TableGrid, img: RgbaImage): Float32Array {
  if (img.width !== grid.imageWidthPx || img.height !== grid.imageHeightPx) {
    throw new RangeError(`frame is ${img.width}x${img.height}, the table grid was built for ${grid.imageWidthPx}x${grid.imageHeightPx}`);
  }
  const n = grid.cols * grid.rows;
  const out = new Float32Array(3 * n);
  const d = img.data;
  const stride = img.width * 4;
  for (let i = 0; i < n; i++) {
    const p = grid.pixelIndex[i] as number;
    if (p < 0) continue;
    const fx = grid.fracX[i] as number;
    const fy = grid.fracY[i] as number;
    const w00 = (1 - fx) * (1 - fy);
    const w01 = fx * (1 - fy);
    const w10 = (1 - fx) * fy;
    const w11 = fx * fy;
    const j = p * 4;
    for (let ch = 0; ch < 3; ch++) {
      const a = j + ch;
      out[ch * n + i] = (d[a] as number) * w00 + (d[a + 4] as number) * w01 + (d[a + stride] as number) * w10 + (d[a + stride + 4] as number) * w11;
    }
  }
  for (let ch = 0; ch < 3; ch++) boxBlur3(out.subarray(ch * n, (ch + 1) * n), grid.cols, grid.rows);
  return out;
}

/** In-place separable 3 × 3 mean, edges clamped. */
function boxBlur3(a: Float32Array, cols: number, rows: number): void {
  const tmp = new Float32Array(a.length);
  for (let r = 0; r < rows; r++) {
    const o = r * cols;
    for (let c = 0; c < cols; c++) {
      const l = a[o + Math.max(0, c - 1)] as number;
      const m = a[o + c] as number;
      const rr = a[o + Math.min(cols - 1, c + 1)] as number;
      tmp[o + c] = (l + m + rr) / 3;
    }
  }
  for (let r = 0; r < rows; r++) {
    const up = Math.max(0, r - 1) * cols;
    const o = r * cols;
    const dn = Math.min(rows - 1, r + 1) * cols;
    for (let c = 0; c < cols; c++) a[o + c] = ((tmp[up + c] as number) + (tmp[o + c] as number) + (tmp[dn + c] as number)) / 3;
  }
}

/** Cell (column, row) → table mm of its centre. */
export function cellCentreMm(grid: TableGrid, c: number, r: number): [number, number] {
  return [(c + 0.5) * grid.mmPerCell, (r + 0.5) * grid.mmPerCell];
}
