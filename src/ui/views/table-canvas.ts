import type { CameraMesh } from '../../app/api/camera-worker-messages.js';
import type { GameView, ModelView } from '../../app/api/view.js';
import { count, currentLang, num, t, term, unitNoun } from '../i18n.js';
import { RectifiedCamera } from './camera-rectify.js';
import { Layer } from './layer-cache.js';
import { drawDraft, drawTerrain, terrainDraft } from './terrain-layer.js';
import { drawActionLayer } from './action-layer.js';
import { distanceText } from './words.js';
import { placeLabels, placesAround, type LabelBox } from './label-layout.js';

export interface TableCallbacks {
  select(shooterId: string | null, targetId: string | null): void;
  move(modelId: string, xMm: number, yMm: number): void;
  /** A click on the table while an outline is being drawn: a new corner. */
  terrainCorner?(xMm: number, yMm: number): void;
  /** A drop the rules refuse (beyond the speed, or a model that may not move): offered to the referee. */
  moveRefused?(modelId: string, xMm: number, yMm: number, why: 'over' | 'blocked'): void;
  /** A click while a table action is being prepared (its models, its point of aim): true when taken. */
  pick?(xMm: number, yMm: number, modelId: string | null): boolean;
}

/** The drag ruler as it stands: path length in the table's unit against what the rules allow. */
export interface RulerState {
  modelId: string;
  steps: number;
  allowedSteps: number;
  state: 'within' | 'over' | 'blocked' | 'free';
  waypoints: number;
}

const RULER_COLOUR = { within: '#3fbf6f', over: '#e5484d', blocked: '#8a8f98', free: '#f5b942' } as const;

interface Frame {
  scale: number;
  ox: number;
  oy: number;
}

const MARGIN_PX = 24;
/** On a phone the table takes the width: a thin edge (style.css sizes the portrait view with it). */
const NARROW_MARGIN_PX = 8;

/**
 * The live table: the camera image (when there is one) under an overlay of models, the selected
 * model's range rings in шаги, every enemy coloured by range and sight, the chosen target's
 * band, and this turn's moves against speed. Redraws on each view and while dragging.
 */
export class TableCanvas {
  readonly canvas = document.createElement('canvas');
  /** The visible canvas: each frame is the table (or the camera image) and the overlay layer over it. */
  private readonly screen: CanvasRenderingContext2D;
  /** Where the overlay's parts are drawn: the overlay layer while it is being redrawn. */
  private ctx: CanvasRenderingContext2D;
  private view: GameView | null = null;
  /** The canvas's CSS size, from the ResizeObserver (read here, never from layout while drawing). */
  private cssW = 0;
  private cssH = 0;
  /** Grid, table edge and terrain: redrawn when the table, its terrain, the size or the language change. */
  private readonly statics = new Layer();
  private staticLabels: string[] = [];
  /** Everything drawn over the table image: redrawn on a view, a drag, a resize; reused by `frame()`. */
  private readonly overlay = new Layer();
  private overlayDirty = true;
  /** With the camera on: its image under the overlay, composed when either changes; each frame copies it. */
  private readonly scene = new Layer({ alpha: false });
  /** What the scene shows under the overlay: the rectified image, or (before the table's pose) the raw video's frame serial. */
  private sceneImage: unknown = null;
  // Rectifying is asynchronous: the finished image is drawn at once, with no camera frame to wait for.
  private readonly camera = new RectifiedCamera(() => this.frame());
  private fit: Frame = { scale: 1, ox: 0, oy: 0 };
  private drag: { id: string; startX: number; startY: number; xMm: number; yMm: number; moved: boolean; waypoints: { xMm: number; yMm: number }[] } | null = null;
  /** The live drag ruler (tests read it); null when nothing is dragged. */
  ruler: RulerState | null = null;
  /** Where the target line's label box was drawn, canvas px (tests check it covers no model). */
  targetLabelAt: { x: number; y: number; w: number; h: number } | null = null;
  /** Every label's box in the last frame by its centre, canvas px (tests check none covers another or a model). */
  labelBoxes: { text: string; x: number; y: number; w: number; h: number }[] = [];
  /** Frames drawn so far (the benchmark reads it). */
  framesDrawn = 0;
  /** Every text drawn in the last frame (the language test reads the canvas through it). */
  labels: string[] = [];

