import type { CameraMesh } from '../../app/api/camera-worker-messages.js';

/** A 2D context on the page or in a worker: the mesh is cut the same way on either. */
export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * The camera image undistorted and seen from straight above: each mesh cell as two triangles,
 * each an affine map from bitmap px to table canvas px (`s` px per mm), each drawing only the
 * bitmap's pixels under it. Shared by the page and its rectify worker.
 */
export function cutMesh(ctx: Context2D, img: ImageBitmap, mesh: CameraMesh, widthMm: number, depthMm: number, s: number): void {
  const node = (i: number, j: number): { src: [number, number] | null; dst: [number, number] } => ({
    src: mesh.pixels[j * (mesh.cols + 1) + i] ?? null,
    dst: [((i * widthMm) / mesh.cols) * s, ((j * depthMm) / mesh.rows) * s],
  });
  const triangle = (a: ReturnType<typeof node>, b: ReturnType<typeof node>, c: ReturnType<typeof node>): void => {
    if (!a.src || !b.src || !c.src) return;
    const [x0, y0] = a.src;
    const [x1, y1] = b.src;
    const [x2, y2] = c.src;
    const [u0, v0] = a.dst;
    const [u1, v1] = b.dst;
    const [u2, v2] = c.dst;
    const den = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (Math.abs(den) < 1e-9) return;
    const m11 = ((u1 - u0) * (y2 - y0) - (u2 - u0) * (y1 - y0)) / den;
    const m12 = ((u2 - u0) * (x1 - x0) - (u1 - u0) * (x2 - x0)) / den;
    const m21 = ((v1 - v0) * (y2 - y0) - (v2 - v0) * (y1 - y0)) / den;
    const m22 = ((v2 - v0) * (x1 - x0) - (v1 - v0) * (x2 - x0)) / den;
    // Only the bitmap's pixels under this triangle (and a few around it for the seam), not the whole frame.
    const sx = Math.max(0, Math.floor(Math.min(x0, x1, x2)) - 3);
    const sy = Math.max(0, Math.floor(Math.min(y0, y1, y2)) - 3);
    const sw = Math.min(img.width, Math.ceil(Math.max(x0, x1, x2)) + 3) - sx;
    const sh = Math.min(img.height, Math.ceil(Math.max(y0, y1, y2)) + 3) - sy;
    if (sw <= 0 || sh <= 0) return;
    ctx.save();
    ctx.beginPath();
    // Grown by half a pixel about the centre so neighbouring triangles leave no seam.
    const cx = (u0 + u1 + u2) / 3;
    const cy = (v0 + v1 + v2) / 3;
    const grow = (x: number, y: number): [number, number] => {
      const d = Math.hypot(x - cx, y - cy) || 1;
      return [x + ((x - cx) / d) * 0.6, y + ((y - cy) / d) * 0.6];
    };
    ctx.moveTo(...grow(u0, v0));
    ctx.lineTo(...grow(u1, v1));
    ctx.lineTo(...grow(u2, v2));
    ctx.closePath();
    ctx.clip();
    ctx.transform(m11, m21, m12, m22, u0 - m11 * x0 - m12 * y0, v0 - m21 * x0 - m22 * y0);
    ctx.drawImage(img, sx, sy, sw, sh, sx, sy, sw, sh);
    ctx.restore();
  };
  for (let j = 0; j < mesh.rows; j++) {
    for (let i = 0; i < mesh.cols; i++) {
      triangle(node(i, j), node(i + 1, j), node(i + 1, j + 1));
      triangle(node(i, j), node(i + 1, j + 1), node(i, j + 1));
    }
  }
}
