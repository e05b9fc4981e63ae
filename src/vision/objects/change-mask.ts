/**
 * What changed between the empty table and this frame, robust to lighting. Two steps:
 *  1. a smooth per-channel gain field (block medians of frame / background, then a median
 *     over neighbouring blocks) absorbs a dimmer, brighter, warmer or moved lamp;
 *  2. a cell counts as changed when, after that gain, its colour ratio differs between
 *     channels (a new surface) or it became darker than any shadow or brighter than the
 *     lamp explains. A shadow scales all three channels alike, so it passes as unchanged.
 */
import type { TableGrid } from './table-grid.js';

export interface ChangeOptions {
  /** Max/min of the three channel ratios above which a cell is a new surface. */
  chromaSpread: number;
  /** Mean ratio below which a cell is darker than a shadow can make it. */
  darkRatio: number;
  /**
   * Mean ratio above which a cell is brighter than lighting drift explains. High on purpose:
   * where a moved lamp lifts a terrain shadow that the background holds, the cloth brightens
   * by 1 / ambient (2–3 ×) with its colour unchanged.
   */
  brightRatio: number;
  /** Added to every channel value: keeps ratios of near-black pixels from exploding in noise. */
  floorLevel: number;
  /** Side of a gain block, in cells. */
  gainBlockCells: number;
}

export const DEFAULT_CHANGE: ChangeOptions = { chromaSpread: 1.3, darkRatio: 0.2, brightRatio: 4, floorLevel: 10, gainBlockCells: 64 };

/** Per channel, per cell: the gain that maps background brightness to this frame's lighting. */
export function gainField(grid: TableGrid, frame: Float32Array, background: Float32Array, block: number): Float32Array {
  const { cols, rows } = grid;
  const n = cols * rows;
  const bx = Math.ceil(cols / block);
  const by = Math.ceil(rows / block);
  const out = new Float32Array(3 * n);
  const BINS = 256;
  const MAX_RATIO = 4;
  const hist = new Uint32Array(BINS);
  for (let ch = 0; ch < 3; ch++) {
    const blockGain = new Float32Array(bx * by).fill(NaN);
    for (let j = 0; j < by; j++) {
      for (let i = 0; i < bx; i++) {
        hist.fill(0);
        let count = 0;
        // Every other cell each way: a median over a block needs no more, at a quarter of the cost.
        for (let r = j * block; r < Math.min(rows, (j + 1) * block); r += 2) {
          for (let c = i * block; c < Math.min(cols, (i + 1) * block); c += 2) {
            const p = r * cols + c;
            if ((grid.pixelIndex[p] as number) < 0) continue;
            const b = background[ch * n + p] as number;
            if (b < 4) continue;
            const ratio = (frame[ch * n + p] as number) / b;
            const bin = Math.min(BINS - 1, Math.floor((ratio / MAX_RATIO) * BINS));
            hist[bin] = (hist[bin] as number) + 1;
            count++;
          }
        }
        if (count < 16) continue;
        let acc = 0;
        for (let k = 0; k < BINS; k++) {
          acc += hist[k] as number;
          if (acc * 2 >= count) {
            blockGain[j * bx + i] = ((k + 0.5) / BINS) * MAX_RATIO;
            break;
          }
        }
      }
    }
    // A block mostly covered by a big object or a hand gives a wrong median: its
    // neighbours outvote it.
    const smooth = new Float32Array(bx * by).fill(1);
    for (let j = 0; j < by; j++) {
      for (let i = 0; i < bx; i++) {
        const vals: number[] = [];
        for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) {
          const ii = i + di;
          const jj = j + dj;
          if (ii < 0 || jj < 0 || ii >= bx || jj >= by) continue;
          const v = blockGain[jj * bx + ii] as number;
          if (!Number.isNaN(v)) vals.push(v);
        }
        if (vals.length > 0) {
          vals.sort((a, b) => a - b);
          smooth[j * bx + i] = vals[vals.length >> 1] as number;
        }
      }
    }
    // Bilinear between block centres.
    for (let r = 0; r < rows; r++) {
      const fy = Math.min(by - 1, Math.max(0, (r + 0.5) / block - 0.5));
      const j0 = Math.floor(fy);
      const j1 = Math.min(by - 1, j0 + 1);
      const ty = fy - j0;
      for (let c = 0; c < cols; c++) {
        const fx = Math.min(bx - 1, Math.max(0, (c + 0.5) / block - 0.5));
        const i0 = Math.floor(fx);
        const i1 = Math.min(bx - 1, i0 + 1);
        const tx = fx - i0;
        const g =
          (smooth[j0 * bx + i0] as number) * (1 - tx) * (1 - ty) +
          (smooth[j0 * bx + i1] as number) * tx * (1 - ty) +
          (smooth[j1 * bx + i0] as number) * (1 - tx) * ty +
          (smooth[j1 * bx + i1] as number) * tx * ty;
        out[ch * n + r * cols + c] = g;
      }
    }
  }
  return out;
}

/** 1 where something new covers the table, 0 elsewhere (and where the camera cannot see). */
export function changeMask(grid: TableGrid, frame: Float32Array, background: Float32Array, o: ChangeOptions = DEFAULT_CHANGE): Uint8Array {
  const n = grid.cols * grid.rows;
  const gain = gainField(grid, frame, background, o.gainBlockCells);
  const mask = new Uint8Array(n);
  const k = o.floorLevel;
  for (let p = 0; p < n; p++) {
    if ((grid.pixelIndex[p] as number) < 0) continue;
    const r0 = ((frame[p] as number) + k) / ((gain[p] as number) * (background[p] as number) + k);
    const r1 = ((frame[n + p] as number) + k) / ((gain[n + p] as number) * (background[n + p] as number) + k);
    const r2 = ((frame[2 * n + p] as number) + k) / ((gain[2 * n + p] as number) * (background[2 * n + p] as number) + k);
    const hi = Math.max(r0, r1, r2);
    const lo = Math.min(r0, r1, r2);
    const mean = (r0 + r1 + r2) / 3;
    if (hi > lo * o.chromaSpread || mean < o.darkRatio || mean > o.brightRatio) mask[p] = 1;
  }
  return mask;
}
