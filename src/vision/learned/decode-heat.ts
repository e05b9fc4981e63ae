/**
 * The network's output → objects in table mm. Output: [1, 4, rows/4, cols/4] at 12 mm cells:
 * heat for standing base centres, heat for fallen footprint middles, then the peak's x and y
 * inside its cell (0–1). A peak is a cell at least as hot as its 8 neighbours in its own map.
 */
export interface HeatPeak {
  xMm: number;
  yMm: number;
  fallen: boolean;
  confidence: number;
}

export interface DecodeOptions {
  /** Weaker standing peaks are not objects. */
  threshold: number;
  /** The same for the fallen map, whose peaks come out weaker (falls are rarer in training). */
  fallenThreshold: number;
  /**
   * Where inside its cell a peak lies: the network's offset head, the vertex of the heat
   * around the peak (the target heat is a Gaussian on the true point), or their mean.
   */
  subcell: 'offset' | 'heat' | 'mean';
  /** A standing and a fallen peak closer than this are one object (the hotter wins). */
  mergeMm: number;
}

// 'heat' placed peaks best on fresh training-family tables (models/train/validate.ts).
export const DEFAULT_DECODE: DecodeOptions = { threshold: 0.3, fallenThreshold: 0.3, subcell: 'heat', mergeMm: 18 };

export function decodeHeat(out: Float32Array, outRows: number, outCols: number, cellMm: number, o: DecodeOptions = DEFAULT_DECODE): HeatPeak[] {
  const n = outRows * outCols;
  if (out.length !== 4 * n) throw new RangeError(`network output has ${out.length} values, expected ${4 * n}`);
  const peaks: HeatPeak[] = [];
  for (let ch = 0; ch < 2; ch++) {
    const base = ch * n;
    for (let r = 0; r < outRows; r++) {
      for (let c = 0; c < outCols; c++) {
        const v = out[base + r * outCols + c] as number;
        if (v < (ch === 1 ? o.fallenThreshold : o.threshold)) continue;
        let isMax = true;
        for (let dr = -1; dr <= 1 && isMax; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            if (dr === 0 && dc === 0) continue;
            const rr = r + dr;
            const cc = c + dc;
            if (rr < 0 || cc < 0 || rr >= outRows || cc >= outCols) continue;
            const w = out[base + rr * outCols + cc] as number;
            // Ties go to the first cell in scan order.
            if (w > v || (w === v && (dr < 0 || (dr === 0 && dc < 0)))) {
              isMax = false;
              break;
            }
          }
        }
        if (!isMax) continue;
        const i = r * outCols + c;
        const ox = out[2 * n + i] as number;
        const oy = out[3 * n + i] as number;
        const [cx, cy] = gaussianVertex(out, base, outRows, outCols, r, c);
        const fx = o.subcell === 'offset' ? ox : o.subcell === 'heat' ? cx : (ox + cx) / 2;
        const fy = o.subcell === 'offset' ? oy : o.subcell === 'heat' ? cy : (oy + cy) / 2;
        peaks.push({
          xMm: (c + fx) * cellMm,
          yMm: (r + fy) * cellMm,
          fallen: ch === 1,
          confidence: v,
        });
      }
    }
  }
  peaks.sort((a, b) => b.confidence - a.confidence);
  const kept: HeatPeak[] = [];
  for (const p of peaks) {
    if (kept.some((k) => k.fallen !== p.fallen && Math.hypot(k.xMm - p.xMm, k.yMm - p.yMm) < o.mergeMm)) continue;
    kept.push(p);
  }
  return kept;
}

/**
 * The peak's place in its cell (0–1) from its heat and its four neighbours: the training target
 * is a Gaussian on the true point, and the logarithm of a Gaussian is a parabola, so a parabola
 * through three log values per axis finds its vertex exactly.
 */
function gaussianVertex(out: Float32Array, base: number, rows: number, cols: number, r: number, c: number): [number, number] {
  const at = (rr: number, cc: number): number => Math.log(Math.max(1e-6, out[base + Math.min(rows - 1, Math.max(0, rr)) * cols + Math.min(cols - 1, Math.max(0, cc))] as number));
  const vertex = (a: number, m: number, b: number): number => {
    const d = a - 2 * m + b;
    return d < -1e-9 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - b)) / d)) : 0;
  };
  const m = at(r, c);
  return [0.5 + vertex(at(r, c - 1), m, at(r, c + 1)), 0.5 + vertex(at(r - 1, c), m, at(r + 1, c))];
}
