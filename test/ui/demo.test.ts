import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, ROOT, serve, stop, type Served } from './harness.js';

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

  it('is offered, plays camera frames and hub readings, and asks for the critical die', { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(server.url);
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
    await page.close();
  });
});
