import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servePageForSuite, type Served } from './harness.js';
import { walk } from './words-check.js';
import { addModel, clickModel } from './play-helpers.js';

/**
 * Every main view in both languages: no engine key, no raw id, no English in the Russian UI.
 * Each view is also saved under docs/ as `<view>-<lang>.png`.
 */
let page: Page;
let server: Served;

describe('every view speaks Russian and English', () => {
  servePageForSuite('lang', (s) => ({ server, page } = s));

  it('walks setup, table, odds, shot and past games with no untranslated string', { timeout: 120_000 }, async () => {
    await page.goto(server.refereeUrl);
    await page.getByTestId('create-game').waitFor();
    await walk(page, 'start');
    await page.getByTestId('system').selectOption('vtorzhenie');
    await page.getByTestId('title').fill('Проверка языка');
    await page.getByTestId('create-game').click();
    await page.getByTestId('add-model').waitFor();
    await addModel(page, 'A', 'tank', 'Танк', 1);
    await addModel(page, 'A', 'sniper', 'Снайпер', 2);
    await addModel(page, 'B', 'tank', 'Шагоход', 3);
    await addModel(page, 'B', 'cyber-trooper', 'Захватчик', 4);
    await page.getByTestId('place').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.models.every((m) => m.pos !== null));
    await walk(page, 'setup');
    await page.getByTestId('start-game').click();
    await page.getByTestId('turn').waitFor();
    expect(await page.getByTestId('turn').textContent()).toBe('Ход 1 · очередь игрока «Синие»');
    await clickModel(page, 'A2');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A2');
    await clickModel(page, 'B2');
    await page.getByTestId('odds').waitFor();
    // Numbers in the locale's format and steps with their plural: «36,0 см · 7 шагов», «8,3 %».
    const pair = (await page.getByTestId('pair').textContent()) ?? '';
    expect(pair).toMatch(/\d+(,\d)? см · \d+(,\d+)? шаг(а|ов)?/);
    expect(await page.getByTestId('odds').textContent()).toMatch(/^\d+,\d\s%$/);
    expect(await page.getByTestId('odds-words').textContent()).toMatch(/^попадание \d+,\d\s%, пробитие \d+,\d\s%.* — \d+\/\d+$/);
    await walk(page, 'odds');
    await page.getByTestId('open-shot').click();
    await page.getByTestId('shot-panel').waitFor();
    await walk(page, 'shot');
    await page.getByTestId('commit').click();
    await page.getByTestId('last-result').waitFor();
    await walk(page, 'result');
    await page.getByTestId('games').click();
    await page.locator('[data-testid^=game-]').first().waitFor();
    await walk(page, 'games');
  });

  it('speaks in words in the other three systems too; Стальная война measures in inches', { timeout: 150_000 }, async () => {
    for (const [system, preset] of [['bronepekhota', 'trooper'], ['zvezdny-desant', 'trooper-squad'], ['stalnaya-voyna', 'rifle-squad']] as const) {
      if (!(await page.getByTestId('create-game').isVisible())) await page.getByTestId('games').click();
      await page.getByTestId('create-game').waitFor();
      await page.getByTestId('system').selectOption(system);
      await page.getByTestId('create-game').click();
      await page.getByTestId('add-model').waitFor();
      await addModel(page, 'A', preset, 'Первый', 1);
      await addModel(page, 'B', preset, 'Второй', 2);
      await page.getByTestId('place').click();
      await page.waitForFunction(() => window.__shagomer?.view()?.models.every((m) => m.pos !== null));
      await page.getByTestId('start-game').click();
      await page.getByTestId('turn').waitFor();
      await clickModel(page, 'A1');
      await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A1');
      await clickModel(page, 'B1');
      await page.getByTestId('pair').waitFor();
      const pair = (await page.getByTestId('pair').textContent()) ?? '';
      if (system === 'stalnaya-voyna') {
        expect(pair).toMatch(/Расстояние: \d+(,\d)? дюйм(а|ов)?/);
        expect(pair).not.toContain('см');
        expect(await page.getByTestId('weapon').textContent()).toMatch(/\(\d+ дюйм(а|ов)?\)/);
      }
      await walk(page, `table-${system}`);
    }
  });
});