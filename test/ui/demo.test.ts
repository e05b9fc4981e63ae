import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, ROOT, serve, stop, type Served } from './harness.js';
import { walk } from './words-check.js';

/** With no hub and no camera the first screen offers the demo; it plays live and waits for the player's die. */
let browser: Browser;
let server: Served;

describe('the demo game in the browser', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    server = await serve(['--data', mkdtempSync(join(tmpdir(), 'shagomer-ui-demo-'))]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server.proc);
  });

  it('is offered, plays camera frames and hub readings, asks for the critical die, and ends with its summary', { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(server.refereeUrl);
    await page.getByTestId('play-demo').click();
    await page.getByTestId('turn').waitFor({ timeout: 30_000 });
    // The walker is hit (V2) and falls (V2T): the shot waits for the player's critical die.
    await page.getByTestId('die-prompt').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('shot-panel').textContent()).toContain('попадание V2');
    await page.getByTestId('die-2').click();
    await page.getByTestId('last-result').waitFor();
    expect(await page.getByTestId('last-result').textContent()).toMatch(/Повреждения 2.*как обычно/);
    // Positions came from the recorded camera frames: the tank stands where its tag was seen.
    const a1 = await page.evaluate(() => window.__shagomer?.view()?.models.find((m) => m.id === 'A1')?.pos ?? null);
    expect(a1?.xMm).toBeCloseTo(495, -1);
    await page.screenshot({ path: join(ROOT, 'docs', 'demo.png') });
    // The player plays the demo's other two shots: end the turn, score what the hub and camera saw.
    for (const turn of [2, 3]) {
      await page.getByTestId('end-turn').click();
      await page.waitForFunction((n) => window.__shagomer?.view()?.turn === n, turn);
      await page.getByTestId('shot-panel').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1500); // the camera frame of a fall follows the hub's readings
      // The panel is rebuilt with each reading: press again if a press landed on the old one.
      for (let i = 0; i < 10 && (await page.getByTestId('shot-panel').count()) > 0; i++) {
        const button = (await page.getByTestId('die-prompt').isVisible()) ? page.getByTestId('virtual-die') : page.getByTestId('commit');
        await button.click({ timeout: 3000 }).catch(() => undefined);
        await page.waitForTimeout(400);
      }
      expect(await page.getByTestId('shot-panel').count()).toBe(0);
    }
    // The script over, the game ends with its summary and the simulated hub is gone from the header.
    await page.getByTestId('ended').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('summary').textContent()).toContain('Итоги игры');
    await page.waitForFunction(() => document.querySelector('[data-testid=link-status]')?.textContent === 'Датчики: —');
    await walk(page, 'demo-summary');
    await page.close();
  });
});
