import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultVendorSources } from '../../src/app/server/vendor-files.js';
import { vendorReply } from '../../electron/vendor-protocol.js';
import { launchChromium, refereeInit, ROOT, serve, stop, type Served } from './harness.js';
import { y4mFromImage } from './y4m.js';

/**
 * The learned detector's worker in Chromium (issue 9): loaded from another origin through the
 * Electron window's vendor handler (electron/vendor-protocol.ts: the window is a file:// page,
 * its workers load shagomer://app/vendor/…, cross-origin), and a missing or damaged model file:
 * one line on screen in the player's language, the camera goes on with tags, nothing crashes.
 */
const FRAMES = join(ROOT, 'demo', 'frames');
const ASSETS = join(ROOT, 'dist', 'ui', 'assets');

let browser: Browser;
let server: Served;
let vendor: Server;
let vendorUrl: string;

async function game(): Promise<void> {
  const post = async (intent: unknown): Promise<void> => {
    const r = (await (await fetch(`${server.url}api/intent`, refereeInit(server.token, intent))).json()) as { ok: boolean; problem?: string };
    expect(r, JSON.stringify(intent)).toEqual({ ok: true });
  };
  await post({ type: 'new-game', ruleset: 'vtorzhenie', title: 'детектор', players: [{ id: 'A', name: 'Синие', colour: '#2563eb' }, { id: 'B', name: 'Красные', colour: '#dc2626' }] });
  const model = (player: string, name: string, tag: number) => ({ type: 'add-model', model: { player, name, kind: 'infantry', armour: 2, stamina: 1, speedSteps: 4, baseMm: 60, heightMm: 40, weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 16, power: 2 }], tag, hitNode: null, tiltNode: null, launcherNode: null } });
  await post(model('A', 'Танк', 10));
  await post(model('B', 'Шагоход', 20));
  await post({ type: 'finish-setup', firstPlayer: 'A' });
}

/** A page whose model request is answered by `model` (null: as served), in `lang`. */
async function cameraPage(model: { status: number; body: string } | null, lang: 'ru' | 'en'): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 800 } });
  await context.addInitScript((l) => localStorage.setItem('shagomer.lang', l), lang);
  if (model) await context.route('**/vendor/miniature-detector.onnx', (r) => r.fulfill({ status: model.status, body: model.body, contentType: 'application/octet-stream' }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.refereeUrl);
  await page.getByTestId('turn').waitFor();
  await page.getByTestId('camera').click();
  return { page, errors };
}

