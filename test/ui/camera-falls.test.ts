import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, ROOT, serve, stop, type Served, refereeInit } from './harness.js';
import { y4mFromImages } from './y4m.js';

/**
 * A fall the camera sees (issue 9): Chromium's fake camera plays the demo table standing, then
 * with the walker (tag 20) knocked over; the vision worker runs the learned detector
 * (onnxruntime-web and the ONNX model served under /vendor/) and the page sends the fall as a
 * camera position, which the session records as a fall seen by the camera.
 */
const FRAMES = join(ROOT, 'demo', 'frames');

let browser: Browser;
let server: Served;
let page: Page;

describe('camera falls in the renderer', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-ui-falls-'));
    const y4m = join(dir, 'table.y4m');
    // 4 s standing, 4 s fallen, looped.
    await y4mFromImages([{ path: join(FRAMES, 'f0-start.jpg'), frames: 8 }, { path: join(FRAMES, 'f2-walker-fell.jpg'), frames: 8 }], y4m, 2);
    server = await serve(['--data', join(dir, 'data'), '--table', join(FRAMES, 'table.json'), '--camera', join(FRAMES, 'camera.json')]);
    browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`]);
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server.proc);
  });

  it('the worker runs the learned detector (served under /vendor/) on the live camera', { timeout: 150_000 }, async () => {
    for (const f of ['ort/ort.wasm.min.js', 'ort/ort-wasm-simd-threaded.wasm', 'miniature-detector.onnx']) {
      expect((await fetch(`${server.url}vendor/${f}`)).status, f).toBe(200);
    }
    expect((await fetch(`${server.url}vendor/ort/secret.txt`)).status).toBe(404);
    const post = async (intent: unknown): Promise<void> => {
      const r = (await (await fetch(`${server.url}api/intent`, refereeInit(server.token, intent))).json()) as { ok: boolean; problem?: string };
      expect(r, JSON.stringify(intent)).toEqual({ ok: true });
    };
    await post({ type: 'new-game', ruleset: 'vtorzhenie', title: 'падение', players: [{ id: 'A', name: 'Синие', colour: '#2563eb' }, { id: 'B', name: 'Красные', colour: '#dc2626' }] });
    const model = (player: string, name: string, tag: number, baseMm: number) => ({ type: 'add-model', model: { player, name, kind: 'infantry', armour: 2, stamina: 1, speedSteps: 4, baseMm, heightMm: 40, weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 16, power: 2 }], tag, hitNode: null, tiltNode: null, launcherNode: null } });
    await post(model('A', 'Танк', 10, 80));
    await post(model('A', 'Снайпер', 11, 32));
    await post(model('B', 'Шагоход', 20, 60));
    await post(model('B', 'Некрокиборг', 21, 40));
    await post({ type: 'finish-setup', firstPlayer: 'A' });

    page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();
    await page.getByTestId('camera').click();
    // Standing first: the walker's tag puts it at (1470, 450) mm.
    await page.waitForFunction(() => {
      const m = window.__shagomer?.view()?.models.find((x) => x.id === 'B1');
      return m?.pos !== null && m?.pos !== undefined && Math.hypot(m.pos.xMm - 1470, m.pos.yMm - 450) < 5;
    }, undefined, { timeout: 60_000 });
    // The worker runs the learned detector: its count of models shows in the camera status.
    await page.waitForFunction(() => /на столе фигур: [1-9]\d*, лежат: \d+/.test(document.querySelector('[data-testid="camera-status"]')?.textContent ?? ''), undefined, { timeout: 30_000 });
  });

  // The target, met since the second model (models/miniature-detector.md).
  it('the walker seen lying down is recorded as fallen near where it stood', { timeout: 60_000 }, async () => {
    await page.waitForFunction(() => window.__shagomer?.view()?.models.find((x) => x.id === 'B1')?.seenFallen === true, undefined, { timeout: 30_000 });
    const pos = await page.evaluate(() => window.__shagomer?.view()?.models.find((m) => m.id === 'B1')?.pos ?? null);
    expect(Math.hypot((pos?.xMm ?? 0) - 1470, (pos?.yMm ?? 0) - 450)).toBeLessThan(120);
  });
});
