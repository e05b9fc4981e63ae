/**
 * The convex outline of a silhouette. A standing miniature's silhouette (base disc plus a
 * radial smear) is convex-ish, but a body coloured like the cloth bites notches and
 * crescents into it; the hull puts the base's rim back, so the circle fit sees a rim and not
 * the inside edge of a bite.
 */

/** Andrew's monotone chain; counter-clockwise, no repeated end point. */
export function convexHull(xs: readonly number[], ys: readonly number[]): [number, number][] {
  const idx = xs.map((_, i) => i).sort((a, b) => (xs[a] as number) - (xs[b] as number) || (ys[a] as number) - (ys[b] as number));
  const cross = (o: number, a: number, b: number): number =>
    ((xs[a] as number) - (xs[o] as number)) * ((ys[b] as number) - (ys[o] as number)) - ((ys[a] as number) - (ys[o] as number)) * ((xs[b] as number) - (xs[o] as number));
  const lower: number[] = [];
  for (const i of idx) {
    while (lower.length >= 2 && cross(lower[lower.length - 2] as number, lower[lower.length - 1] as number, i) <= 0) lower.pop();
    lower.push(i);
  }
  const upper: number[] = [];
  for (let k = idx.length - 1; k >= 0; k--) {
    const i = idx[k] as number;
    while (upper.length >= 2 && cross(upper[upper.length - 2] as number, upper[upper.length - 1] as number, i) <= 0) upper.pop();
    upper.push(i);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return hull.map((i) => [xs[i] as number, ys[i] as number]);
}

/** Points every stepMm along the closed polygon. */
export function sampleOutline(poly: readonly [number, number][], stepMm: number): { xs: Float64Array; ys: Float64Array } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i] as [number, number];
    const [bx, by] = poly[(i + 1) % poly.length] as [number, number];
    const len = Math.hypot(bx - ax, by - ay);
    const n = Math.max(1, Math.ceil(len / stepMm));
    for (let k = 0; k < n; k++) {
      xs.push(ax + ((bx - ax) * k) / n);
      ys.push(ay + ((by - ay) * k) / n);
    }
  }
  return { xs: Float64Array.from(xs), ys: Float64Array.from(ys) };
}