describe('the learned detector worker in Chromium', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-ui-detector-'));
    const y4m = join(dir, 'table.y4m');
    await y4mFromImage(join(FRAMES, 'f0-start.jpg'), y4m);
    server = await serve(['--data', join(dir, 'data'), '--table', join(FRAMES, 'table.json'), '--camera', join(FRAMES, 'camera.json')]);
    // The Electron scheme's handler behind plain HTTP on another port: another origin, as
    // shagomer://app is to the window's file:// page.
    const src = defaultVendorSources();
    vendor = createServer((req, res) => {
      void vendorReply(req.method ?? 'GET', `shagomer://app${req.url ?? '/'}`, src).then((r) => {
        res.writeHead(r.status, r.headers);
        res.end(r.body);
      });
    });
    await new Promise<void>((ok) => vendor.listen(0, '127.0.0.1', ok));
    const address = vendor.address();
    vendorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/vendor/`;
    await game();
    browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`]);
  });

  afterAll(async () => {
    await browser?.close();
    vendor?.close();
    if (server) await stop(server.proc);
  });

  it('loads onnxruntime-web and the model cross-origin through the Electron vendor handler, and detects', { timeout: 120_000 }, async () => {
    const asset = (prefix: string): string => {
      const f = readdirSync(ASSETS).find((n) => n.startsWith(prefix) && n.endsWith('.js'));
      if (!f) throw new Error(`no ${prefix} in dist/ui/assets`);
      return `./assets/${f}`;
    };
    const page = await browser.newPage();
    await page.goto(server.url);
    const r = await page.evaluate(
      async ({ vision, detector, vendorUrl, profile, camera }) => {
        const v = new Worker(vision);
        const d = new Worker(detector);
        const first = (w: Worker): Promise<{ type: string; [k: string]: unknown }> => new Promise((ok) => (w.onmessage = (e: MessageEvent<{ type: string }>) => ok(e.data)));
        const ready = first(d);
        d.postMessage({ type: 'load', vendorUrl });
        const visionReady = first(v);
        v.postMessage({ type: 'setup', openCvUrl: `${vendorUrl}opencv.js`, profile, camera });
        return { detector: await ready, vision: await visionReady };
      },
      { vision: asset('vision-worker'), detector: asset('detector-worker'), vendorUrl, profile: await (await fetch(`${server.url}api/camera-files`)).json().then((f: { profile: unknown }) => f.profile), camera: await (await fetch(`${server.url}api/camera-files`)).json().then((f: { camera: unknown }) => f.camera) },
    );
    expect(r.vision).toEqual({ type: 'ready' });
    expect(r.detector.type, JSON.stringify(r.detector)).toBe('detector-ready');
    expect((r.detector.load as { modelBytes: number }).modelBytes).toBeGreaterThan(1000);
    await page.close();
  });

  it('the live loop reads a tag the frame\'s search misses near a model the detector found, and binds it (t12-f2, tag 24)', { timeout: 180_000 }, async () => {
    const asset = (prefix: string): string => `./assets/${readdirSync(ASSETS).find((n) => n.startsWith(prefix) && n.endsWith('.js')) ?? prefix}`;
    const small = (name: string): string => join(ROOT, 'test', 'blender', 'fixtures', 'small-tags', name);
    const page = await browser.newPage();
    await page.route('**/fixture/t12-f2.jpg', async (r) => r.fulfill({ status: 200, body: readFileSync(small('t12-f2.jpg')), contentType: 'image/jpeg' }));
    await page.goto(server.url);
    const seen = await page.evaluate(
      async ({ vision, detector, vendorUrl, profile, camera }) => {
        const v = new Worker(vision);
        const d = new Worker(detector);
        type Msg = { type: string; tags?: { id: number }[]; objects?: { tag: number | null }[]; timing?: { sentToDetector: boolean } };
        const next = (w: Worker, type: string): Promise<Msg> =>
          new Promise((ok) => {
            const on = (e: MessageEvent<Msg>): void => {
              if (e.data.type !== type && e.data.type !== 'failed' && e.data.type !== 'detector-failed') return;
              w.removeEventListener('message', on);
              ok(e.data);
            };
            w.addEventListener('message', on);
          });
        const dReady = next(d, 'detector-ready');
        d.postMessage({ type: 'load', vendorUrl });
        const vReady = next(v, 'ready');
        v.postMessage({ type: 'setup', openCvUrl: `${vendorUrl}opencv.js`, profile, camera });
        await Promise.all([dReady, vReady]);
        const ch = new MessageChannel();
        d.postMessage({ type: 'port', port: ch.port1 }, [ch.port1]);
        v.postMessage({ type: 'detector-port', port: ch.port2 }, [ch.port2]);
        const bmp = await createImageBitmap(await (await fetch('/fixture/t12-f2.jpg')).blob());
        const canvas = new OffscreenCanvas(bmp.width, bmp.height);
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2d context');
        ctx.drawImage(bmp, 0, 0);
        const rgba = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
        const out: { located: number[]; detected: number[] | null }[] = [];
        for (let i = 0; i < 8; i++) {
          // Let the detector's 'free' (with where to look) reach the vision worker first.
          await new Promise((ok) => setTimeout(ok, 300));
          const located = next(v, 'located');
          v.postMessage({ type: 'frame', width: bmp.width, height: bmp.height, data: new Uint8ClampedArray(rgba) });
          const l = await located;
          const detected = l.timing?.sentToDetector ? await next(d, 'detected') : null;
          out.push({ located: (l.tags ?? []).map((t) => t.id), detected: detected ? (detected.objects ?? []).flatMap((o) => (o.tag === null ? [] : [o.tag])) : null });
        }
        v.terminate();
        d.terminate();
        return out;
      },
      { vision: asset('vision-worker'), detector: asset('detector-worker'), vendorUrl, profile: JSON.parse(readFileSync(small('t12-f2.table.json'), 'utf8')) as unknown, camera: JSON.parse(readFileSync(small('t12-f2.camera.json'), 'utf8')) as unknown },
    );
    // The first frame's search misses tag 24 (no quad) and the detector finds its model untagged;
    // the frames after it look near six such models each, in turn: one reads the tag near its
    // model, every frame after that reads it again, and the detector binds it.
    expect(seen[0]?.located).not.toContain(24);
    expect(seen[0]?.detected).not.toBeNull();
    const first = seen.findIndex((f) => f.located.includes(24));
    expect(first, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(first).toBeLessThan(5);
    for (const f of seen.slice(first)) expect(f.located).toContain(24);
    expect(seen.slice(first).some((f) => f.detected?.includes(24))).toBe(true);
    await page.close();
  });

  it('the live camera finds miniatures with the detector and reports its timing', { timeout: 120_000 }, async () => {
    const { page, errors } = await cameraPage(null, 'ru');
    await page.waitForFunction(() => (window.__shagomer?.cameraStats?.().detected ?? 0) >= 2, undefined, { timeout: 90_000 });
    const stats = await page.evaluate(() => window.__shagomer?.cameraStats?.());
    expect(stats?.load?.modelBytes).toBeGreaterThan(1000);
    expect(stats?.located).toBeGreaterThanOrEqual(stats?.detected ?? 0);
    expect(stats?.detectMs?.network).toBeGreaterThan(0);
    await page.waitForFunction(() => /на столе фигур: [1-9]/.test(document.querySelector('[data-testid="camera-status"]')?.textContent ?? ''), undefined, { timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a missing model: one line in Russian, and the tags still place the models', { timeout: 120_000 }, async () => {
    const { page, errors } = await cameraPage({ status: 404, body: '{"ok":false,"problem":"the detector model is not installed"}' }, 'ru');
    await page.getByTestId('toast').filter({ hasText: 'Камера: нет файла модели детектора — фигуры видны только по меткам' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => {
      const p = window.__shagomer?.view()?.models.find((m) => m.id === 'A1')?.pos;
      return p !== null && p !== undefined && Math.hypot(p.xMm - 300, p.yMm - 380) < 5;
    }, undefined, { timeout: 60_000 });
    // The next located frame says what the camera sees, without objects (tags only).
    await page.waitForFunction(() => /^Камера: \d+ мет(ка|ки|ок) · [\d,]+ пкс · \d+ мс$/.test(document.querySelector('[data-testid="camera-status"]')?.textContent ?? ''), undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => window.__shagomer?.cameraStats?.().detected)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a damaged model: one line in English, located frames go on', { timeout: 120_000 }, async () => {
    const { page, errors } = await cameraPage({ status: 200, body: 'this is not an ONNX network' }, 'en');
    await page.getByTestId('toast').filter({ hasText: 'Camera: the detector model file is damaged — models are seen by their tags only' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => (window.__shagomer?.cameraStats?.().located ?? 0) >= 3, undefined, { timeout: 60_000 });
    await page.waitForFunction(() => /^Camera: \d+ tags? · [\d.]+ px · \d+ ms$/.test(document.querySelector('[data-testid="camera-status"]')?.textContent ?? ''), undefined, { timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
