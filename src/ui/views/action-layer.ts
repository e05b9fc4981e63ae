import type { GameView } from '../../app/api/view.js';

/**
 * The table action being prepared, on the table overlay: the point of aim with its radius (a
 * blast's zone), and a ring round every model the action involves (picked, or found inside the
 * radius). Drawn under the models; nothing here is text.
 */
export function drawActionLayer(ctx: CanvasRenderingContext2D, v: GameView, s: number): void {
  const d = v.draft;
  if (!d || d.actorId !== v.selection.shooterId) return;
  ctx.save();
  if (d.aim) {
    const x = d.aim.x_mm * s;
    const y = d.aim.y_mm * s;
    if (d.radiusMm !== null && d.radiusMm > 0) {
      ctx.beginPath();
      ctx.arc(x, y, d.radiusMm * s, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(255,120,40,0.18)';
      ctx.fill();
      ctx.strokeStyle = '#ff7828';
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 4]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.strokeStyle = '#ff7828';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x - 7, y);
    ctx.lineTo(x + 7, y);
    ctx.moveTo(x, y - 7);
    ctx.lineTo(x, y + 7);
    ctx.stroke();
  }
  const ringed = new Set([...d.targetIds, ...d.involved]);
  ctx.strokeStyle = '#ffb000';
  ctx.lineWidth = 3;
  for (const m of v.models) {
    if (!m.pos || !ringed.has(m.id) || m.id === d.actorId) continue;
    ctx.beginPath();
    ctx.arc(m.pos.xMm * s, m.pos.yMm * s, Math.max(4, (m.baseMm / 2) * s + 4), 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}
