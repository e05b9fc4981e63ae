/** Y4M streams (4:2:0) from still images: what Chromium's --use-file-for-fake-video-capture plays in a loop. */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

async function yuv(path: string): Promise<{ w: number; h: number; planes: Buffer }> {
  const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const y = Buffer.alloc(w * h);
  const u = Buffer.alloc((w / 2) * (h / 2));
  const v = Buffer.alloc((w / 2) * (h / 2));
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const k = (j * w + i) * 3;
      const r = data[k] as number;
      const g = data[k + 1] as number;
      const b = data[k + 2] as number;
      y[j * w + i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (j % 2 === 0 && i % 2 === 0) {
        const c = (j / 2) * (w / 2) + i / 2;
        u[c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        v[c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
  }
  return { w, h, planes: Buffer.concat([y, u, v]) };
}

/** Each image shown for `frames` frames at `fps`, in order; all images of one size. */
export async function y4mFromImages(shots: readonly { path: string; frames: number }[], out: string, fps = 10): Promise<void> {
  const parts: Buffer[] = [];
  let size: [number, number] | null = null;
  for (const s of shots) {
    const f = await yuv(s.path);
    size ??= [f.w, f.h];
    if (size[0] !== f.w || size[1] !== f.h) throw new Error(`${s.path}: ${f.w}x${f.h}, the stream is ${size[0]}x${size[1]}`);
    for (let i = 0; i < s.frames; i++) parts.push(Buffer.from('FRAME\n'), f.planes);
  }
  if (!size) throw new Error('no images');
  writeFileSync(out, Buffer.concat([Buffer.from(`YUV4MPEG2 W${size[0]} H${size[1]} F${fps}:1 Ip A1:1 C420jpeg\n`), ...parts]));
}

export async function y4mFromImage(path: string, out: string): Promise<void> {
  await y4mFromImages([{ path, frames: 1 }], out);
}
