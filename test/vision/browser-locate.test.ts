/**
 * The same vision code in Chromium: the compiled dist/src/vision modules, opencv.js from its
 * <script>, a frame decoded by the browser from PNG, located, and compared with Node's
 * answer on the same pixels. Needs `npx tsc -p tsconfig.build.json` (npm test builds first).
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocator, type LocateReport } from '../../src/vision/locate.js';
import { defaultTableProfile } from '../../src/vision/table-profile.js';
import { decodeImage, encodePng, overheadCamera, randomScene, renderScene } from '../synthetic/index.js';
import { openCv } from './helpers.js';

const ROOT = join(import.meta.dirname, '../..');
const SERVED = ['/dist/src/vision/', '/node_modules/zod/', '/node_modules/@techstark/opencv-js/dist/'];
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.png': 'image/png' };

const PAGE = `<!doctype html><meta charset="utf-8">
<script src="/node_modules/@techstark/opencv-js/dist/opencv.js"></script>
<script type="module">
import { loadOpenCv, createLocator } from '/dist/src/vision/index.js';
try {
  const cv = await loadOpenCv(() => window.cv);
  const profile = await (await fetch('/profile.json')).json();
  const camera = await (await fetch('/camera.json')).json();
  const bitmap = await createImageBitmap(await (await fetch('/frame.png')).blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { colorSpace: 'srgb' });
  ctx.drawImage(bitmap, 0, 0);
  const frame = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  const locator = createLocator(cv, profile, camera);
  const r = locator.locate(frame);
  locator.delete();
  window.__result = r.ok ? r.value.report : r.error;
} catch (e) {
  window.__result = { error: String(e) };
}
</script>`;

/** The same work in a classic Web Worker: opencv.js by importScripts, our modules by import(). */
const WORKER = `
importScripts('/node_modules/@techstark/opencv-js/dist/opencv.js');
self.onmessage = async (e) => {
  try {
    const { loadOpenCv, createLocator } = await import('/dist/src/vision/index.js');
    const cv = await loadOpenCv(() => self.cv);
    const locator = createLocator(cv, e.data.profile, e.data.camera);
    const r = locator.locate(e.data.frame);
    locator.delete();
    self.postMessage(r.ok ? r.value.report : r.error);
  } catch (err) {
    self.postMessage({ error: String(err) });
  }
};`;

const WORKER_PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
const profile = await (await fetch('/profile.json')).json();
const camera = await (await fetch('/camera.json')).json();
const bitmap = await createImageBitmap(await (await fetch('/frame.png')).blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
ctx.drawImage(bitmap, 0, 0);
const frame = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
const worker = new Worker('/worker.js');
worker.onmessage = (e) => { window.__result = e.data; };
worker.postMessage({ profile, camera, frame });
</script>`;

describe('locate in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let base: string;
  const profile = defaultTableProfile();
  const camera = overheadCamera({ heightMm: 1600, offsetMm: [30, -20], widthPx: 1280, heightPx: 720 });
  let png: Buffer;
  let nodeReport: LocateReport;

  beforeAll(async () => {
    const bigTags = { ...profile, tags: { ...profile.tags, size_mm: 30 } };
    png = await encodePng(renderScene(randomScene(bigTags, { seed: 12, baseTags: 3, standing: 2, terrain: 1 }), camera, { blurSigmaPx: 0.5, noiseSigma: 2 }));
    const cv = await openCv();
    const decoded = await decodeImage(png);
    const locator = createLocator(cv, bigTags, camera.intrinsics);
    const r = locator.locate({ width: decoded.width, height: decoded.height, data: decoded.rgba });
    locator.delete();
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    nodeReport = r.value.report;
    const extra: Record<string, Buffer | string> = { '/': PAGE, '/worker.html': WORKER_PAGE, '/worker.js': WORKER, '/frame.png': png, '/profile.json': JSON.stringify(bigTags), '/camera.json': JSON.stringify(camera.intrinsics) };
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x').pathname;
      const fixed = extra[url];
      if (fixed !== undefined) {
        res.writeHead(200, { 'content-type': url === '/' || url.endsWith('.html') ? 'text/html' : url.endsWith('.png') ? 'image/png' : url.endsWith('.js') ? 'text/javascript' : 'application/json' });
        res.end(fixed);
        return;
      }
      const path = normalize(url);
      if (!SERVED.some((p) => path.startsWith(p))) {
        res.writeHead(404).end();
        return;
      }
      readFile(join(ROOT, path)).then(
        // Resolve the bare 'zod' as a bundler would (workers have no import maps).
        (body) => res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(path.startsWith('/dist/') ? body.toString('utf8').replaceAll("from 'zod'", "from '/node_modules/zod/index.js'") : body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it.each([
    ['a page', '/'],
    ['a Web Worker', '/worker.html'],
  ])('in %s gives the same report as Node on the same pixels', async (_where, path) => {
    const page = await browser.newPage();
    await page.goto(`${base}${path}`);
    await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result !== undefined, undefined, { timeout: 90_000 });
    const result = (await page.evaluate(() => (window as unknown as { __result: unknown }).__result)) as LocateReport;
    await page.close();
    expect(result.anchors_found).toEqual([0, 1, 2, 3]);
    expect(result.tags.map((t) => t.id)).toEqual(nodeReport.tags.map((t) => t.id));
    expect(result.tags.length).toBeGreaterThanOrEqual(3);
    for (const [i, t] of result.tags.entries()) {
      const n = nodeReport.tags[i] as LocateReport['tags'][number];
      expect(Math.hypot(t.x_mm - n.x_mm, t.y_mm - n.y_mm)).toBeLessThan(0.01);
    }
    expect(result.camera_position_mm[2]).toBeCloseTo(nodeReport.camera_position_mm[2], 2);
  }, 120_000);
});
