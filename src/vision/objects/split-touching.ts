/**
 * Touching bases make one blob; each base is a peak of the distance transform. Two peaks
 * are two objects when the blob narrows between them (a neck, as where two discs touch),
 * and one object when a ridge joins them (a capsule-shaped fallen figure, a body over its
 * base). Cells then go to the peak whose disc they are in most (a power diagram), which
 * cuts two touching discs along the line through their contact.
 */
import { cellBounds } from './components.js';
import { distanceTransform } from './distance-transform.js';

export interface SplitRules {
  /** Peaks lower than this (mm from the blob's edge) are bodies or heads, not bases (25 mm and up). */
  seedMinRadiusMm: number;
  /** Two peaks are one object when the narrowest point between them keeps this share of the smaller peak. */
  ridgeShare: number;
}

export const DEFAULT_SPLIT: SplitRules = { seedMinRadiusMm: 11, ridgeShare: 0.65 };

interface Seed {
  c: number;
  r: number;
  v: number;
}

export function splitTouching(cells: Int32Array, cols: number, mmPerCell: number, rules: SplitRules = DEFAULT_SPLIT): Int32Array[] {
  const { minC, minR, w, h } = cellBounds(cells, cols);
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
      if (isMax && dominates(dt, w, h, c, r, v)) peaks.push({ c, r, v });
    }
  }
  peaks.sort((a, b) => b.v - a.v);
  const seeds: Seed[] = [];
  for (const p of peaks) {
    if (seeds.every((s) => Math.hypot(s.c - p.c, s.r - p.r) > 0.9 * Math.max(s.v, p.v))) seeds.push(p);
    if (seeds.length >= 32) break;
  }
  if (seeds.length < 2) return [cells];
  const find = saddleMerge(dt, w, h, seeds, rules.ridgeShare);
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

/**
 * A base's centre outranks everything within its own radius; a neck between two touching
 * bases (filled out by closing) is a local maximum across the neck but not within that
 * reach, so it does not become a seed that would chain the two bases together.
 */
function dominates(dt: Float32Array, w: number, h: number, c: number, r: number, v: number): boolean {
  const reach = Math.ceil(v);
  for (let dr = -reach; dr <= reach; dr++) {
    const rr = r + dr;
    if (rr < 0 || rr >= h) continue;
    for (let dc = -reach; dc <= reach; dc++) {
      const cc = c + dc;
      if (cc < 0 || cc >= w || dr * dr + dc * dc > v * v) continue;
      if ((dt[rr * w + cc] as number) > v + 1e-6) return false;
    }
  }
  return true;
}

/**
 * Floods the blob from its highest distance values down (a watershed on the distance
 * transform). Where two flooded regions meet, the level is the saddle between their peaks:
 * the widest passage joining them along any path, curved bodies included. Peaks whose saddle
 * keeps `share` of the smaller peak are one object. Returns the seed → group lookup.
 */
function saddleMerge(dt: Float32Array, w: number, h: number, seeds: readonly Seed[], share: number): (i: number) => number {
  const n = w * h;
  const order: number[] = [];
  for (let i = 0; i < n; i++) if ((dt[i] as number) > 0) order.push(i);
  order.sort((a, b) => (dt[b] as number) - (dt[a] as number));
  const cellParent = new Int32Array(n).fill(-1);
  // The highest seed in each flooded region (index into seeds, −1 for none).
  const topSeed = new Int32Array(n).fill(-1);
  const seedAt = new Map<number, number>();
  seeds.forEach((sd, i) => seedAt.set(sd.r * w + sd.c, i));
  const group = seeds.map((_, i) => i);
  const findGroup = (i: number): number => (group[i] === i ? i : (group[i] = findGroup(group[i] as number)));
  const findCell = (i: number): number => {
    let r = i;
    while (cellParent[r] !== r) r = cellParent[r] as number;
    while (cellParent[i] !== r) {
      const next = cellParent[i] as number;
      cellParent[i] = r;
      i = next;
    }
    return r;
  };
  for (const p of order) {
    cellParent[p] = p;
    topSeed[p] = seedAt.get(p) ?? -1;
    const level = dt[p] as number;
    const r = (p / w) | 0;
    const c = p - r * w;
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
      if (dr === 0 && dc === 0) continue;
      const rr = r + dr;
      const cc = c + dc;
      if (rr < 0 || cc < 0 || rr >= h || cc >= w) continue;
      const q = rr * w + cc;
      if (cellParent[q] === -1) continue;
      const a = findCell(p);
      const b = findCell(q);
      if (a === b) continue;
      const sa = topSeed[a] as number;
      const sb = topSeed[b] as number;
      if (sa >= 0 && sb >= 0 && level >= share * Math.min((seeds[sa] as Seed).v, (seeds[sb] as Seed).v)) group[findGroup(sa)] = findGroup(sb);
      cellParent[b] = a;
      if (sa < 0 || (sb >= 0 && (seeds[sb] as Seed).v > (seeds[sa] as Seed).v)) topSeed[a] = sb;
    }
  }
  return findGroup;
}
