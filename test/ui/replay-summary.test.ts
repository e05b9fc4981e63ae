import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, ROOT, serve, stop, type Served } from './harness.js';
import { addModel, clickModel, clippedInPanel } from './play-helpers.js';
import { walk } from './words-check.js';

/**
 * A finished Вторжение game: the summary, the replay stepped event by event (the table as it
 * stood, the dice and odds of each attack), the past-games list, imports that fail or repeat a
 * game said on screen; the side panel fits at 1440 px and opening games throws nothing.
 */
let browser: Browser;
let page: Page;
let server: Served;
let dir: string;
const errors: string[] = [];

const view = (p: Page) => p.evaluate(() => window.__shagomer?.view() ?? null);

describe('replay, summary and past games', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'shagomer-ui-replay-'));
    server = await serve(['--data', join(dir, 'data')]);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    // Chromium runs one at a time across test files (harness lock): waiting for it is not a failure.
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server.proc);
  });

  it('ends a game with its summary, replays it step by step, lists it, refuses bad imports', { timeout: 150_000 }, async () => {
    await page.goto(server.refereeUrl);
    await page.getByTestId('system').selectOption('vtorzhenie');
    await page.getByTestId('title').fill('Партия для повтора');
    await page.getByTestId('create-game').click();
    await page.getByTestId('add-model').waitFor();
    await addModel(page, 'A', 'sniper', 'Снайпер', 1);
    await addModel(page, 'B', 'trooper', 'Пехотинец', 2);
    await addModel(page, 'B', 'trooper', 'Второй', 3);
    await page.getByTestId('place').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.models.every((m) => m.pos !== null));
    await page.getByTestId('start-game').click();
    await page.getByTestId('turn').waitFor();

    // Nothing in the side panel runs past its edge at 1440 px.
    expect(await clippedInPanel(page)).toEqual([]);

    // Two attacks of the sniper, typed dice so the game is known: 6s hit and penetrate.
    await clickModel(page, 'A1');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A1');
    await clickModel(page, 'B1');
    await page.getByTestId('attack-panel').waitFor();
    // The target line's label covers no model.
    const label = await page.evaluate(() => window.__shagomer?.table.targetLabelAt ?? null);
    const centres = await page.evaluate(() => {
      const s = window.__shagomer;
      const r = s?.table.canvas.getBoundingClientRect();
      return (s?.view()?.models ?? []).flatMap((m) => (m.pos && s && r ? [{ ...s.table.toScreen(m.pos.xMm, m.pos.yMm), left: r.left, top: r.top }] : []));
    });
    expect(label).not.toBeNull();
    for (const c of centres) {
      const x = c.x - c.left;
      const y = c.y - c.top;
      const inside = label && Math.abs(x - label.x) < label.w / 2 && Math.abs(y - label.y) < label.h / 2;
      expect(inside).toBeFalsy();
    }
    await page.getByTestId('typed-dice').fill('6 6 6 6 6 6 6 6');
    await page.getByTestId('roll-typed').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.attacks ?? []).length === 1);
    const attack = (await view(page))?.attacks?.[0];
    await page.getByTestId('end-turn').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.turn === 2);
    await page.getByTestId('end-game').click();
    await page.getByTestId('ended').waitFor();
    const cell = async (id: string): Promise<string> => (await page.getByTestId(id).textContent()) ?? '';
    expect(await cell('summary-losses-A')).toBe('0 из 1');
    expect(await cell('summary-losses-B')).toBe(`${attack?.outcome.destroyed === true ? 1 : 0} из 2`);
    expect(await cell('summary-damage-A')).toBe(String(attack?.outcome.damage ?? 0));
    expect(await cell('summary-shots-A')).toBe('1');
    expect(await cell('summary-hits-A')).toBe(attack?.outcome.hit === true ? '1' : '0');
    expect(await cell('summary-shots-B')).toBe('0');
    await walk(page, 'summary');

    // Replay from the first event; step to the attack: the odds it was rolled at and its dice.
    await page.getByTestId('replay-open').click();
    await page.getByTestId('replay').waitFor();
    expect(await page.getByTestId('replay-step').textContent()).toMatch(/^Событие 1 из \d+$/);
    for (let i = 0; i < 40; i++) {
      const r = (await view(page))?.replay;
      if (r?.type === 'attack-resolved') break;
      await page.getByTestId('replay-next').click();
      await page.waitForFunction((n) => window.__shagomer?.view()?.replay?.step === n, (r?.step ?? 0) + 1);
    }
    const atAttack = await view(page);
    expect(atAttack?.replay?.type).toBe('attack-resolved');
    expect(await page.getByTestId('replay').textContent()).toContain(`выпало: ${attack?.diceUsed.join(' ')} (кубики со стола)`);
    expect(await page.getByTestId('replay').textContent()).toContain('шансы до броска: попадание');
    expect(atAttack?.models.find((m) => m.id === 'B1')?.damage).toBe(attack?.outcome.damage);
    await walk(page, 'replay');
    // One step back: the table as it stood before the roll.
    await page.getByTestId('replay-prev').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.replay?.type !== 'attack-resolved');
    expect((await view(page))?.models.find((m) => m.id === 'B1')?.damage).toBe(0);
    // While replaying, the game is not changed.
    await page.getByTestId('replay-close').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.replay === null);
    expect((await view(page))?.ended).toBe(true);

    // Past games: date, title, system in words; a damaged import and a duplicate said on screen.
    await page.getByTestId('games').click();
    const row = page.locator('[data-testid^=game-]').first();
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Партия для повтора\d{1,2} дек\. 2026 г\., \d\d:\d\dВторжение «Новобранец»Ход 2/);
    const gameId = (await view(page))?.gameId ?? '';
    const exported = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/export`, { headers: { authorization: `Bearer ${sessionStorage.getItem('shagomer.referee') ?? ''}` } })).text(), gameId);
    writeFileSync(join(dir, 'same.jsonl'), exported);
    writeFileSync(join(dir, 'bad.jsonl'), 'not a journal\n');
    await page.getByTestId('import-file').setInputFiles(join(dir, 'bad.jsonl'));
    await page.waitForFunction(() => document.querySelector('[data-testid=import-note]')?.textContent !== '');
    expect(await page.getByTestId('import-note').textContent()).toBe('Импорт не удался: Файл не похож на журнал игры или повреждён');
    await page.getByTestId('import-file').setInputFiles(join(dir, 'same.jsonl'));
    await page.waitForFunction(() => document.querySelector('[data-testid=import-note]')?.textContent?.includes('уже есть'));
    expect(await page.getByTestId('import-note').textContent()).toBe('Импорт не удался: Эта игра уже есть в списке прошлых игр');
    await walk(page, 'games-import');
    // Opening the game from the list throws nothing (the negative-radius error of the walk).
    await page.locator('[data-testid^=game-] button').first().click();
    await page.getByTestId('turn').waitFor();
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
  });
});
