/**
 * One blob on the table plane → a miniature: standing (a round base; report the base
 * centre) or fallen (elongated, base seen edge-on; report the middle of its footprint).
 */
import { cellBounds } from './components.js';
import { fitBaseCircle, type BaseFit } from './circle-fit.js';
import { convexHull, sampleOutline } from './convex-hull.js';
import type { TableGrid } from './table-grid.js';

export interface ObjectShape {
  xMm: number;
  yMm: number;
  fallen: boolean;
  /** Fitted base diameter when standing, else null. */
  baseDiameterMm: number | null;
  /** Footprint along and across its main axis (after the parallax estimate when fallen). */
  lengthMm: number;
  widthMm: number;
  /** Direction of the main axis, from +x towards +y, 0–180. */
  axisDeg: number;
  areaMm2: number;
  /** The base fit and its quality, for diagnostics and tuning. */
  fit: BaseFit | null;
  discCoverage: number;
  lateralWidthMm: number;
}

export interface ShapeRules {
  /** Bases are 25 mm and up; a fallen figure's rounded end can fit a circle of 18–20 mm. */
  minBaseRadiusMm: number;
  maxBaseRadiusMm: number;
  /** Outline RMS allowed (convex outline, trusted side), as a share of the radius. */
  maxRmsShare: number;
  minNearSupport: number;
  /** Outline allowed beyond the circle on the side facing the nadir (mm, or a tenth of the radius). */
  maxNearExcessMm: number;
  /** A sanity floor only: a body coloured like the cloth can hide half of a vehicle's base. */
  minDiscCoverage: number;
  /** How much wider than the base the blob may be across the line to the nadir. */
  maxLateralExcessShare: number;
  /** Height of a fallen body's silhouette edge, as a share of its width: undoes its parallax. */
  fallenHeightShare: number;
}

export const DEFAULT_SHAPE_RULES: ShapeRules = {
  minBaseRadiusMm: 11,
  maxBaseRadiusMm: 45,
  maxRmsShare: 0.08,
  minNearSupport: 0.75,
  maxNearExcessMm: 2.5,
  minDiscCoverage: 0.5,
  maxLateralExcessShare: 0.12,
  fallenHeightShare: 0.5,
};

/**
 * cut: the blob was split from a touching neighbour; the cut line runs across the filled-in
 * neck and widens the part, so the width and near-side tests are relaxed.
 */
