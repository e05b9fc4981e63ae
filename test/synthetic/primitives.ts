/**
 * Ray-traced solids for the synthetic renderer. Each primitive answers "how far along this
 * ray do you start" and, for the nearest hit, its surface normal and colour. Scratch objects
 * instead of returned tuples keep the per-pixel loop free of allocation.
 */
import type { Rgb } from './scene.js';

export interface Ray {
  ox: number;
  oy: number;
  oz: number;
  dx: number;
  dy: number;
  dz: number;
}

export interface SurfaceSample {
  nx: number;
  ny: number;
  nz: number;
  r: number;
  g: number;
  b: number;
}

export interface Primitive {
  /** Distance along the ray to the first hit with t > tMin, or Infinity. */
  intersect(ray: Ray, tMin: number): number;
  /** Normal and colour at the point p (called only for the nearest hit). */
  shade(px: number, py: number, pz: number, out: SurfaceSample): void;
  /** A bounding sphere, for culling shadow rays and picking screen tiles. */
  readonly bound: { x: number; y: number; z: number; r: number };
  /** Bounding box corners, projected to choose the screen tiles the primitive may cover. */
  readonly corners: readonly (readonly [number, number, number])[];
  /** False for flat decals (tags) that cast no useful shadow. */
  readonly castsShadow: boolean;
}

/** A finite cylinder with flat caps: bases (standing or on their rim), bodies, trees. */
export class Cylinder implements Primitive {
  readonly bound;
  readonly corners: (readonly [number, number, number])[] = [];
  readonly castsShadow = true;
  constructor(
    private readonly ax: number,
    private readonly ay: number,
    private readonly az: number,
    private readonly ux: number,
    private readonly uy: number,
    private readonly uz: number,
    private readonly length: number,
    private readonly radius: number,
    private readonly side: Rgb,
    private readonly cap: Rgb = side,
  ) {
    const half = length / 2;
    this.bound = { x: ax + ux * half, y: ay + uy * half, z: az + uz * half, r: Math.hypot(half, radius) };
    for (const s of [-1, 1]) for (const t of [-1, 1]) for (const w of [-1, 1]) {
      this.corners.push([this.bound.x + s * this.bound.r, this.bound.y + t * this.bound.r, this.bound.z + w * this.bound.r]);
    }
  }

  intersect(ray: Ray, tMin: number): number {
    const wx = ray.ox - this.ax;
    const wy = ray.oy - this.ay;
    const wz = ray.oz - this.az;
    const da = ray.dx * this.ux + ray.dy * this.uy + ray.dz * this.uz;
    const wa = wx * this.ux + wy * this.uy + wz * this.uz;
    const dpx = ray.dx - da * this.ux;
    const dpy = ray.dy - da * this.uy;
    const dpz = ray.dz - da * this.uz;
    const wpx = wx - wa * this.ux;
    const wpy = wy - wa * this.uy;
    const wpz = wz - wa * this.uz;
    const a = dpx * dpx + dpy * dpy + dpz * dpz;
    const b = 2 * (dpx * wpx + dpy * wpy + dpz * wpz);
    const c = wpx * wpx + wpy * wpy + wpz * wpz - this.radius * this.radius;
    let best = Infinity;
    if (a > 1e-12) {
      const disc = b * b - 4 * a * c;
      if (disc >= 0) {
        const sq = Math.sqrt(disc);
        for (let k = -1; k <= 1; k += 2) {
          const t = (-b + k * sq) / (2 * a);
          if (t > tMin && t < best) {
            const s = wa + t * da;
            if (s >= 0 && s <= this.length) best = t;
          }
        }
      }
    }
    if (Math.abs(da) > 1e-12) {
      for (let end = 0; end < 2; end++) {
        const t = ((end === 0 ? 0 : this.length) - wa) / da;
        if (t > tMin && t < best) {
          const qx = wpx + t * dpx;
          const qy = wpy + t * dpy;
          const qz = wpz + t * dpz;
          if (qx * qx + qy * qy + qz * qz <= this.radius * this.radius) best = t;
        }
      }
    }
    return best;
  }

