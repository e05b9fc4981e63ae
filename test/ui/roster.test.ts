/**
 * Issue 12 item 4 in real Chromium: a roster built from the catalogue, checked live, saved,
 * loaded, printed and put into the game's setup.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, ROOT, serve, stop, type Served } from './harness.js';

const DOCS = join(ROOT, 'docs');

describe('roster editor', () => {
  let server: Served;
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'shagomer-roster-ui-'));

  beforeAll(async () => {
    server = await serve(['--data', join(dir, 'data')]);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server.proc);
  });

  const summary = async (): Promise<string> => (await page.getByTestId('roster-summary').textContent()) ?? '';

  it('builds a Звездный Десант army within 500 points, refuses too many figures in words, and deploys it', { timeout: 90_000 }, async () => {
    await page.goto(server.refereeUrl);
    await page.getByTestId('system').selectOption('zvezdny-desant');
    await page.getByTestId('create-game').click();
    await page.getByTestId('roster-open').click();
    await page.getByTestId('roster-editor').waitFor();
    expect(await summary()).toContain('Очки: 0 / 500');

    await page.getByTestId('roster-add-trooper-squad').click();
    await page.getByTestId('roster-add-heavy-squad').click();
    // 5 troopers × 12 + 3 heavy troopers × (30 + 15 for each heavy gun) = 195: the catalogue's own costs.
    await page.waitForFunction(() => document.querySelector('[data-testid=roster-summary]')?.textContent?.includes('Очки: 195 / 500'));
    expect(await summary()).toContain('2 подразделения');
    expect(await summary()).toContain('ростер в порядке');

    // 11 troopers: over the squad's 10, said in Russian beside the unit, and the deploy is off.
    await page.getByTestId('roster-figures-0').fill('11');
    await page.getByTestId('roster-figures-0').dispatchEvent('change');
    await page.getByTestId('roster-problems').waitFor();
    expect(await page.getByTestId('roster-problems').textContent()).toContain('в «Отделение десантников» фигур 3–10, не 11');
    expect(await page.getByTestId('roster-deploy').isDisabled()).toBe(true);
    await page.getByTestId('roster-figures-0').fill('6');
    await page.getByTestId('roster-figures-0').dispatchEvent('change');
    await page.waitForFunction(() => document.querySelector('[data-testid=roster-summary]')?.textContent?.includes('Очки: 207 / 500'));
    await page.getByTestId('roster-option-0-heavy-gun').check();
    await page.screenshot({ path: join(DOCS, 'roster-editor.png') });

    // Saved as a file, then the same file loaded back for player B.
    const download = page.waitForEvent('download');
    await page.getByTestId('roster-save').click();
    const saved = join(dir, 'army.json');
    await (await download).saveAs(saved);
    const file = JSON.parse(readFileSync(saved, 'utf8')) as { system: string; player: string; units: { type: string; figures: number }[] };
    expect(file).toMatchObject({ system: 'zvezdny-desant', player: 'A', units: [{ type: 'trooper-squad', figures: 6 }, { type: 'heavy-squad', figures: 3 }] });

    // The printed page lists the units with their figures and weapons.
    const popup = page.waitForEvent('popup');
    await page.evaluate(() => {
      // Headless Chromium would block on the print dialog; the page itself is what is checked.
      window.open = ((open) => (...args: Parameters<typeof window.open>) => {
        const w = open.apply(window, args);
        if (w) w.print = () => undefined;
        return w;
      })(window.open);
    });
    await page.getByTestId('roster-print').click();
    const printed = await popup;
    const text = (await printed.textContent('body')) ?? '';
    expect(text).toContain('Отделение десантников');
    expect(text).toContain('Тяжёлое оружие');
    await printed.close();

    await page.getByTestId('roster-deploy').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.models.length ?? 0) === 2);
    const names = await page.evaluate(() => window.__shagomer?.view()?.models.map((m) => m.name));
    expect(names).toEqual(['Отделение десантников', 'Тяжёлые пехотинцы']);

    // Player B loads a file; a file for another system is refused on screen.
    await page.getByTestId('roster-player').selectOption('B');
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ system: 'vtorzhenie', player: 'B', units: [{ id: 'B1', type: 'tank' }] }));
    await page.getByTestId('roster-import').setInputFiles(other);
    await page.getByTestId('roster-status').waitFor();
    expect(await page.getByTestId('roster-status').textContent()).toBe('other.json: ростер для другой системы');
    const mine = join(dir, 'b.json');
    writeFileSync(mine, JSON.stringify({ system: 'zvezdny-desant', player: 'B', units: [{ id: 'B1', type: 'bug-swarm', figures: 8 }] }));
    await page.getByTestId('roster-import').setInputFiles(mine);
    await page.waitForFunction(() => document.querySelector('[data-testid=roster-status]')?.textContent === 'b.json: ростер загружен');
    expect(await summary()).toContain('Очки: 80 / 500');
    await page.getByTestId('roster-deploy').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.models.length ?? 0) === 3);
  });
});
