/**
 * Touching bases make one blob; each base is a peak of the distance transform. Two peaks
 * are two objects when the blob narrows between them (a neck, as where two discs touch),
 * and one object when a ridge joins them (a capsule-shaped fallen figure, a body over its
 * base). Cells then go to the peak whose disc they are in most (a power diagram), which
 * cuts two touching discs along the line through their contact.
 */
import { distanceTransform } from './distance-transform.js';

export interface SplitRules {
  /** Peaks lower than this (mm from the blob's edge) are bodies or heads, not bases. */
  seedMinRadiusMm: number;
  /** Two peaks are one object when the narrowest point between them keeps this share of the smaller peak. */
  ridgeShare: number;
}

export const DEFAULT_SPLIT: SplitRules = { seedMinRadiusMm: 8, ridgeShare: 0.6 };

interface Seed {
  c: number;
  r: number;
  v: number;
}

export function splitTouching(cells: Int32Array, cols: number, mmPerCell: number, rules: SplitRules = DEFAULT_SPLIT): Int32Array[] {
  let minC = Infinity, maxC = -Infinity, minR = Infinity, maxR = -Infinity;
  for (const p of cells) {
    const r = (p / cols) | 0;
    const c = p - r * cols;
    if (c < minC) minC = c;
    if (c > maxC) maxC = c;
    if (r < minR) minR = r;
    if (r > maxR) maxR = r;
  }
  const w = maxC - minC + 1;
  const h = maxR - minR + 1;
  const seedMin = rules.seedMinRadiusMm / mmPerCell;
  // Two bases need room for two seeds: skip the transform for small blobs.
  if (cells.length < 2 * Math.PI * seedMin * seedMin) return [cells];
  const local = new Uint8Array(w * h);
  for (const p of cells) {
    const r = (p / cols) | 0;
    local[(r - minR) * w + (p - r * cols - minC)] = 1;
  }
  const dt = distanceTransform(local, w, h);
  const peaks: Seed[] = [];
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const v = dt[r * w + c] as number;
      if (v < seedMin) continue;
      let isMax = true;
      for (let dr = -1; dr <= 1 && isMax; dr++) for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr < 0 || cc < 0 || rr >= h || cc >= w) continue;
        if ((dt[rr * w + cc] as number) > v) {
          isMax = false;
          break;
        }
      }
      if (isMax) peaks.push({ c, r, v });
    }
  }
  peaks.sort((a, b) => b.v - a.v);
  const seeds: Seed[] = [];
  for (const p of peaks) {
    if (seeds.every((s) => Math.hypot(s.c - p.c, s.r - p.r) > 0.9 * Math.max(s.v, p.v))) seeds.push(p);
    if (seeds.length >= 32) break;
  }
  if (seeds.length < 2) return [cells];
  const parent = seeds.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
  for (let i = 0; i < seeds.length; i++) {
    for (let j = i + 1; j < seeds.length; j++) {
      const a = seeds[i] as Seed;
      const b = seeds[j] as Seed;
      const d = Math.hypot(a.c - b.c, a.r - b.r);
      const steps = Math.max(2, Math.ceil(d * 2));
      let low = Infinity;
      for (let k = 0; k <= steps; k++) {
        const t = k / steps;
        const c = Math.round(a.c + (b.c - a.c) * t);
        const r = Math.round(a.r + (b.r - a.r) * t);
        low = Math.min(low, dt[r * w + c] as number);
      }
      if (low >= rules.ridgeShare * Math.min(a.v, b.v)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, number>();
  for (let i = 0; i < seeds.length; i++) if (!groups.has(find(i))) groups.set(find(i), groups.size);
  if (groups.size < 2) return [cells];
  const out: number[][] = Array.from({ length: groups.size }, () => []);
  for (const p of cells) {
    const r = ((p / cols) | 0) - minR;
    const c = p - ((p / cols) | 0) * cols - minC;
    let best = Infinity;
    let owner = 0;
    for (let i = 0; i < seeds.length; i++) {
      const s = seeds[i] as Seed;
      const power = (c - s.c) ** 2 + (r - s.r) ** 2 - s.v * s.v;
      if (power < best) {
        best = power;
        owner = i;
      }
    }
    (out[groups.get(find(owner)) as number] as number[]).push(p);
  }
  return out.map((g) => Int32Array.from(g));
}
