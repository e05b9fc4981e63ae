import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, launchChromium, ptyPair, ROOT, serve, stop, until, type Served } from './harness.js';

/**
 * The table app end to end, as a club uses it: set up a Вторжение game in Chromium, pick a
 * shooter and a target, see the band and exact odds; a simulated hub on a real pty (socat)
 * fires a launcher, hits and knocks over the target; the critical die is typed in; damage and
 * next-turn state appear; the server restarts and the game is still there.
 */
const DOCS = join(ROOT, 'docs');
const SCENARIO = join(import.meta.dirname, 'fixtures', 'hit-and-fall.json');

let browser: Browser;
let page: Page;
let server: Served;
let socat: ChildProcess;
let dir: string;
let ports: { host: string; device: string };

async function screenAt(p: Page, id: string): Promise<{ x: number; y: number }> {
  return p.evaluate((modelId) => {
    const s = window.__shagomer;
    const m = s?.view()?.models.find((x) => x.id === modelId);
    if (!s || !m?.pos) throw new Error(`no model ${modelId} on the table`);
    return s.table.toScreen(m.pos.xMm, m.pos.yMm);
  }, id);
}

async function addModel(p: Page, player: 'A' | 'B', preset: string, name: string, expectedRows: number): Promise<void> {
  await p.getByTestId('add-player').selectOption(player);
  await p.getByTestId('add-preset').selectOption(preset);
  await p.getByTestId('add-name').fill(name);
  await p.getByTestId('add-model').click();
  await p.locator('[data-testid=army] tr').nth(expectedRows).waitFor({ timeout: 5000 });
}

describe('table app in Chromium against shagomer serve', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'shagomer-ui-'));
    const pair = await ptyPair(dir);
    socat = pair.proc;
    ports = pair;
    server = await serve(['--data', join(dir, 'data'), '--serial', ports.host]);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server.proc);
    if (socat) await stop(socat);
  });

  it('sets up, measures, scores a real shot over a pty, and survives a restart', { timeout: 90_000 }, async () => {
    await page.goto(server.refereeUrl);
    await page.getByTestId('create-game').waitFor();
    await page.screenshot({ path: join(DOCS, 'start.png') });
    // Setup: system, players, armies, sensor bindings.
    await page.getByTestId('system').selectOption('vtorzhenie');
    await page.getByTestId('title').fill('Тестовая партия');
    await page.getByTestId('create-game').click();
    await page.getByTestId('add-model').waitFor();
    await addModel(page, 'A', 'tank', 'Танк', 1);
    await addModel(page, 'A', 'sniper', 'Снайпер', 2);
    await addModel(page, 'B', 'tank', 'Шагоход', 3);
    await addModel(page, 'B', 'cyber-trooper', 'Захватчик', 4);
    await page.getByTestId('launcher-A1').fill('L1');
    await page.getByTestId('bind-A1').click();
    await until(() => true, 'tick', 50);
    await page.waitForFunction(() => window.__shagomer?.view()?.models.find((m) => m.id === 'A1')?.launcherNode === 'L1');
    await page.getByTestId('hit-B1').fill('V2');
    await page.getByTestId('tilt-B1').fill('V2T');
    await page.getByTestId('bind-B1').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.models.find((m) => m.id === 'B1')?.tiltNode === 'V2T');
    await page.getByTestId('place').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.models.every((m) => m.pos !== null));
    await page.screenshot({ path: join(DOCS, 'setup.png') });
    await page.getByTestId('start-game').click();
    await page.getByTestId('turn').waitFor();
    expect(await page.getByTestId('turn').textContent()).toContain('Ход 1');

    // Select the tank, then the walker: band and exact odds from the engine.
    const a1 = await screenAt(page, 'A1');
    await page.mouse.click(a1.x, a1.y);
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A1');
    const b1 = await screenAt(page, 'B1');
    await page.mouse.click(b1.x, b1.y);
    await page.getByTestId('band').waitFor();
    expect(await page.getByTestId('band').textContent()).toBe('дальняя'); // 91 cm: the long band
    expect(await page.getByTestId('odds').textContent()).toMatch(/\d+,\d\s%/);
    await page.screenshot({ path: join(DOCS, 'table-odds.png') });

    // A hub on the other end of the pty: SHOT from L1, HIT on V2, TILT DOWN on V2T.
    const sim = spawn(process.execPath, [CLI, 'sim-device', '--port', ports.device, '--scenario', SCENARIO, '--boot', '5eed0001'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let simErr = '';
    sim.stderr?.on('data', (c: Buffer) => (simErr += c.toString()));
    await page.getByTestId('die-prompt').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('shot-panel').textContent()).toContain('попадание V2');
    await page.screenshot({ path: join(DOCS, 'shot-critical-die.png') });
    await page.getByTestId('die-4').click();
    await page.getByTestId('last-result').waitFor();
    const result = (await page.getByTestId('last-result').textContent()) ?? '';
    expect(result).toContain('D6 = 4');
    expect(result).toContain('Повреждения 2');
    expect(result).toContain('не может двигаться');
    await page.screenshot({ path: join(DOCS, 'shot-result.png') });
    await until(() => sim.exitCode !== null, `sim-device to finish (${simErr})`, 10_000);
    expect(sim.exitCode).toBe(0);

    // Next turn: B acts; the walker may not move this turn.
    await page.getByTestId('end-turn').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.turn === 2);
    expect(await page.getByTestId('model-B1').textContent()).toContain('не может двигаться');

    // Spectators see the same game, read-only.
    const spectator = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await spectator.goto(`${server.url}spectate`);
    await spectator.getByTestId('spectator-turn').waitFor();
    expect(await spectator.getByTestId('spectator-turn').textContent()).toContain('Ход 2');
    expect(await spectator.getByTestId('spectator-shot').textContent()).toContain('Повреждения 2');
    expect(await spectator.getByTestId('end-turn').count()).toBe(0);
    await spectator.screenshot({ path: join(DOCS, 'spectate.png') });
    await spectator.close();

    // Restart the server: the game comes back from its journal, intact.
    await stop(server.proc);
    server = await serve(['--data', join(dir, 'data'), '--serial', ports.host]);
    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();
    expect(await page.getByTestId('turn').textContent()).toContain('Ход 2');
    expect(await page.getByTestId('model-B1').textContent()).toMatch(/2\/3.*не может двигаться/);
    expect(await page.getByTestId('last-result').textContent()).toContain('Повреждения 2');

    // English interface: the model's state in English too (issue 12: every string in both languages).
    await page.getByTestId('lang').click();
    await page.getByTestId('turn').waitFor();
    expect(await page.getByTestId('turn').textContent()).toContain('Turn 2');
    expect(await page.getByTestId('model-B1').textContent()).toContain('cannot move');
    await page.screenshot({ path: join(DOCS, 'table-en.png') });
    await page.getByTestId('lang').click();
  });
});