  shade(px: number, py: number, pz: number, out: SurfaceSample): void {
    const wx = px - this.ax;
    const wy = py - this.ay;
    const wz = pz - this.az;
    const s = wx * this.ux + wy * this.uy + wz * this.uz;
    const eps = 1e-3;
    let color = this.side;
    if (s < eps || s > this.length - eps) {
      const sign = s < eps ? -1 : 1;
      out.nx = sign * this.ux;
      out.ny = sign * this.uy;
      out.nz = sign * this.uz;
      color = this.cap;
    } else {
      const qx = wx - s * this.ux;
      const qy = wy - s * this.uy;
      const qz = wz - s * this.uz;
      const n = Math.hypot(qx, qy, qz) || 1;
      out.nx = qx / n;
      out.ny = qy / n;
      out.nz = qz / n;
    }
    out.r = color[0];
    out.g = color[1];
    out.b = color[2];
  }
}

export class Sphere implements Primitive {
  readonly bound;
  readonly corners: (readonly [number, number, number])[] = [];
  readonly castsShadow = true;
  constructor(
    x: number,
    y: number,
    z: number,
    r: number,
    private readonly color: Rgb,
  ) {
    this.bound = { x, y, z, r };
    for (const s of [-1, 1]) for (const t of [-1, 1]) for (const w of [-1, 1]) this.corners.push([x + s * r, y + t * r, z + w * r]);
  }

  intersect(ray: Ray, tMin: number): number {
    const { x, y, z, r } = this.bound;
    const wx = ray.ox - x;
    const wy = ray.oy - y;
    const wz = ray.oz - z;
    const a = ray.dx * ray.dx + ray.dy * ray.dy + ray.dz * ray.dz;
    const b = 2 * (wx * ray.dx + wy * ray.dy + wz * ray.dz);
    const c = wx * wx + wy * wy + wz * wz - r * r;
    const disc = b * b - 4 * a * c;
    if (disc < 0) return Infinity;
    const sq = Math.sqrt(disc);
    const t0 = (-b - sq) / (2 * a);
    if (t0 > tMin) return t0;
    const t1 = (-b + sq) / (2 * a);
    return t1 > tMin ? t1 : Infinity;
  }

  shade(px: number, py: number, pz: number, out: SurfaceSample): void {
    const { x, y, z, r } = this.bound;
    out.nx = (px - x) / r;
    out.ny = (py - y) / r;
    out.nz = (pz - z) / r;
    out.r = this.color[0];
    out.g = this.color[1];
    out.b = this.color[2];
  }
}

/** A box standing on the table, turned about z: buildings, walls, crates, vehicle hulls. */
export class Box implements Primitive {
  readonly bound;
  readonly corners: (readonly [number, number, number])[] = [];
  readonly castsShadow = true;
  private readonly c: number;
  private readonly s: number;
  constructor(
    private readonly cx: number,
    private readonly cy: number,
    private readonly z0: number,
    private readonly hw: number,
    private readonly hd: number,
    private readonly height: number,
    angleDeg: number,
    private readonly color: Rgb,
  ) {
    const a = (angleDeg * Math.PI) / 180;
    this.c = Math.cos(a);
    this.s = Math.sin(a);
    this.bound = { x: cx, y: cy, z: z0 + height / 2, r: Math.hypot(hw, hd, height / 2) };
    for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const z of [z0, z0 + height]) {
      this.corners.push([cx + this.c * sx * hw - this.s * sy * hd, cy + this.s * sx * hw + this.c * sy * hd, z]);
    }
  }

  intersect(ray: Ray, tMin: number): number {
    // Into the box's own frame, then slabs.
    const ox = ray.ox - this.cx;
    const oy = ray.oy - this.cy;
    const lox = this.c * ox + this.s * oy;
    const loy = -this.s * ox + this.c * oy;
    const loz = ray.oz - this.z0;
    const ldx = this.c * ray.dx + this.s * ray.dy;
    const ldy = -this.s * ray.dx + this.c * ray.dy;
    const ldz = ray.dz;
    let t0 = -Infinity;
    let t1 = Infinity;
    const slab = (o: number, d: number, lo: number, hi: number): boolean => {
      if (Math.abs(d) < 1e-12) return o >= lo && o <= hi;
      let a = (lo - o) / d;
      let b = (hi - o) / d;
      if (a > b) [a, b] = [b, a];
      if (a > t0) t0 = a;
      if (b < t1) t1 = b;
      return t0 <= t1;
    };
    if (!slab(lox, ldx, -this.hw, this.hw) || !slab(loy, ldy, -this.hd, this.hd) || !slab(loz, ldz, 0, this.height)) return Infinity;
    if (t0 > tMin) return t0;
    return t1 > tMin ? t1 : Infinity;
  }

  shade(px: number, py: number, pz: number, out: SurfaceSample): void {
    const ox = px - this.cx;
    const oy = py - this.cy;
    const lx = this.c * ox + this.s * oy;
    const ly = -this.s * ox + this.c * oy;
    const lz = pz - this.z0;
    // The face whose plane the point lies closest to.
    const dxf = this.hw - Math.abs(lx);
    const dyf = this.hd - Math.abs(ly);
    const dzTop = Math.abs(this.height - lz);
    let nlx = 0;
    let nly = 0;
    let nz = 0;
    if (dzTop <= dxf && dzTop <= dyf) nz = 1;
    else if (dxf <= dyf) nlx = Math.sign(lx);
    else nly = Math.sign(ly);
    out.nx = this.c * nlx - this.s * nly;
    out.ny = this.s * nlx + this.c * nly;
    out.nz = nz;
    // Tops a little lighter than walls, as painted terrain usually is.
    const k = nz === 1 ? 1.1 : 1;
    out.r = Math.min(255, this.color[0] * k);
    out.g = Math.min(255, this.color[1] * k);
    out.b = Math.min(255, this.color[2] * k);
  }
}

