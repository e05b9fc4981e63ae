import type { TerrainPiece } from '../../app/api/terrain.js';
import { heightText } from './words.js';

/** The outline being drawn; it outlives the panel, which is rebuilt on every view. */
export const terrainDraft: { drawing: boolean; corners: [number, number][]; heightMm: number; size: TerrainPiece['size']; cover: string; movement: string } = {
  drawing: false,
  corners: [],
  heightMm: 100,
  size: 'medium',
  cover: 'heavy',
  movement: 'impassable',
};

/** Fill by cover class: heavier cover darker; ground that hides nothing is a faint wash. */
const FILL: Record<string, string> = { none: 'rgba(200,190,140,0.18)', light: 'rgba(120,150,90,0.45)', heavy: 'rgba(110,100,90,0.7)' };

/**
 * Terrain outlines on the table overlay, under the models: each polygon filled by its cover
 * class, outlined (dashed where it came from a tag the camera follows), its height written in
 * the middle. `labels` collects the texts drawn (the language test reads them).
 */
export function drawTerrain(ctx: CanvasRenderingContext2D, pieces: readonly TerrainPiece[], s: number, labels: string[], stepMm: number): void {
  ctx.save();
  ctx.font = '11px system-ui';
  ctx.textAlign = 'center';
  for (const p of pieces) {
    const [first, ...rest] = p.polygonMm;
    if (!first) continue;
    ctx.beginPath();
    ctx.moveTo(first[0] * s, first[1] * s);
    for (const [x, y] of rest) ctx.lineTo(x * s, y * s);
    ctx.closePath();
    ctx.fillStyle = FILL[p.cover] ?? 'rgba(140,140,160,0.4)';
    ctx.fill();
    ctx.strokeStyle = p.movement === 'impassable' ? '#e5484d' : '#d9c89a';
    ctx.lineWidth = 1.5;
    ctx.setLineDash(p.tag === null ? [] : [6, 3]);
    ctx.stroke();
    ctx.setLineDash([]);
    const cx = (p.polygonMm.reduce((a, [x]) => a + x, 0) / p.polygonMm.length) * s;
    const cy = (p.polygonMm.reduce((a, [, y]) => a + y, 0) / p.polygonMm.length) * s;
    const label = heightText(p.heightMm, stepMm);
    labels.push(label);
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillText(label, cx, cy + 4);
  }
  ctx.restore();
}

/** The outline being drawn: its corners so far and the edge to the pointer. */
export function drawDraft(ctx: CanvasRenderingContext2D, corners: readonly [number, number][], s: number): void {
  if (corners.length === 0) return;
  ctx.save();
  ctx.strokeStyle = '#f5b942';
  ctx.fillStyle = '#f5b942';
  ctx.lineWidth = 2;
  ctx.beginPath();
  corners.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x * s, y * s) : ctx.lineTo(x * s, y * s)));
  ctx.stroke();
  for (const [x, y] of corners) {
    ctx.beginPath();
    ctx.arc(x * s, y * s, 4, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}
