/**
 * An offscreen canvas that keeps a drawing until what it shows changes: the table canvas keeps
 * its static parts (grid, edge, terrain) and its overlay on these, so a frame over the camera
 * image is two image copies instead of every path and text again.
 */
export class Layer {
  readonly canvas = document.createElement('canvas');
  readonly ctx: CanvasRenderingContext2D;
  /** What the layer shows now (the owner's words); '' when nothing yet. */
  key = '';

  constructor(options: CanvasRenderingContext2DSettings = {}) {
    const ctx = this.canvas.getContext('2d', options);
    if (!ctx) throw new Error('no 2D canvas');
    this.ctx = ctx;
  }

  /** Sized to `w`×`h` device px and cleared, ready to draw in CSS px scaled by `dpr`. */
  reset(w: number, h: number, dpr: number): CanvasRenderingContext2D {
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.scale(dpr, dpr);
    return ctx;
  }
}
