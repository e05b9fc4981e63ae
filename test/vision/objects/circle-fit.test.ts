import { describe, expect, it } from 'vitest';
import { fitBaseCircle } from '../../../src/vision/objects/circle-fit.js';

/** A base rim of radius r at (cx, cy) plus, on the side away from the nadir, a body's smear. */
function silhouette(cx: number, cy: number, r: number, nadir: [number, number], smearMm: number): { xs: Float64Array; ys: Float64Array } {
  const xs: number[] = [];
  const ys: number[] = [];
  const away = Math.atan2(cy - nadir[1], cx - nadir[0]);
  for (let k = 0; k < 360; k++) {
    const a = (k * Math.PI) / 180;
    let d = Math.cos(a - away);
    // Outline of the disc swept outward by smearMm where it faces away from the nadir.
    const push = d > 0.35 ? smearMm * d : 0;
    d = r + push;
    xs.push(cx + d * Math.cos(a));
    ys.push(cy + d * Math.sin(a));
  }
  return { xs: Float64Array.from(xs), ys: Float64Array.from(ys) };
}

describe('fitBaseCircle', () => {
  it('finds the base under a body leaning 30 mm away from the nadir', () => {
    const { xs, ys } = silhouette(500, 300, 16, [900, 600], 30);
    const fit = fitBaseCircle(xs, ys, 900, 600, 490, 290)!;
    expect(Math.hypot(fit.cxMm - 500, fit.cyMm - 300)).toBeLessThan(0.3);
    expect(Math.abs(fit.radiusMm - 16)).toBeLessThan(0.3);
    expect(fit.nearSupport).toBeGreaterThan(0.9);
    expect(fit.nearExcessMm).toBeLessThan(0.5);
  });

  it('straight under the camera, a plain disc', () => {
    const { xs, ys } = silhouette(900, 600, 25, [900, 600], 0);
    const fit = fitBaseCircle(xs, ys, 900, 600, 900, 600)!;
    expect(Math.hypot(fit.cxMm - 900, fit.cyMm - 600)).toBeLessThan(0.01);
    expect(fit.radiusMm).toBeCloseTo(25, 2);
  });

  it('a body lying towards the nadir does not pass for a clean base rim', () => {
    // A 32 mm base with an 8 mm wide body 30 mm long pointing at the nadir (+x).
    const xs: number[] = [];
    const ys: number[] = [];
    for (let k = 0; k < 360; k++) {
      const a = (k * Math.PI) / 180;
      const x = 500 + 16 * Math.cos(a);
      const y = 300 + 16 * Math.sin(a);
      if (x > 500 && Math.abs(y - 300) < 4) continue;
      xs.push(x);
      ys.push(y);
    }
    for (let t = 0; t <= 30; t += 0.5) {
      xs.push(515 + t, 515 + t);
      ys.push(296, 304);
    }
    for (let y = 296; y <= 304; y += 0.5) {
      xs.push(545);
      ys.push(y);
    }
    const fit = fitBaseCircle(Float64Array.from(xs), Float64Array.from(ys), 900, 300, 505, 300)!;
    // Either it fits the body's rounded end (far too small for a base, 25 mm and up) or the
    // base with the body bulging past it on the near side: never a clean base rim.
    const cleanBase = fit.radiusMm >= 11 && fit.nearExcessMm <= 2.5 && fit.nearSupport >= 0.75;
    expect(cleanBase).toBe(false);
  });
});
