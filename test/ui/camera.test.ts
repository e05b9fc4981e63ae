import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, refereeInit, ROOT, serve, stop, type Served } from './harness.js';

/**
 * The camera path in the renderer: Chromium's fake camera plays a .y4m made from a frame of the
 * synthetic table (demo/frames); the vision worker finds the anchors and tags; the overlay draws
 * the image rectified under the models, and the tagged models take the positions vision reports.
 */
const FRAMES = join(ROOT, 'demo', 'frames');

/** One frame as a Y4M stream (4:2:0), what --use-file-for-fake-video-capture plays in a loop. */
async function y4mFromImage(path: string, out: string): Promise<void> {
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
  writeFileSync(out, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), y, u, v]));
}

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