/**
 * A marker printed on a white plate lying flat at height z: a tag on a miniature. Its texture
 * is the marker's cells with a quiet zone of `marginCells` white cells around them.
 */
export class TagPlate implements Primitive {
  readonly bound;
  readonly corners: (readonly [number, number, number])[] = [];
  readonly castsShadow = false;
  private readonly c: number;
  private readonly s: number;
  private readonly n: number;
  constructor(
    private readonly cx: number,
    private readonly cy: number,
    private readonly z: number,
    private readonly sizeMm: number,
    angleDeg: number,
    private readonly cells: Uint8Array,
    private readonly marginCells = 1,
  ) {
    const a = (angleDeg * Math.PI) / 180;
    this.c = Math.cos(a);
    this.s = Math.sin(a);
    this.n = Math.round(Math.sqrt(cells.length));
    const half = (sizeMm / 2) * (1 + (2 * marginCells) / this.n);
    this.bound = { x: cx, y: cy, z, r: half * Math.SQRT2 };
    for (const sx of [-1, 1]) for (const sy of [-1, 1]) this.corners.push([cx + sx * half * 1.5, cy + sy * half * 1.5, z]);
  }

  /** Marker-local coordinates: u along the marker's top edge, v down its left edge, 0..1 over the black square. */
  private local(px: number, py: number): [number, number] {
    const ox = px - this.cx;
    const oy = py - this.cy;
    // Marker "right" is (c, s); marker "down" is (s, −c) so that angle 0 reads upright with +y up.
    const u = (this.c * ox + this.s * oy) / this.sizeMm + 0.5;
    const v = (this.s * ox - this.c * oy) / this.sizeMm + 0.5;
    return [u, v];
  }

  intersect(ray: Ray, tMin: number): number {
    if (Math.abs(ray.dz) < 1e-12) return Infinity;
    const t = (this.z - ray.oz) / ray.dz;
    if (t <= tMin) return Infinity;
    const [u, v] = this.local(ray.ox + t * ray.dx, ray.oy + t * ray.dy);
    const m = this.marginCells / this.n;
    return u >= -m && u <= 1 + m && v >= -m && v <= 1 + m ? t : Infinity;
  }

  shade(px: number, py: number, _pz: number, out: SurfaceSample): void {
    const [u, v] = this.local(px, py);
    out.nx = 0;
    out.ny = 0;
    out.nz = 1;
    const value = markerValue(this.cells, this.n, u, v);
    out.r = value;
    out.g = value;
    out.b = value;
  }
}

/** Printed ink on paper: not pure black or white, as a camera sees it. */
export const PAPER = 235;
export const INK = 22;

/** The grey level of a marker (with white quiet zone outside 0..1) at marker-local u, v. */
export function markerValue(cells: Uint8Array, n: number, u: number, v: number): number {
  if (u < 0 || u >= 1 || v < 0 || v >= 1) return PAPER;
  const cx = Math.floor(u * n);
  const cy = Math.floor(v * n);
  return cells[cy * n + cx] === 1 ? PAPER : INK;
}
