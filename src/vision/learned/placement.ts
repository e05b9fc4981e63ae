/**
 * Where each object the network found is put on the table (learned-detector.ts, after the
 * network): a touching pair its rims show is split into two standing models; a standing object is
 * put where the fine placement net says (when it said, within its limit) unless another object
 * stands there already or its base's rim, seen, agrees with it within `rimWithinMm`; else on its
 * base's rim when one is seen; else, standing, moved back
 * toward the nadir by the parallax of a point `apparentHeightMm` up; a fallen one stays at its
 * footprint's middle. Objects are taken surest first; two that land on one place are one model.
 * Pure: the rims and the net's places are found by the caller.
 */

/** What the rims around an object's point say (base-rim.ts's rimsAround), as placement reads it. */
export interface RimsSeen {
  single: { xMm: number; yMm: number } | null;
  pair: readonly [{ xMm: number; yMm: number }, { xMm: number; yMm: number }] | null;
}

export interface Placeable {
  xMm: number;
  yMm: number;
  fallen: boolean;
  confidence: number;
}

/** Where a point seen `heightMm` above the table stands on it: moved toward the nadir by heightMm / H of its distance from it. */
export function towardNadir<T extends { xMm: number; yMm: number }>(p: T, cameraMm: readonly [number, number, number], heightMm: number): T {
  const h = cameraMm[2];
  if (heightMm <= 0 || !(h > heightMm)) return p;
  const k = heightMm / h;
  return { ...p, xMm: p.xMm - (p.xMm - cameraMm[0]) * k, yMm: p.yMm - (p.yMm - cameraMm[1]) * k };
}

/** The object moved by the placement net's (dx, dy) mm, or null when that is farther than maxMm (or not a number). */
export function netMove<T extends { xMm: number; yMm: number }>(p: T, dx: number, dy: number, maxMm: number): T | null {
  const d = Math.hypot(dx, dy);
  return Number.isFinite(d) && d <= maxMm ? { ...p, xMm: p.xMm + dx, yMm: p.yMm + dy } : null;
}

/**
 * The objects placed. `rims[i]` and `net[i]` belong to `objects[i]` (null: no rim looked for, or
 * the net not asked or not trusted); `mergeMm`: two objects closer than this are one.
 */
export function placeObjects<T extends Placeable>(
  objects: readonly T[],
  rims: readonly (RimsSeen | null)[],
  net: readonly (T | null)[],
  o: { cameraMm: readonly [number, number, number]; apparentHeightMm: number; mergeMm: number; rimWithinMm?: number },
): T[] {
  const placed: T[] = [];
  const free = (x: number, y: number): boolean => !placed.some((q) => Math.hypot(q.xMm - x, q.yMm - y) < o.mergeMm);
  const order = objects.map((_, i) => i).sort((a, b) => (objects[b] as T).confidence - (objects[a] as T).confidence);
  for (const i of order) {
    const p = objects[i] as T;
    const seen = rims[i] ?? null;
    if (seen?.pair) {
      // Two bases in contact where one object was seen: two standing models on their rims.
      for (const c of seen.pair) if (free(c.xMm, c.yMm)) placed.push({ ...p, xMm: c.xMm, yMm: c.yMm, fallen: false });
      continue;
    }
    // The net's place, unless another object stands there already: a touching model the net
    // pulled onto its neighbour keeps the place its rim or the parallax gives it.
    // A rim within rimWithinMm of the net's place agrees with it, and places the base finer.
    const netPlace = p.fallen ? null : (net[i] ?? null);
    const rimAgrees = netPlace && seen?.single && Math.hypot(seen.single.xMm - netPlace.xMm, seen.single.yMm - netPlace.yMm) <= (o.rimWithinMm ?? -1);
    const netAt = rimAgrees ? null : netPlace;
    if (netAt && free(netAt.xMm, netAt.yMm)) {
      placed.push(netAt);
      continue;
    }
    const f = p.fallen ? null : (seen?.single ?? null);
    const at = f ? { ...p, xMm: f.xMm, yMm: f.yMm } : p.fallen ? p : towardNadir(p, o.cameraMm, o.apparentHeightMm);
    // Two peaks on one base that its rim brought together are one model (the surer stays).
    if (f && !free(at.xMm, at.yMm)) continue;
    placed.push(at);
  }
  return placed;
}