  constructor(
    private readonly cb: TableCallbacks,
    /** Decided by the server (the view it sends); a spectator cannot drag or select. */
    private readonly readOnly: () => boolean,
    /** The camera frame to draw under the overlay, when a camera runs, and where the table lies in it. */
    private readonly cameraFrame: () => { video: HTMLVideoElement; mesh: CameraMesh | null; serial: number } | null,
  ) {
    // Opaque and desynchronized: the camera image is drawn into the canvas, so the compositor
    // never blends it, which keeps 1080p redraws cheap on machines without a GPU.
    const ctx = this.canvas.getContext('2d', { alpha: false, desynchronized: true });
    if (!ctx) throw new Error('no 2D canvas');
    this.screen = ctx;
    this.ctx = this.overlay.ctx;
    this.canvas.dataset.testid = 'table';
    this.canvas.addEventListener('pointerdown', (e) => this.down(e));
    this.canvas.addEventListener('pointermove', (e) => this.moveDrag(e));
    this.canvas.addEventListener('pointerup', (e) => this.up(e));
    this.canvas.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      this.cb.select(null, null);
    });
    new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      this.cssW = Math.round(box?.width ?? 0);
      this.cssH = Math.round(box?.height ?? 0);
      this.draw();
    }).observe(this.canvas);
    // Space while dragging drops a waypoint (as Foundry's Drag Ruler does).
    window.addEventListener('keydown', (e) => {
      if (e.key !== ' ' || !this.drag?.moved) return;
      e.preventDefault();
      this.drag.waypoints.push({ xMm: this.drag.xMm, yMm: this.drag.yMm });
      this.draw();
    });
  }

  setView(view: GameView): void {
    this.view = view;
    this.draw();
  }

  /** Canvas px of a table point (for tests and the benchmark). */
  toScreen(xMm: number, yMm: number): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + this.fit.ox + xMm * this.fit.scale, y: r.top + this.fit.oy + yMm * this.fit.scale };
  }

  private toMm(e: PointerEvent): { xMm: number; yMm: number } {
    const r = this.canvas.getBoundingClientRect();
    return { xMm: (e.clientX - r.left - this.fit.ox) / this.fit.scale, yMm: (e.clientY - r.top - this.fit.oy) / this.fit.scale };
  }

  private modelAt(xMm: number, yMm: number): ModelView | undefined {
    const v = this.view;
    if (!v) return undefined;
    let best: ModelView | undefined;
    let bestD = Infinity;
    for (const m of v.models) {
      if (!m.pos) continue;
      const d = Math.hypot(m.pos.xMm - xMm, m.pos.yMm - yMm);
      const reach = Math.max(m.baseMm / 2, 14 / this.fit.scale);
      if (d <= reach && d < bestD) {
        best = m;
        bestD = d;
      }
    }
    return best;
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0) return; // the right button clears the selection (contextmenu)
    if (terrainDraft.drawing) return;
    const p = this.toMm(e);
    const m = this.modelAt(p.xMm, p.yMm);
    if (!m || !m.pos) return;
    this.drag = { id: m.id, startX: e.clientX, startY: e.clientY, xMm: m.pos.xMm, yMm: m.pos.yMm, moved: false, waypoints: [] };
    this.canvas.setPointerCapture(e.pointerId);
  }

  /** Whether the table may be changed from this page: not by a spectator, not while replaying (the table as it stood). */
  private mayChange(): boolean {
    return !this.readOnly() && !this.view?.replay;
  }

  private moveDrag(e: PointerEvent): void {
    if (!this.drag || !this.mayChange()) return;
    if (Math.hypot(e.clientX - this.drag.startX, e.clientY - this.drag.startY) > 4) this.drag.moved = true;
    if (!this.drag.moved) return;
    const p = this.toMm(e);
    this.drag.xMm = p.xMm;
    this.drag.yMm = p.yMm;
    this.draw();
  }

  private up(e: PointerEvent): void {
    if (e.button !== 0) return;
    if (terrainDraft.drawing && this.mayChange()) {
      const p = this.toMm(e);
      this.cb.terrainCorner?.(Math.round(p.xMm), Math.round(p.yMm));
      return;
    }
    const drag = this.drag;
    const ruler = this.ruler;
    this.drag = null;
    this.ruler = null;
    if (drag?.moved && this.mayChange()) {
      const v = this.view;
      const w = v?.table.widthMm ?? 1800;
      const d = v?.table.depthMm ?? 1200;
      const x = Math.min(w, Math.max(0, drag.xMm));
      const y = Math.min(d, Math.max(0, drag.yMm));
      if (ruler && (ruler.state === 'over' || ruler.state === 'blocked') && this.cb.moveRefused) {
        this.cb.moveRefused(drag.id, x, y, ruler.state);
        this.draw();
      } else this.cb.move(drag.id, x, y);
      return;
    }
    if (this.readOnly() || !this.view) return;
    const p = this.toMm(e);
    const m = this.modelAt(p.xMm, p.yMm);
    if (this.cb.pick?.(p.xMm, p.yMm, m?.id ?? null)) return;
    const sel = this.view.selection;
    const shooter = this.view.models.find((x) => x.id === sel.shooterId);
    if (!m) return this.cb.select(sel.shooterId, null);
    if (!shooter || shooter.player === m.player) this.cb.select(m.id, null);
    else this.cb.select(shooter.id, m.id);
  }

  /** Redraws the overlay (the static layer too if what it shows changed), then shows a frame. */
  draw(): void {
    this.overlayDirty = true;
    this.frame();
  }

  /**
   * One frame: the table (or the camera image, rectified once per camera frame) and the overlay
   * layer over it, the overlay redrawn only if something it shows has changed since the last
   * one. The camera loop calls this on every animation frame.
   */
  frame(): void {
    const c = this.canvas;
    const dpr = window.devicePixelRatio || 1;
    const cw = this.cssW;
    const ch = this.cssH;
    const w = Math.max(1, Math.round(cw * dpr));
    const h = Math.max(1, Math.round(ch * dpr));
    if (c.width !== w || c.height !== h) {
      c.width = w;
      c.height = h;
    }
    const ctx = this.screen;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#11151b';
    ctx.fillRect(0, 0, w, h);
    const v = this.view;
    if (!v) return;
    const margin = cw < 600 ? NARROW_MARGIN_PX : MARGIN_PX;
    // A hidden or tiny canvas (the setup screen) has no room for the table: a negative scale
    // would give negative radii (the `arc … radius is negative` error on opening games).
    if (cw <= 2 * margin + 10 || ch <= 2 * margin + 10) return;
    const scale = Math.min((cw - 2 * margin) / v.table.widthMm, (ch - 2 * margin) / v.table.depthMm);
    this.fit = { scale, ox: (cw - v.table.widthMm * scale) / 2, oy: (ch - v.table.depthMm * scale) / 2 };
    const camera = this.cameraFrame();
    if (!camera) {
      // No camera: nothing redraws between views and drags, so the overlay goes straight onto
      // the screen (a layer would only add a copy).
      this.overlay.key = '';
      this.sceneImage = null;
      ctx.setTransform(dpr, 0, 0, dpr, dpr * this.fit.ox, dpr * this.fit.oy);
      this.drawTable(ctx, v, scale, null);
      this.drawOverlay(v, w, h, dpr, scale, ctx);
      this.framesDrawn++;
      return;
    }
    const overlayKey = `${w}x${h}@${dpr}:${scale}:${currentLang()}:${terrainDraft.drawing}:${terrainDraft.corners.length}`;
    let changed = false;
    if (this.overlayDirty || this.overlay.key !== overlayKey) {
      this.drawOverlay(v, w, h, dpr, scale, this.overlay.reset(w, h, dpr));
      this.overlay.key = overlayKey;
      this.overlayDirty = false;
      changed = true;
    }
    if (camera.mesh && camera.video.videoWidth > 0) this.camera.update({ video: camera.video, mesh: camera.mesh, serial: camera.serial }, scale, v.table.widthMm, v.table.depthMm);
    // Without a rectified image the raw video shows: redrawn when the camera gives a new frame,
    // not on every animation frame. Scaling a 1080p frame costs the page 10-35 ms here, and the
    // animation frames come twice as often as a 30 fps camera's: 35-85 % of a core went on it
    // (32-59 % now) while the two workers load OpenCV and the detector.
    const image = camera.mesh ? this.camera.image : null;
    const picture = image ?? `${camera.serial}`;
    if (changed || picture !== this.sceneImage || this.scene.key !== overlayKey) {
      const sctx = this.scene.reset(w, h, 1);
      sctx.fillStyle = '#11151b';
      sctx.fillRect(0, 0, w, h);
      sctx.setTransform(dpr, 0, 0, dpr, dpr * this.fit.ox, dpr * this.fit.oy);
      this.drawTable(sctx, v, scale, camera);
      sctx.setTransform(1, 0, 0, 1, 0, 0);
      sctx.drawImage(this.overlay.canvas, 0, 0);
      this.scene.key = overlayKey;
      this.sceneImage = picture;
    }
    ctx.drawImage(this.scene.canvas, 0, 0);
    this.framesDrawn++;
  }

  /** The overlay onto `ctx` (the screen, or the overlay layer): grid, edge and terrain from their layer, then everything that moves. */
  private drawOverlay(v: GameView, w: number, h: number, dpr: number, scale: number, ctx: CanvasRenderingContext2D): void {
    const staticKey = `${w}x${h}@${dpr}:${scale}:${v.table.widthMm}x${v.table.depthMm}:${v.stepMm}:${currentLang()}:${JSON.stringify(v.terrain ?? [])}`;
    if (this.statics.key !== staticKey) {
      const sctx = this.statics.reset(w, h, dpr);
      sctx.translate(this.fit.ox, this.fit.oy);
      this.staticLabels = [];
      drawGrid(sctx, v, scale);
      drawTerrain(sctx, v.terrain ?? [], scale, this.staticLabels, v.stepMm);
      this.statics.key = staticKey;
    }
    this.ctx = ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.statics.canvas, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, dpr * this.fit.ox, dpr * this.fit.oy);
    this.labels = [...this.staticLabels];
    this.targetLabelAt = null;
    this.labelBoxes = [];
    if (terrainDraft.drawing) drawDraft(ctx, terrainDraft.corners, scale);
    drawActionLayer(ctx, v, scale);
    const positions = new Map<string, { xMm: number; yMm: number }>();
    for (const m of v.models) if (m.pos) positions.set(m.id, m.id === this.drag?.id && this.drag.moved ? { xMm: this.drag.xMm, yMm: this.drag.yMm } : m.pos);
    this.drawRings(v, scale, positions);
    this.drawMoves(v, scale, positions);
    this.drawTargetLine(v, scale, positions, 'line');
    for (const m of v.models) this.drawModel(v, m, scale, positions.get(m.id));
    // Labels last, placed off the models and off each other: the target line's, the models'
    // names, this turn's moves; then the drag ruler's (it follows the pointer).
    const taken: LabelBox[] = [];
    this.drawTargetLine(v, scale, positions, 'label', taken);
    this.drawLabels(v, scale, positions, taken);
    this.drawRuler(v, scale);
  }

  /** Under the overlay: the camera image (rectified when vision has the table's pose), or the table's colour. */
  private drawTable(ctx: CanvasRenderingContext2D, v: GameView, s: number, camera: ReturnType<typeof this.cameraFrame>): void {
    if (!camera && this.camera.image) this.camera.clear();
    const image = camera && camera.video.videoWidth > 0 && camera.mesh ? this.camera.image : null;
    if (image) {
      // At its own size when it was cut for this one (a plain copy), else stretched until the next.
      if (image.width === Math.ceil(v.table.widthMm * s) && image.height === Math.ceil(v.table.depthMm * s)) ctx.drawImage(image, 0, 0);
      else ctx.drawImage(image, 0, 0, v.table.widthMm * s, v.table.depthMm * s);
    } else if (camera && camera.video.videoWidth > 0) {
      // No table pose yet (no camera files, or the anchors not found), or its first image is
      // still being cut: the frame as it comes.
      ctx.drawImage(camera.video, 0, 0, v.table.widthMm * s, v.table.depthMm * s);
    } else {
      ctx.fillStyle = '#24382c';
      ctx.fillRect(0, 0, v.table.widthMm * s, v.table.depthMm * s);
    }
  }

  private drawRings(v: GameView, s: number, pos: Map<string, { xMm: number; yMm: number }>): void {
    const shooter = v.models.find((m) => m.id === v.selection.shooterId);
    const at = shooter ? pos.get(shooter.id) : undefined;
    if (!shooter || !at) return;
    const weapon = shooter.weapons.find((w) => w.id === v.selection.weaponId) ?? shooter.weapons[0];
    const maxSteps = Math.max(weapon?.rangeSteps ?? 10, 5);
    const ctx = this.ctx;
    const cx = at.xMm * s;
    const cy = at.yMm * s;
    ctx.save();
    // Rings past the table edge only clutter the camera image around it.
    ctx.beginPath();
    ctx.rect(0, 0, v.table.widthMm * s, v.table.depthMm * s);
    ctx.clip();
    ctx.font = '11px system-ui';
    ctx.fillStyle = 'rgba(245,185,66,0.9)';
    for (let k = 1; k <= Math.ceil(maxSteps); k++) {
      const r = k * v.stepMm * s;
      const major = k % 5 === 0;
      ctx.strokeStyle = major ? 'rgba(245,185,66,0.55)' : 'rgba(245,185,66,0.18)';
      ctx.lineWidth = major ? 1.5 : 1;
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.stroke();
      if (major) ctx.fillText(`${k}`, cx + r + 2, cy - 2);
    }
    if (weapon) {
      ctx.strokeStyle = '#f5b942';
      ctx.lineWidth = 2.5;
      ctx.setLineDash([8, 5]);
      ctx.beginPath();
      ctx.arc(cx, cy, weapon.rangeSteps * v.stepMm * s, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.restore();
  }

  private drawMoves(v: GameView, s: number, pos: Map<string, { xMm: number; yMm: number }>): void {
    const ctx = this.ctx;
    ctx.save();
    ctx.font = 'bold 12px system-ui';
    for (const mv of v.moves) {
      const at = pos.get(mv.id);
      if (!at) continue;
      const colour = mv.ok ? '#3fbf6f' : '#e5484d';
      ctx.strokeStyle = colour;
      ctx.lineWidth = 2;
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      ctx.moveTo(mv.fromXMm * s, mv.fromYMm * s);
      ctx.lineTo(at.xMm * s, at.yMm * s);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.restore();
  }

  /**
   * The models' names and this turn's move labels, laid out so that none covers another, a
   * model, or the target line's label (`taken`): two models in base contact get their names on
   * either side instead of one over the other.
   */
  private drawLabels(v: GameView, s: number, pos: Map<string, { xMm: number; yMm: number }>, taken: LabelBox[]): void {
    const ctx = this.ctx;
    ctx.save();
    const discs = v.models.flatMap((m) => {
      const p = pos.get(m.id);
      return p ? [{ x: p.xMm * s, y: p.yMm * s, r: Math.max((m.baseMm / 2) * s, 5) + 2 }] : [];
    });
    const first = (m: ModelView): number => (m.id === v.selection.shooterId ? 0 : m.id === v.selection.targetId ? 1 : 2);
    const named = v.models.filter((m) => pos.has(m.id)).sort((a, b) => first(a) - first(b));
    ctx.font = '12px system-ui';
    const names = named.map((m) => {
      const p = pos.get(m.id) ?? { xMm: 0, yMm: 0 };
      const w = ctx.measureText(m.name).width + 4;
      const r = Math.max((m.baseMm / 2) * s, 5);
      return { text: m.name, colour: '#fff', bold: false, w, h: 14, places: placesAround(p.xMm * s, p.yMm * s, r, w, 14, 12) };
    });
    ctx.font = 'bold 12px system-ui';
    const moves = v.moves.flatMap((mv) => {
      const p = pos.get(mv.id);
      if (!p) return [];
      const text = `${num(mv.steps, 1)}/${count(mv.allowedSteps, unitNoun(v.stepMm))}`;
      const w = ctx.measureText(text).width + 4;
      const r = Math.max(((v.models.find((m) => m.id === mv.id)?.baseMm ?? 25) / 2) * s, 5);
      const x = p.xMm * s;
      const y = p.yMm * s;
      // Beside the model, up and to the right first (where it always stood), then around it.
      const places = [{ x: x + r + 6 + w / 2, y: y - r - 4 }, { x: x - r - 6 - w / 2, y: y - r - 4 }, ...placesAround(x, y, r, w, 14, 12).slice(2)];
      return [{ text, colour: mv.ok ? '#3fbf6f' : '#e5484d', bold: true, w, h: 14, places }];
    });
    const wanted = [...names, ...moves];
    const boxes = placeLabels(wanted, discs, taken);
    ctx.textAlign = 'center';
    wanted.forEach((l, i) => {
      const b = boxes[i];
      if (!b) return;
      this.labels.push(l.text);
      this.labelBoxes.push({ text: l.text, x: b.x + this.fit.ox, y: b.y + this.fit.oy, w: b.w, h: b.h });
      ctx.font = l.bold ? 'bold 12px system-ui' : '12px system-ui';
      ctx.fillStyle = '#000';
      ctx.fillText(l.text, b.x + 1, b.y + 5);
      ctx.fillStyle = l.colour;
      ctx.fillText(l.text, b.x, b.y + 4);
    });
    ctx.restore();
  }

  /**
   * The drag ruler: from where the model began this turn, through the waypoints, to the pointer;
   * its label and colour by the model's speed (within, over, or blocked by its state).
   */
  private drawRuler(v: GameView, s: number): void {
    const drag = this.drag;
    const m = drag?.moved ? v.models.find((x) => x.id === drag.id) : undefined;
    if (!drag || !m?.pos) {
      this.ruler = null;
      return;
    }
    const mv = v.moves.find((x) => x.id === m.id);
    const origin = mv ? { xMm: mv.fromXMm, yMm: mv.fromYMm } : m.pos;
    const path = [origin, ...drag.waypoints, { xMm: drag.xMm, yMm: drag.yMm }];
    let lengthMm = 0;
    for (let i = 1; i < path.length; i++) lengthMm += Math.hypot((path[i]?.xMm ?? 0) - (path[i - 1]?.xMm ?? 0), (path[i]?.yMm ?? 0) - (path[i - 1]?.yMm ?? 0));
    const steps = lengthMm / v.stepMm;
    const allowedSteps = mv?.allowedSteps ?? m.speedSteps;
    const play = v.phase === 'play';
    const state: RulerState['state'] = !play ? 'free' : !m.mayMove || m.player !== v.active || m.destroyed ? 'blocked' : steps <= allowedSteps + 1e-9 ? 'within' : 'over';
    this.ruler = { modelId: m.id, steps, allowedSteps, state, waypoints: drag.waypoints.length };
    const ctx = this.ctx;
    const colour = RULER_COLOUR[state];
    ctx.save();
    ctx.strokeStyle = colour;
    ctx.lineWidth = 3;
    ctx.beginPath();
    path.forEach((p, i) => (i === 0 ? ctx.moveTo(p.xMm * s, p.yMm * s) : ctx.lineTo(p.xMm * s, p.yMm * s)));
    ctx.stroke();
    ctx.fillStyle = colour;
    for (const p of drag.waypoints) {
      ctx.beginPath();
      ctx.arc(p.xMm * s, p.yMm * s, 5, 0, Math.PI * 2);
      ctx.fill();
    }
    const unit = unitNoun(v.stepMm);
    const label = play ? `${num(steps, 1)} / ${count(allowedSteps, unit, 1)} · ${t(state === 'free' ? 'within' : state)}` : count(steps, unit, 1);
    this.labels.push(label);
    ctx.font = 'bold 13px system-ui';
    const w = ctx.measureText(label).width + 10;
    const lx = drag.xMm * s + 18;
    const ly = drag.yMm * s - 18;
    ctx.fillStyle = 'rgba(0,0,0,0.8)';
    ctx.fillRect(lx, ly - 14, w, 19);
    ctx.fillStyle = colour;
    ctx.fillText(label, lx + 5, ly);
    ctx.restore();
  }

  private drawTargetLine(v: GameView, s: number, pos: Map<string, { xMm: number; yMm: number }>, part: 'line' | 'label', taken: LabelBox[] = []): void {
    const a = v.selection.shooterId ? pos.get(v.selection.shooterId) : undefined;
    const b = v.selection.targetId ? pos.get(v.selection.targetId) : undefined;
    const pair = v.pairs.find((p) => p.targetId === v.selection.targetId);
    if (!a || !b || !pair) return;
    const ctx = this.ctx;
    ctx.save();
    if (part === 'line') {
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 1.5;
      ctx.setLineDash(pair.lineOfSight === 'unknown' ? [4, 4] : pair.lineOfSight === 'blocked' ? [2, 5] : []);
      ctx.beginPath();
      ctx.moveTo(a.xMm * s, a.yMm * s);
      ctx.lineTo(b.xMm * s, b.yMm * s);
      ctx.stroke();
      ctx.restore();
      return;
    }
    // The same distance the odds use (the pair's), in the system's unit.
    const label = `${distanceText(v, pair)}${pair.band ? ` · ${term('band', pair.band)}` : ''}`;
    this.labels.push(label);
    ctx.font = 'bold 13px system-ui';
    const w = ctx.measureText(label).width + 10;
    const hgt = 18;
    // Along the line, the first place whose box covers no model (the middle first).
    const discs = v.models.flatMap((m) => {
      const p = pos.get(m.id);
      return p ? [{ x: p.xMm * s, y: p.yMm * s, r: Math.max((m.baseMm / 2) * s, 5) + 16 }] : [];
    });
    const clear = (cx: number, cy: number): boolean =>
      discs.every((d) => {
        const nx = Math.max(cx - w / 2, Math.min(d.x, cx + w / 2));
        const ny = Math.max(cy - hgt / 2, Math.min(d.y, cy + hgt / 2));
        return Math.hypot(nx - d.x, ny - d.y) > d.r;
      });
    const dx = (b.xMm - a.xMm) * s;
    const dy = (b.yMm - a.yMm) * s;
    const len = Math.hypot(dx, dy) || 1;
    let at = { x: (a.xMm * s + b.xMm * s) / 2, y: (a.yMm * s + b.yMm * s) / 2 - hgt };
    search: for (const off of [0, 24, -24, 44, -44]) {
      for (const f of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
        const cx = a.xMm * s + dx * f + (-dy / len) * off;
        const cy = a.yMm * s + dy * f + (dx / len) * off;
        if (clear(cx, cy)) {
          at = { x: cx, y: cy };
          break search;
        }
      }
    }
    // Canvas px (the drawing is translated to the table's corner), as tests measure models by toScreen.
    this.targetLabelAt = { x: at.x + this.fit.ox, y: at.y + this.fit.oy, w, h: hgt };
    this.labelBoxes.push({ text: label, ...this.targetLabelAt });
    taken.push({ x: at.x, y: at.y, w, h: hgt });
    ctx.fillStyle = 'rgba(0,0,0,0.75)';
    ctx.fillRect(at.x - w / 2, at.y - hgt / 2, w, hgt);
    ctx.fillStyle = '#fff';
    ctx.textAlign = 'center';
    ctx.fillText(label, at.x, at.y + 5);
    ctx.restore();
  }

  private drawModel(v: GameView, m: ModelView, s: number, at: { xMm: number; yMm: number } | undefined): void {
    if (!at) return;
    const ctx = this.ctx;
    const colour = v.players.find((p) => p.id === m.player)?.colour ?? '#888888';
    const x = at.xMm * s;
    const y = at.yMm * s;
    const r = Math.max((m.baseMm / 2) * s, 5);
    const pair = v.pairs.find((p) => p.targetId === m.id);
    const weaponId = v.selection.weaponId;
    ctx.save();
    if (pair && !m.destroyed) {
      // Enemy halo: green in range of the chosen weapon, grey beyond, orange in contact.
      const inRange = weaponId ? pair.inRange[weaponId] : Object.values(pair.inRange).some(Boolean);
      ctx.strokeStyle = pair.closeCombat ? '#ff8c1a' : inRange ? '#3fbf6f' : '#6b7682';
      ctx.lineWidth = 4;
      ctx.setLineDash(pair.lineOfSight === 'unknown' ? [] : pair.lineOfSight === 'blocked' ? [2, 4] : []);
      ctx.beginPath();
      ctx.arc(x, y, r + 5, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.globalAlpha = m.destroyed ? 0.35 : 1;
    ctx.fillStyle = colour;
    ctx.beginPath();
    if (m.fallen || m.seenFallen) ctx.ellipse(x, y, r * 1.3, r * 0.6, Math.PI / 5, 0, Math.PI * 2);
    else ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    const selected = v.selection.shooterId === m.id;
    const targeted = v.selection.targetId === m.id;
    const shotTarget = v.shot?.attribution.targetId === m.id;
    ctx.lineWidth = selected || targeted || shotTarget ? 3 : 1.5;
    ctx.strokeStyle = shotTarget ? '#ff3b30' : selected ? '#f5b942' : targeted ? '#ffffff' : 'rgba(0,0,0,0.6)';
    ctx.stroke();
    if (m.destroyed) {
      ctx.strokeStyle = '#000';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(x - r, y - r);
      ctx.lineTo(x + r, y + r);
      ctx.moveTo(x + r, y - r);
      ctx.lineTo(x - r, y + r);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    // Damage pips: one box per point of stamina, filled when taken.
    const pip = 6;
    const total = Math.min(m.stamina, 10);
    for (let i = 0; i < total; i++) {
      ctx.fillStyle = i < m.damage ? '#e5484d' : 'rgba(255,255,255,0.25)';
      ctx.fillRect(x - (total * (pip + 2)) / 2 + i * (pip + 2), y - r - 12, pip, pip);
    }
    // The name is drawn with the other labels (drawLabels), placed off its neighbours.
    ctx.font = '12px system-ui';
    ctx.textAlign = 'center';
    if (m.nextTurn !== 'normal' && !m.destroyed) {
      ctx.fillStyle = '#ffcc00';
      ctx.fillText(m.nextTurn === 'skip' ? 'П' : m.nextTurn === 'no-move' ? 'Н' : '!', x, y + 4);
    }
    ctx.restore();
  }
}

/** A faint grid every 5 steps (scale without hiding the camera image) and the table's edge. */
function drawGrid(ctx: CanvasRenderingContext2D, v: GameView, s: number): void {
  ctx.strokeStyle = 'rgba(255,255,255,0.06)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  const grid = v.stepMm * 5;
  for (let x = grid; x < v.table.widthMm; x += grid) {
    ctx.moveTo(x * s, 0);
    ctx.lineTo(x * s, v.table.depthMm * s);
  }
  for (let y = grid; y < v.table.depthMm; y += grid) {
    ctx.moveTo(0, y * s);
    ctx.lineTo(v.table.widthMm * s, y * s);
  }
  ctx.stroke();
  ctx.strokeStyle = '#5a7564';
  ctx.lineWidth = 2;
  ctx.strokeRect(0, 0, v.table.widthMm * s, v.table.depthMm * s);
}
