/**
 * The third renderer family (test/webgl/README.md): club tables from scene.ts rasterised by
 * three.js in Chromium (page-scene.js), then through a real lens, sensor noise and JPEG here.
 * Writes the held-out frames' layout (test/blender/heldout.py's), so the bench scores them:
 *
 *   npx tsc -p test/webgl/tsconfig.json
 *   node test/webgl/.build/test/webgl/render.js OUT [--seed S] [--tables N] [--frames F]
 *   node dist/bench/vision-learned.js OUT
 *
 * Per table: tK-empty.jpg and tK-fJ.jpg, each with .truth.json (models' truth points and
 * traits), .table.json (anchors, tags' heights) and .camera.json (the lens). Seeded; nothing
 * it writes is trained on.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { z } from 'zod';
import { distortNormalized, undistortNormalizedInto } from '../../src/vision/camera-model.js';
import { frameModels, rng, tableProfile, tableScene, type FrameScene, type ModelSpec, type TableScene } from './scene.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
/** The source tree's test/webgl (this file runs from test/webgl/.build/test/webgl or from the source). */
const SOURCE = HERE.includes('/.build/') ? join(HERE, '../../..') : HERE;
const ROOT = join(SOURCE, '../..');
/** The pinhole render's size over the frame's: room for a barrel lens's corners. */
const SCALE = 1.25;

export const RenderArgs = z.object({
  out: z.string().min(1),
  seed: z.number().int().min(0).max(1e6),
  tables: z.number().int().min(1).max(200),
  frames: z.number().int().min(1).max(10),
});
export type RenderArgs = z.infer<typeof RenderArgs>;