export function analyseObject(grid: TableGrid, cells: Int32Array, rules: ShapeRules = DEFAULT_SHAPE_RULES, cut = false): ObjectShape {
  const { cols, mmPerCell: s } = grid;
  const { minC, minR, w, h } = cellBounds(cells, cols);
  const local = new Uint8Array(w * h);
  for (const p of cells) {
    const r = (p / cols) | 0;
    local[(r - minR) * w + (p - r * cols - minC)] = 1;
  }
  fillHoles(local, w, h);
  const at = (c: number, r: number): boolean => c >= 0 && r >= 0 && c < w && r < h && local[r * w + c] === 1;
  const bx: number[] = [];
  const by: number[] = [];
  let sx = 0, sy = 0;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (!at(c, r)) continue;
      const x = (minC + c + 0.5) * s;
      const y = (minR + r + 0.5) * s;
      sx += x;
      sy += y;
      if (!at(c - 1, r) || !at(c + 1, r) || !at(c, r - 1) || !at(c, r + 1)) {
        // The edge lies half a cell outward of the outline cell; the circle fit absorbs it in the radius.
        bx.push(x);
        by.push(y);
      }
    }
  }
  let n = 0;
  for (let i = 0; i < local.length; i++) n += local[i] as number;
  const gx = sx / n;
  const gy = sy / n;
  const [camX, camY, camZ] = grid.cameraMm;
  const outline = sampleOutline(convexHull(bx, by), s / 2);
  const fit = fitBaseCircle(outline.xs, outline.ys, camX, camY, gx, gy);

  // Principal axes of the silhouette.
  let sxx = 0, syy = 0, sxy = 0;
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
    if (!at(c, r)) continue;
    const dx = (minC + c + 0.5) * s - gx;
    const dy = (minR + r + 0.5) * s - gy;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const axis = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const ax = Math.cos(axis);
  const ay = Math.sin(axis);

  let discCoverage = 0;
  let lateralWidthMm = 0;
  let standing = false;
  if (fit) {
    // Cells of the disc (shrunk by a cell for the rasterised rim) that the blob covers.
    const rIn = fit.radiusMm - s;
    let inDisc = 0;
    let covered = 0;
    const c0 = Math.floor((fit.cxMm - rIn) / s);
    const c1 = Math.ceil((fit.cxMm + rIn) / s);
    const r0 = Math.floor((fit.cyMm - rIn) / s);
    const r1 = Math.ceil((fit.cyMm + rIn) / s);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
      if (Math.hypot((c + 0.5) * s - fit.cxMm, (r + 0.5) * s - fit.cyMm) > rIn) continue;
      inDisc++;
      if (at(c - minC, r - minR)) covered++;
    }
    discCoverage = inDisc > 0 ? covered / inDisc : 0;
    // Width across the line from the base to the nadir: bodies and heads stay inside the base's.
    let px = -(camY - fit.cyMm);
    let py = camX - fit.cxMm;
    const pl = Math.hypot(px, py);
    if (pl < 1) [px, py] = [-ay, ax];
    else [px, py] = [px / pl, py / pl];
    let lo = Infinity, hi = -Infinity;
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
      if (!at(c, r)) continue;
      const t = ((minC + c + 0.5) * s - fit.cxMm) * px + ((minR + r + 0.5) * s - fit.cyMm) * py;
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    lateralWidthMm = hi - lo + s;
    const R = fit.radiusMm;
    // The outline runs through the centres of the edge cells, half a cell inside the rim.
    const rimRadiusMm = R + s / 2;
    standing =
      rimRadiusMm >= rules.minBaseRadiusMm &&
      rimRadiusMm <= rules.maxBaseRadiusMm &&
      fit.rmsMm <= Math.max(s * 0.6, rules.maxRmsShare * R) &&
      fit.nearSupport >= rules.minNearSupport &&
      (cut || fit.nearExcessMm <= Math.max(rules.maxNearExcessMm, 0.1 * R)) &&
      discCoverage >= rules.minDiscCoverage &&
      lateralWidthMm <= 2 * R * (1 + rules.maxLateralExcessShare + (cut ? 0.15 : 0)) + s;
  }

  // Extent along and across the principal axis.
  let a0 = Infinity, a1 = -Infinity, b0 = Infinity, b1 = -Infinity;
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
    if (!at(c, r)) continue;
    const dx = (minC + c + 0.5) * s - gx;
    const dy = (minR + r + 0.5) * s - gy;
    const ta = dx * ax + dy * ay;
    const tb = -dx * ay + dy * ax;
    if (ta < a0) a0 = ta;
    if (ta > a1) a1 = ta;
    if (tb < b0) b0 = tb;
    if (tb > b1) b1 = tb;
  }
  const lengthMm = a1 - a0 + s;
  const widthMm = b1 - b0 + s;
  const axisDeg = (((axis * 180) / Math.PI) % 180 + 180) % 180;
  const areaMm2 = n * s * s;
  if (standing && fit) {
    return { xMm: fit.cxMm, yMm: fit.cyMm, fallen: false, baseDiameterMm: 2 * fit.radiusMm + s, lengthMm, widthMm, axisDeg, areaMm2, fit, discCoverage, lateralWidthMm };
  }
  // Fallen: the middle of the oriented box, pulled back towards the nadir as if the
  // silhouette's edges stood at a typical height of a figure lying on its side.
  const mx = gx + ((a0 + a1) / 2) * ax - ((b0 + b1) / 2) * ay;
  const my = gy + ((a0 + a1) / 2) * ay + ((b0 + b1) / 2) * ax;
  // The near end lies on the table, the far end is pushed out by its height: the middle
  // moves out by half of that.
  const topMm = rules.fallenHeightShare * Math.min(lengthMm, widthMm);
  const k = camZ > topMm ? (camZ - topMm / 2) / camZ : 1;
  return {
    xMm: camX + (mx - camX) * k,
    yMm: camY + (my - camY) * k,
    fallen: true,
    baseDiameterMm: null,
    lengthMm,
    widthMm,
    axisDeg,
    areaMm2,
    fit,
    discCoverage,
    lateralWidthMm,
  };
}

/**
 * A body coloured like the cloth leaves a hole over the base; the hole's rim would read as
 * outline points inside the base circle. Everything the outside cannot reach is filled.
 */
function fillHoles(local: Uint8Array, w: number, h: number): void {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (c: number, r: number): void => {
    if (c < 0 || r < 0 || c >= w || r >= h) return;
    const i = r * w + c;
    if (local[i] === 1 || outside[i] === 1) return;
    outside[i] = 1;
    stack.push(i);
  };
  for (let c = 0; c < w; c++) {
    push(c, 0);
    push(c, h - 1);
  }
  for (let r = 0; r < h; r++) {
    push(0, r);
    push(w - 1, r);
  }
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const r = (i / w) | 0;
    const c = i - r * w;
    push(c - 1, r);
    push(c + 1, r);
    push(c, r - 1);
    push(c, r + 1);
  }
  for (let i = 0; i < local.length; i++) if (outside[i] === 0) local[i] = 1;
}
