import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, refereeInit, ROOT, serve, stop, type Served } from './harness.js';
import { y4mFromImage } from './y4m.js';

/**
 * The camera path in the renderer: Chromium's fake camera plays a .y4m made from a frame of the
 * synthetic table (demo/frames); the vision worker finds the anchors and tags; the overlay draws
 * the image rectified under the models, and the tagged models take the positions vision reports.
 */
const FRAMES = join(ROOT, 'demo', 'frames');

let browser: Browser;
let server: Served;

describe('camera in the renderer', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-ui-camera-'));
    const y4m = join(dir, 'table.y4m');
    await y4mFromImage(join(FRAMES, 'f0-start.jpg'), y4m);
    server = await serve(['--data', join(dir, 'data'), '--table', join(FRAMES, 'table.json'), '--camera', join(FRAMES, 'camera.json')]);
    browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`]);
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server.proc);
  });

  it('locates the table and the tags in a worker and draws the image under the overlay', { timeout: 90_000 }, async () => {
    const post = async (intent: unknown): Promise<void> => {
      const r = (await (await fetch(`${server.url}api/intent`, refereeInit(server.token, intent))).json()) as { ok: boolean; problem?: string };
      expect(r, JSON.stringify(intent)).toEqual({ ok: true });
    };
    await post({ type: 'new-game', ruleset: 'vtorzhenie', title: 'камера', players: [{ id: 'A', name: 'Синие', colour: '#2563eb' }, { id: 'B', name: 'Красные', colour: '#dc2626' }] });
    const model = (player: string, name: string, tag: number, baseMm: number) => ({ type: 'add-model', model: { player, name, kind: 'infantry', armour: 2, stamina: 1, speedSteps: 4, baseMm, heightMm: 40, weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 16, power: 2 }], tag, hitNode: null, tiltNode: null, launcherNode: null } });
    await post(model('A', 'Танк', 10, 80));
    await post(model('A', 'Снайпер', 11, 32));
    await post(model('B', 'Шагоход', 20, 60));
    await post(model('B', 'Некрокиборг', 21, 40));
    await post({ type: 'finish-setup', firstPlayer: 'A' });

    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();
    await page.getByTestId('camera').click();
    // The tank's tag (id 10) stands at (300, 380) mm in the rendered scene.
    await page.waitForFunction(() => {
      const p = window.__shagomer?.view()?.models.find((m) => m.id === 'A1')?.pos;
      return p !== null && p !== undefined && Math.hypot(p.xMm - 300, p.yMm - 380) < 5;
    }, undefined, { timeout: 60_000 });
    const b1 = await page.evaluate(() => window.__shagomer?.view()?.models.find((m) => m.id === 'B1')?.pos ?? null);
    expect(Math.hypot((b1?.xMm ?? 0) - 1470, (b1?.yMm ?? 0) - 450)).toBeLessThan(5);
    expect(await page.getByTestId('camera-status').textContent()).toMatch(/\d+ мет(ок|ки|ка) · 0,\d\d пкс/);
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(ROOT, 'docs', 'camera-overlay.png') });
  });
});
