import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servePageForSuite, type Served } from './harness.js';
import { addModel, clickModel } from './play-helpers.js';
import { walk } from './words-check.js';

/**
 * A short Вторжение game played with virtual attacks: odds in words before the roll, the seeded
 * virtual dice, an attack out of turn refused with its reason, typed dice from the table, undo.
 */
let page: Page;
let server: Served;

const view = (p: Page) => p.evaluate(() => window.__shagomer?.view() ?? null);

describe('virtual attacks in the app', () => {
  servePageForSuite('attack', (s) => ({ server, page } = s));

  it('rolls virtual and typed dice, applies and journals the result, refuses an attack out of turn', { timeout: 120_000 }, async () => {
    await page.goto(server.refereeUrl);
    await page.getByTestId('system').selectOption('vtorzhenie');
    await page.getByTestId('title').fill('Короткая партия');
    await page.getByTestId('create-game').click();
    await page.getByTestId('add-model').waitFor();
    await addModel(page, 'A', 'sniper', 'Снайпер', 1);
    await addModel(page, 'B', 'tank', 'Шагоход', 2);
    await addModel(page, 'B', 'cyber-trooper', 'Захватчик', 3);
    await page.getByTestId('place').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.models.every((m) => m.pos !== null));
    await page.getByTestId('start-game').click();
    await page.getByTestId('turn').waitFor();

    // The sniper aims at the trooper: exact odds in words, then the seeded virtual dice.
    await clickModel(page, 'A1');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A1');
    await clickModel(page, 'B2');
    await page.getByTestId('attack-panel').waitFor();
    const words = (await page.getByTestId('odds-words').textContent()) ?? '';
    expect(words).toMatch(/^попадание \d+,\d\s%, пробитие \d+,\d\s%/);
    await page.getByTestId('roll-virtual').click();
    await page.getByTestId('attack-result').waitFor();
    const first = await view(page);
    const rolled = first?.attacks?.at(-1);
    expect(rolled?.dice).toBe('virtual');
    expect(rolled?.diceUsed.length).toBeGreaterThan(0);
    // The odds shown before the roll are journalled with it.
    expect(rolled?.odds['penetrated=true']).toMatch(/^\d+\/\d+$/);
    // The engine's result is applied to the target.
    const b2 = first?.models.find((m) => m.id === 'B2');
    expect(b2?.damage).toBe(rolled?.outcome.damage);
    expect(b2?.destroyed).toBe(rolled?.outcome.destroyed);
    const text = (await page.getByTestId('attack-result').textContent()) ?? '';
    expect(text).toContain(`выпало: ${rolled?.diceUsed.join(' ')} (виртуальные кубики)`);
    expect(text).toContain(`пробитие: ${rolled?.outcome.penetrated ? 'да' : 'нет'}`);
    expect(first?.history.at(-1)?.type).toBe('attack-resolved');
    await walk(page, 'attack');

    // Undo takes the roll back; rolling again gives the same seeded dice.
    await page.getByTestId('undo').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.attacks ?? []).length === 0);
    expect((await view(page))?.models.find((m) => m.id === 'B2')?.damage).toBe(0);
    await page.getByTestId('roll-virtual').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.attacks ?? []).length === 1);
    expect((await view(page))?.attacks?.at(-1)?.diceUsed).toEqual(rolled?.diceUsed);

    // Out of turn: the walker may not shoot in Синие's turn, and the screen says why.
    await page.locator('canvas').click({ button: 'right', position: { x: 3, y: 3 } });
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === null);
    await clickModel(page, 'B1');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'B1');
    await clickModel(page, 'A1');
    await page.getByTestId('roll-virtual').click();
    await page.getByTestId('toast').waitFor();
    expect(await page.getByTestId('toast').textContent()).toBe('Шагоход: сейчас ход другого игрока');
    expect((await view(page))?.attacks?.length).toBe(1);

    // Красные's turn: the walker fires with dice typed from the table.
    await page.getByTestId('end-turn').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.turn === 2);
    // Too few typed dice: refused in words, nothing journalled.
    await page.getByTestId('typed-dice').fill('1');
    await page.getByTestId('roll-typed').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=toast]')?.textContent?.startsWith('Кубиков меньше'));
    expect((await view(page))?.attacks?.length).toBe(1);
    await page.getByTestId('typed-dice').fill('6 6 6 6 6 6');
    await page.getByTestId('roll-typed').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.attacks ?? []).length === 2);
    const typed = (await view(page))?.attacks?.at(-1);
    expect(typed?.dice).toBe('physical');
    expect(typed?.diceUsed.every((d) => d === 6)).toBe(true);
    expect(await page.getByTestId('attack-dice').textContent()).toContain('(кубики со стола)');
  });
});
