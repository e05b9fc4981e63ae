/**
 * The base circle of a standing miniature from its silhouette on the table plane. Seen from
 * a camera off to one side, everything above the base (body, head, a raised tag) is pushed
 * away from the camera's nadir, so the silhouette is the base disc plus a smear on its far
 * side. The near half of the outline is the base rim itself: the fit trusts the near half
 * and the flanks, and drops points outside the circle (smear) while keeping points inside
 * it (which would contradict a too-large circle).
 */

export interface Circle {
  cxMm: number;
  cyMm: number;
  radiusMm: number;
}

export interface BaseFit extends Circle {
  /** RMS distance of the trusted outline points from the circle. */
  rmsMm: number;
  /** Share of the near half-circle (and flanks) where the outline follows the circle. */
  nearSupport: number;
  /** Outline points used in the last fit. */
  used: number;
  /**
   * How far the outline bulges beyond the circle on the half facing the nadir. Parallax only
   * pushes things outward, so a standing miniature shows none; a fallen body lying towards
   * the nadir does.
   */
  nearExcessMm: number;
}

/** Algebraic (Kåsa) fit over the points whose flag is set; null when degenerate. */
export function kasaFit(xs: Float64Array, ys: Float64Array, use: Uint8Array | null): Circle | null {
  let n = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < xs.length; i++) {
    if (use && use[i] === 0) continue;
    mx += xs[i] as number;
    my += ys[i] as number;
    n++;
  }
  if (n < 5) return null;
  mx /= n;
  my /= n;
  // Centred coordinates keep the normal equations well conditioned at table scale.
  let suu = 0, svv = 0, suv = 0, suuu = 0, svvv = 0, suvv = 0, svuu = 0;
  for (let i = 0; i < xs.length; i++) {
    if (use && use[i] === 0) continue;
    const u = (xs[i] as number) - mx;
    const v = (ys[i] as number) - my;
    suu += u * u;
    svv += v * v;
    suv += u * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-9) return null;
  const bu = (suuu + suvv) / 2;
  const bv = (svvv + svuu) / 2;
  const uc = (bu * svv - bv * suv) / det;
  const vc = (suu * bv - suv * bu) / det;
  const r2 = uc * uc + vc * vc + (suu + svv) / n;
  return { cxMm: uc + mx, cyMm: vc + my, radiusMm: Math.sqrt(r2) };
}

/**
 * nadirX/Y: where the camera's optical centre stands over the table; the smear points away
 * from it. startX/Y: a first guess of the centre (the blob's centroid).
 */
export function fitBaseCircle(xs: Float64Array, ys: Float64Array, nadirX: number, nadirY: number, startX: number, startY: number): BaseFit | null {
  let ux = nadirX - startX;
  let uy = nadirY - startY;
  const len = Math.hypot(ux, uy);
  const directional = len > 1;
  ux = directional ? ux / len : 0;
  uy = directional ? uy / len : 0;
  const use = new Uint8Array(xs.length);
  for (let i = 0; i < xs.length; i++) use[i] = !directional || ((xs[i] as number) - startX) * ux + ((ys[i] as number) - startY) * uy >= 0 ? 1 : 0;
  let c = kasaFit(xs, ys, use) ?? kasaFit(xs, ys, null);
  if (!c) return null;
  for (let iter = 0; iter < 8; iter++) {
    const tol = Math.max(1.5, 0.08 * c.radiusMm);
    for (let i = 0; i < xs.length; i++) {
      const dx = (xs[i] as number) - c.cxMm;
      const dy = (ys[i] as number) - c.cyMm;
      const d = Math.hypot(dx, dy);
      const facing = !directional || dx * ux + dy * uy >= -0.25 * c.radiusMm;
      use[i] = facing && d - c.radiusMm <= tol ? 1 : 0;
    }
    const next = kasaFit(xs, ys, use);
    if (!next) break;
    const moved = Math.hypot(next.cxMm - c.cxMm, next.cyMm - c.cyMm) + Math.abs(next.radiusMm - c.radiusMm);
    c = next;
    if (moved < 0.01) break;
  }
  // Quality over the trusted side.
  const tol = Math.max(1.5, 0.08 * c.radiusMm);
  const BINS = 14;
  const seen = new Uint8Array(BINS);
  let sq = 0;
  let used = 0;
  const refAngle = directional ? Math.atan2(uy, ux) : 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = (xs[i] as number) - c.cxMm;
    const dy = (ys[i] as number) - c.cyMm;
    const d = Math.hypot(dx, dy);
    const facing = !directional || dx * ux + dy * uy >= -0.25 * c.radiusMm;
    if (!facing) continue;
    const res = d - c.radiusMm;
    if (res > tol) continue;
    sq += res * res;
    used++;
    if (Math.abs(res) > tol) continue;
    // Bins over ±105° about the direction to the nadir (or the full turn straight below it).
    let a = Math.atan2(dy, dx) - refAngle;
    while (a > Math.PI) a -= 2 * Math.PI;
    while (a < -Math.PI) a += 2 * Math.PI;
    const span = directional ? (105 * Math.PI) / 180 : Math.PI;
    if (Math.abs(a) > span) continue;
    seen[Math.min(BINS - 1, Math.floor(((a + span) / (2 * span)) * BINS))] = 1;
  }
  let support = 0;
  for (let b = 0; b < BINS; b++) support += seen[b] as number;
  let nearExcessMm = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = (xs[i] as number) - c.cxMm;
    const dy = (ys[i] as number) - c.cyMm;
    if (directional && dx * ux + dy * uy < 0) continue;
    nearExcessMm = Math.max(nearExcessMm, Math.hypot(dx, dy) - c.radiusMm);
  }
  return { ...c, rmsMm: used > 0 ? Math.sqrt(sq / used) : Infinity, nearSupport: support / BINS, used, nearExcessMm };
}
