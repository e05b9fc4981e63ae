import { encode } from 'uqr';

/** A QR code of `text` drawn on a canvas, `px` CSS pixels wide (quiet zone included). */
export function qrCanvas(text: string, px = 220): HTMLCanvasElement {
  const qr = encode(text, { ecc: 'M', border: 2 });
  const scale = Math.max(1, Math.floor((px * (window.devicePixelRatio || 1)) / qr.size));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = qr.size * scale;
  canvas.style.width = canvas.style.height = `${px}px`;
  canvas.style.imageRendering = 'pixelated';
  canvas.dataset.qr = text;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  qr.data.forEach((row, y) => row.forEach((dark, x) => dark && ctx.fillRect(x * scale, y * scale, scale, scale)));
  return canvas;
}
