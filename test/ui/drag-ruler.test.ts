import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servePageForSuite, type Served } from './harness.js';
import { addModel, screenAt } from './play-helpers.js';
import { walk } from './words-check.js';

/**
 * The drag ruler in a Вторжение game (infantry speed 4 шага = 20 cm): live label and colour
 * while dragging, a waypoint, a move beyond the speed refused until the referee overrides it,
 * an enemy model blocked in the other player's turn.
 */
let page: Page;
let server: Served;

const ruler = (p: Page) => p.evaluate(() => window.__shagomer?.table.ruler ?? null);
const pos = (p: Page, id: string) => p.evaluate((m) => window.__shagomer?.view()?.models.find((x) => x.id === m)?.pos ?? null, id);
const mmPerPx = (p: Page) => p.evaluate(() => {
  const t = window.__shagomer?.table;
  if (!t) return 1;
  return 100 / (t.toScreen(100, 0).x - t.toScreen(0, 0).x);
});

describe('drag ruler', () => {
  servePageForSuite('ruler', (s) => ({ server, page } = s));

  it('measures live against the speed, refuses a move too far until the referee overrides it', { timeout: 120_000 }, async () => {
    await page.goto(server.refereeUrl);
    await page.getByTestId('system').selectOption('vtorzhenie');
    await page.getByTestId('create-game').click();
    await page.getByTestId('add-model').waitFor();
    await addModel(page, 'A', 'trooper', 'Пехотинец', 1);
    await addModel(page, 'B', 'trooper', 'Враг', 2);
    await page.getByTestId('place').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.models.every((m) => m.pos !== null));
    await page.getByTestId('start-game').click();
    await page.getByTestId('turn').waitFor();
    const start = await pos(page, 'A1');
    const k = await mmPerPx(page);
    const a1 = await screenAt(page, 'A1');

    // 100 mm = 2 шага: within the speed, the label says so.
    await page.mouse.move(a1.x, a1.y);
    await page.mouse.down();
    await page.mouse.move(a1.x + 100 / k, a1.y, { steps: 6 });
    expect(await ruler(page)).toMatchObject({ modelId: 'A1', state: 'within', allowedSteps: 4 });
    expect((await ruler(page))?.steps).toBeCloseTo(2, 1);
    expect(await page.evaluate(() => window.__shagomer?.table.labels.at(-1))).toBe('2 / 4 шага · в пределах скорости');
    // A waypoint, then 150 mm on at a right angle: 5 шагов by the path, over the speed.
    await page.keyboard.press('Space');
    await page.mouse.move(a1.x + 100 / k, a1.y + 150 / k, { steps: 6 });
    const over = await ruler(page);
    expect(over).toMatchObject({ state: 'over', waypoints: 1 });
    expect(over?.steps).toBeCloseTo(5, 1);
    expect(await page.evaluate(() => window.__shagomer?.table.labels.at(-1))).toBe('5 / 4 шага · сверх скорости');
    await walk(page, 'drag-ruler');
    await page.mouse.up();
    // Refused: the model stays, the referee is offered the override.
    await page.getByTestId('move-refused').waitFor();
    expect(await page.getByTestId('move-refused').textContent()).toContain('Пехотинец: Дальше, чем позволяет скорость');
    expect(await pos(page, 'A1')).toEqual(start);
    await page.getByTestId('override').click();
    await page.waitForFunction((s) => window.__shagomer?.view()?.models.find((x) => x.id === 'A1')?.pos?.yMm !== s, start?.yMm);
    const history = (await page.getByTestId('history').textContent()) ?? '';
    expect(history).toContain('разрешено судьёй');

    // The enemy's trooper in Синие's turn: blocked while dragged, refused on the drop.
    const b1 = await screenAt(page, 'B1');
    await page.mouse.move(b1.x, b1.y);
    await page.mouse.down();
    await page.mouse.move(b1.x + 40 / k, b1.y, { steps: 4 });
    expect((await ruler(page))?.state).toBe('blocked');
    await page.mouse.up();
    await page.getByTestId('move-refused').waitFor();
    expect(await page.getByTestId('move-refused').textContent()).toContain('Модель не может двигаться');
  });
});
