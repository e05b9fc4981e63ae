import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servePageForSuite, type Served } from './harness.js';
import { addModel, clickModel } from './play-helpers.js';
import { walk } from './words-check.js';

/** Terrain drawn on the table view blocks a line of sight, is journalled and comes back on reload. */
let page: Page;
let server: Served;

async function clickMm(p: Page, xMm: number, yMm: number): Promise<void> {
  const at = await p.evaluate(([x, y]) => window.__shagomer?.table.toScreen(x as number, y as number) ?? null, [xMm, yMm]);
  if (!at) throw new Error('no table');
  await p.mouse.click(at.x, at.y);
}

const sight = (p: Page) => p.evaluate(() => window.__shagomer?.view()?.pairs.find((x) => x.targetId === 'B1')?.lineOfSight ?? null);

describe('terrain on the table', () => {
  servePageForSuite('terrain', (s) => ({ server, page } = s));

  it('draws a wall that blocks the sniper from its target, saved with the game', { timeout: 120_000 }, async () => {
    await page.goto(server.refereeUrl);
    await page.getByTestId('system').selectOption('vtorzhenie');
    await page.getByTestId('create-game').click();
    await page.getByTestId('add-model').waitFor();
    await addModel(page, 'A', 'sniper', 'Снайпер', 1);
    await addModel(page, 'B', 'trooper', 'Пехотинец', 2);
    await page.getByTestId('place').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.models.every((m) => m.pos !== null));
    await page.getByTestId('start-game').click();
    await page.getByTestId('turn').waitFor();
    await clickModel(page, 'A1');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A1');
    await clickModel(page, 'B1');
    await page.getByTestId('pair').waitFor();
    expect(await sight(page)).toBe('clear');
    expect(await page.getByTestId('pair').textContent()).toContain('Видимость: видна');

    // A 20 cm wall across the line between them (the sniper at y 144, the trooper at y 1056).
    await page.getByTestId('terrain-height').fill('200');
    await page.getByTestId('terrain-height').dispatchEvent('change');
    await page.getByTestId('terrain-draw').click();
    for (const [x, y] of [[700, 560], [1100, 560], [1100, 640], [700, 640]] as const) await clickMm(page, x, y);
    await page.getByTestId('terrain-close').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.terrain ?? []).length === 1);
    await page.waitForFunction(() => window.__shagomer?.view()?.pairs.find((x) => x.targetId === 'B1')?.lineOfSight === 'blocked');
    expect(await page.getByTestId('pair').textContent()).toContain('Видимость: не видна');
    expect(await page.getByTestId('terrain-T1').textContent()).toMatch(/20 см · средний · Укрытие: тяжёлое · Движение: непроходимо/);
    await walk(page, 'terrain');

    // Saved with the game: a reload (the journal) brings the wall and the blocked sight back.
    await page.reload();
    await page.getByTestId('terrain-T1').waitFor();
    await page.waitForFunction(() => window.__shagomer?.view()?.pairs.find((x) => x.targetId === 'B1')?.lineOfSight === 'blocked');
    // Removing it clears the line again.
    await page.getByTestId('terrain-T1').getByRole('button').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.pairs.find((x) => x.targetId === 'B1')?.lineOfSight === 'clear');
  });
});
