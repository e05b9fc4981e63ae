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
  /** Weaker peaks are not objects. */
  threshold: number;
  /** A standing and a fallen peak closer than this are one object (the hotter wins). */
  mergeMm: number;
}

export const DEFAULT_DECODE: DecodeOptions = { threshold: 0.3, mergeMm: 18 };

export function decodeHeat(out: Float32Array, outRows: number, outCols: number, cellMm: number, o: DecodeOptions = DEFAULT_DECODE): HeatPeak[] {
  const n = outRows * outCols;
  if (out.length !== 4 * n) throw new RangeError(`network output has ${out.length} values, expected ${4 * n}`);
  const peaks: HeatPeak[] = [];
  for (let ch = 0; ch < 2; ch++) {
    const base = ch * n;
    for (let r = 0; r < outRows; r++) {
      for (let c = 0; c < outCols; c++) {
        const v = out[base + r * outCols + c] as number;
        if (v < o.threshold) continue;
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
        peaks.push({
          xMm: (c + (out[2 * n + i] as number)) * cellMm,
          yMm: (r + (out[3 * n + i] as number)) * cellMm,
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
