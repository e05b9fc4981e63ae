/**
 * Exact Euclidean distance from each foreground cell to the nearest background cell
 * (Felzenszwalb & Huttenlocher's two 1-D passes). Its ridges are the middles of bases and
 * bodies; its peaks are where touching bases get split.
 */

const INF = 1e20;

/** Squared distance transform of one line, in place (f holds 0 for background, INF for foreground). */
function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    let s = ((f[q] as number) + q * q - ((f[v[k] as number] as number) + (v[k] as number) * (v[k] as number))) / (2 * q - 2 * (v[k] as number));
    while (s <= (z[k] as number)) {
      k--;
      s = ((f[q] as number) + q * q - ((f[v[k] as number] as number) + (v[k] as number) * (v[k] as number))) / (2 * q - 2 * (v[k] as number));
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while ((z[k + 1] as number) < q) k++;
    const dq = q - (v[k] as number);
    d[q] = dq * dq + (f[v[k] as number] as number);
  }
}

/** Distances in cells; cells outside the grid count as background. */
export function distanceTransform(mask: Uint8Array, cols: number, rows: number): Float32Array {
  // One cell of background padding all round, so blobs touching the crop edge stay honest.
  const w = cols + 2;
  const h = rows + 2;
  const g = new Float64Array(w * h);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const inside = r > 0 && c > 0 && r <= rows && c <= cols && mask[(r - 1) * cols + (c - 1)] === 1;
      g[r * w + c] = inside ? INF : 0;
    }
  }
  const m = Math.max(w, h);
  const f = new Float64Array(m);
  const d = new Float64Array(m);
  const v = new Int32Array(m);
  const z = new Float64Array(m + 1);
  for (let c = 0; c < w; c++) {
    for (let r = 0; r < h; r++) f[r] = g[r * w + c] as number;
    edt1d(f, h, d, v, z);
    for (let r = 0; r < h; r++) g[r * w + c] = d[r] as number;
  }
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) f[c] = g[r * w + c] as number;
    edt1d(f, w, d, v, z);
    for (let c = 0; c < w; c++) g[r * w + c] = d[c] as number;
  }
  const out = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[r * cols + c] = Math.sqrt(g[(r + 1) * w + (c + 1)] as number);
  return out;
}