export function parseRenderArgs(argv: readonly string[]): { ok: true; value: RenderArgs } | { ok: false; problem: string } {
  const usage = 'usage: render.js OUT [--seed 0-1000000] [--tables 1-200] [--frames 1-10]';
  const raw: Record<string, unknown> = { seed: 1, tables: 4, frames: 3 };
  const rest = [...argv];
  while (rest.length > 0) {
    const a = rest.shift() as string;
    if (a.startsWith('--')) {
      const key = a.slice(2);
      const v = rest.shift();
      if (!['seed', 'tables', 'frames'].includes(key) || v === undefined) return { ok: false, problem: `${a}: unknown flag or missing value (${usage})` };
      raw[key] = Number(v);
    } else if (raw['out'] === undefined) raw['out'] = a;
    else return { ok: false, problem: `${a}: one output directory only (${usage})` };
  }
  const r = RenderArgs.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || 'arguments'}: ${issue?.message ?? 'invalid'} (${usage})` };
  }
  return { ok: true, value: r.data };
}

/** The camera file of a scene: the frame's intrinsics (principal point at the middle) and its lens. */
export function cameraFile(t: TableScene): { image_size: [number, number]; camera_matrix: number[][]; dist_coeffs: number[] } {
  const { widthPx: w, heightPx: h, fy, dist } = t.camera;
  return { image_size: [w, h], camera_matrix: [[fy, 0, w / 2 - 0.5], [0, fy, h / 2 - 0.5], [0, 0, 1]], dist_coeffs: [...dist] };
}

/**
 * The frame through the lens: each output pixel's ray (undistorted) read from the larger pinhole
 * render by bilinear interpolation, then sensor noise. RGB out.
 */
export function throughLens(src: Buffer, sw: number, sh: number, channels: number, t: TableScene, noiseSeed: number): Buffer {
  const { widthPx: w, heightPx: h, fy, dist } = t.camera;
  const out = Buffer.alloc(w * h * 3);
  const n = new Float64Array(2);
  const r = rng(noiseSeed);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const sigma = t.render.noiseSigma;
  for (let v = 0; v < h; v++) {
    for (let u = 0; u < w; u++) {
      undistortNormalizedInto((u - (w / 2 - 0.5)) / fy, (v - (h / 2 - 0.5)) / fy, dist, n);
      const x = fy * (n[0] as number) + (sw / 2 - 0.5);
      const y = fy * (n[1] as number) + (sh / 2 - 0.5);
      const x0 = Math.max(0, Math.min(sw - 2, Math.floor(x)));
      const y0 = Math.max(0, Math.min(sh - 2, Math.floor(y)));
      const ax = Math.max(0, Math.min(1, x - x0));
      const ay = Math.max(0, Math.min(1, y - y0));
      const p = (y0 * sw + x0) * channels;
      const q = p + sw * channels;
      for (let c = 0; c < 3; c++) {
        const val = (1 - ay) * ((1 - ax) * (src[p + c] as number) + ax * (src[p + channels + c] as number)) + ay * ((1 - ax) * (src[q + c] as number) + ax * (src[q + channels + c] as number));
        out[(v * w + u) * 3 + c] = Math.max(0, Math.min(255, Math.round(val + sigma * gauss())));
      }
    }
  }
  return out;
}

/** Whether every frame pixel's ray lies inside the pinhole render (SCALE times the frame), the lens inverted exactly at the corners. */
export function lensFits(t: TableScene): boolean {
  const { widthPx: w, heightPx: h, fy, dist } = t.camera;
  const n = new Float64Array(2);
  const xc = w / 2 / fy;
  const yc = h / 2 / fy;
  undistortNormalizedInto(xc, yc, dist, n);
  const [xd, yd] = distortNormalized(n[0] as number, n[1] as number, dist);
  return Math.hypot(xd - xc, yd - yc) < 1e-9 && Math.abs(fy * (n[0] as number)) < (SCALE * w) / 2 - 2 && Math.abs(fy * (n[1] as number)) < (SCALE * h) / 2 - 2;
}

interface Rendered { png: string }

async function openPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking', '--no-first-run'] });
  const page = await browser.newPage();
  const files: Record<string, string> = {
    '/three.module.js': join(ROOT, 'node_modules/three/build/three.module.js'),
    '/three.core.js': join(ROOT, 'node_modules/three/build/three.core.js'),
    '/page-scene.js': join(SOURCE, 'page-scene.js'),
  };
  await page.route('http://webgl.local/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = files[path];
    if (file) return route.fulfill({ body: readFileSync(file), contentType: 'text/javascript' });
    return route.fulfill({ body: '<!doctype html><html><body></body></html>', contentType: 'text/html' });
  });
  await page.goto('http://webgl.local/index.html');
  // The page's entry: a module script (so no import is in code the test runner's transform touches).
  await page.addScriptTag({ type: 'module', content: "import * as THREE from 'http://webgl.local/three.module.js'; import { renderFrame } from 'http://webgl.local/page-scene.js'; window.renderWebglFrame = (f, d, s) => renderFrame(THREE, f, d, s);" });
  await page.waitForFunction(() => 'renderWebglFrame' in window);
  return { page, close: () => browser.close() };
}

async function renderInPage(page: Page, frame: FrameScene, dict: readonly string[]): Promise<Rendered> {
  return page.evaluate(([f, d, s]) => (window as unknown as { renderWebglFrame: (f: unknown, d: unknown, s: number) => Promise<Rendered> }).renderWebglFrame(f, d, s), [frame, dict, SCALE] as const);
}

function truthFile(t: TableScene, models: readonly ModelSpec[], background: string): unknown {
  return {
    camera_position_mm: t.camera.at,
    background,
    mat: t.mat.kind,
    lights: t.lights.map((l) => l.kind),
    window_light: t.lights.some((l) => l.kind === 'window'),
    renderer: 'three.js WebGL (SwiftShader) in Chromium',
    models: models.map((m) => ({
      x_mm: Math.round(m.x * 100) / 100,
      y_mm: Math.round(m.y * 100) / 100,
      fallen: m.fallen,
      kind: m.kind,
      base_mm: m.base.mm,
      height_mm: m.heightMm,
      tag: m.tag?.id ?? null,
      traits: m.traits,
    })),
  };
}

export async function renderTables(a: RenderArgs, log: (line: string) => void = console.log): Promise<void> {
  await mkdir(a.out, { recursive: true });
  const dict = (JSON.parse(readFileSync(join(ROOT, 'test/synthetic/dict-4x4-50.json'), 'utf8')) as { markers: string[] }).markers;
  const { page, close } = await openPage();
  try {
    for (let k = 0; k < a.tables; k++) {
      const t = tableScene(a.seed * 1000 + k);
      if (!lensFits(t)) t.camera.dist = [0, 0, 0, 0, 0];
      const frames: { name: string; models: ModelSpec[]; exposure: number; lightScale: number }[] = [{ name: `t${k}-empty`, models: [], exposure: t.render.exposure, lightScale: 1 }];
      const jr = rng(t.seed + 99);
      for (let j = 0; j < a.frames; j++) frames.push({ name: `t${k}-f${j}`, models: frameModels(t, j), exposure: t.render.exposure * (0.92 + 0.16 * jr()), lightScale: 0.94 + 0.12 * jr() });
      for (const [fi, f] of frames.entries()) {
        const t0 = Date.now();
        const r = await renderInPage(page, { table: t, models: f.models, exposure: f.exposure, lightScale: f.lightScale }, dict);
        const png = Buffer.from(r.png.slice(r.png.indexOf(',') + 1), 'base64');
        const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
        const rgb = throughLens(data, info.width, info.height, info.channels, t, t.seed * 16 + fi);
        await sharp(rgb, { raw: { width: t.camera.widthPx, height: t.camera.heightPx, channels: 3 } }).jpeg({ quality: t.render.jpegQuality }).toFile(join(a.out, `${f.name}.jpg`));
        await writeFile(join(a.out, `${f.name}.table.json`), JSON.stringify(tableProfile(t, f.models), null, 1));
        await writeFile(join(a.out, `${f.name}.camera.json`), JSON.stringify(cameraFile(t), null, 1));
        if (f.models.length > 0) await writeFile(join(a.out, `${f.name}.truth.json`), JSON.stringify(truthFile(t, f.models, `t${k}-empty.jpg`), null, 1));
        log(`${f.name}: ${f.models.length} models, ${t.camera.widthPx}x${t.camera.heightPx}, ${t.mat.kind} mat, ${t.lights.map((l) => l.kind).join('+')}, ${Date.now() - t0} ms`);
      }
    }
  } finally {
    await close();
  }
}

if (process.argv[1]?.endsWith('render.js')) {
  const a = parseRenderArgs(process.argv.slice(2));
  if (!a.ok) {
    console.error(a.problem);
    process.exit(2);
  }
  await renderTables(a.value);
}
