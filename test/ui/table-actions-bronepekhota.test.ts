import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { refereeInit, servePageForSuite, type Served } from './harness.js';
import { clickModel } from './play-helpers.js';
import { walk } from './words-check.js';

/**
 * Бронепехота's table actions played in Chromium: a hand grenade with dice typed from the table,
 * a second unit's volley in the same turn refused (one unit per turn) and then fired in the next
 * own turn with the seeded dice — odds before each roll, damage on screen, Russian and English.
 */
let page: Page;
let server: Served;

const post = async (body: unknown): Promise<unknown> => (await fetch(`${server.url}api/intent`, refereeInit(server.token, body))).json();
const view = (p: Page) => p.evaluate(() => window.__shagomer?.view() ?? null);
const row = async (id: string): Promise<string> => (await page.getByTestId(`model-${id}`).textContent()) ?? '';

const trooper = (player: 'A' | 'B', name: string, armour = 3) => ({
  player,
  name,
  kind: 'infantry',
  unitType: 'infantry',
  armour,
  stamina: 1,
  speedSteps: 4,
  baseMm: 25,
  heightMm: 40,
  weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 8, shooting: 3 }],
  tag: null,
  hitNode: null,
  tiltNode: null,
  launcherNode: null,
});

const clearSelection = async (): Promise<void> => {
  await page.locator('canvas').click({ button: 'right', position: { x: 3, y: 3 } });
  await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === null);
};

describe('Бронепехота: a grenade and a volley in the app', () => {
  servePageForSuite('actions-bp', (s) => ({ server, page } = s));

  it('throws a grenade with typed dice, refuses a second unit in the turn, fires a volley with virtual dice', { timeout: 180_000 }, async () => {
    expect(await post({ type: 'new-game', ruleset: 'bronepekhota', title: 'Залп', seed: 'bp-actions', players: [{ id: 'A', name: 'Красные', colour: '#cc3333' }, { id: 'B', name: 'Синие', colour: '#3366cc' }] })).toEqual({ ok: true });
    for (const m of [trooper('A', 'Гренадер'), trooper('A', 'Стрелок'), trooper('A', 'Пулемётчик'), trooper('B', 'Часовой', 5), trooper('B', 'Дозорный', 2)]) expect(await post({ type: 'add-model', model: m })).toEqual({ ok: true });
    const at = [['A1', 300, 300], ['A2', 300, 600], ['A3', 340, 600], ['B1', 385, 300], ['B2', 480, 600]] as const;
    expect(await post({ type: 'place-models', models: at.map(([id, xMm, yMm]) => ({ id, xMm, yMm, fallen: false })) })).toEqual({ ok: true });
    expect(await post({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });

    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();

    // The grenade: one enemy picked on the table; its check (2+ with a rifle) and Shooting 3 + D6 > 3.
    await clickModel(page, 'A1');
    await page.getByTestId('action-panel').waitFor();
    await page.getByTestId('action-grenade-throw').click();
    await page.getByTestId('action-draft').waitFor();
    await clickModel(page, 'B1');
    await page.getByTestId('action-target-B1').waitFor();
    const grenadeOdds = (await page.getByTestId('action-odds').textContent()) ?? '';
    // 5/6 × 4/6 (armour 5: 3 + D6 > 5 on 3 or more): 55,6 %.
    expect(grenadeOdds).toMatch(/попадание 55,6\s%/);
    expect(grenadeOdds).toMatch(/— 5\/9$/);
    await walk(page, 'actions-grenade');
    await page.getByTestId('action-typed-dice').fill('3 6');
    await page.getByTestId('action-roll-typed').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=model-B1]')?.textContent?.includes('✕'));
    expect(await row('B1')).toContain('1/1 ✕');
    expect((await page.getByTestId('action-result').textContent()) ?? '').toContain('выпало: 3 6 (кубики со стола)');

    // A second unit this turn: the volley is said to be out of turn before the roll and refused on it.
    await clearSelection();
    await clickModel(page, 'A2');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A2');
    await page.getByTestId('action-volley').click();
    await page.getByTestId('action-draft').waitFor();
    await clickModel(page, 'A3');
    await clickModel(page, 'B2');
    await page.getByTestId('action-target-B2').waitFor();
    await page.getByTestId('action-target-A3').waitFor();
    expect(await page.getByTestId('action-out-of-turn').textContent()).toBe('этот ход уже отдан A1: за ход действует только один отряд');
    await page.getByTestId('action-roll-virtual').click();
    await page.getByTestId('toast').waitFor();
    expect(await page.getByTestId('toast').textContent()).toBe('этот ход уже отдан A1: за ход действует только один отряд');
    await page.getByTestId('lang').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=action-out-of-turn]')?.textContent === 'this turn already belongs to A1: one unit acts per turn');
    await page.getByTestId('lang').click();
    expect((await view(page))?.actionResults).toHaveLength(1);

    // Синие pass; in the next own turn the squad volley at Дозорный (armour 2), the seeded dice.
    await page.getByTestId('end-turn').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.turn === 2);
    await page.getByTestId('end-turn').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.turn === 3);
    await page.waitForFunction(() => window.__shagomer?.view()?.draft?.outOfTurn === null);
    const before = await view(page);
    expect(before?.draft).toMatchObject({ action: 'volley', targetIds: ['A3', 'B2'], priced: true, allowed: true, outOfTurn: null });
    const harm = before?.draft?.odds['hit=true'];
    expect(harm).toMatch(/^\d+\/\d+$/);
    expect((await page.getByTestId('action-odds').textContent()) ?? '').toMatch(new RegExp(`— ${harm ?? ''}$`));
    await page.evaluate(() => document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove()));
    await walk(page, 'actions-volley');
    await page.getByTestId('action-roll-virtual').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 2);
    const after = await view(page);
    const volley = after?.actionResults?.at(-1);
    expect(volley).toMatchObject({ action: 'volley', actorId: 'A2', dice: 'virtual' });
    const outcome = volley?.outcomes[0]?.outcome;
    expect(after?.models.find((m) => m.id === 'B2')?.destroyed).toBe(outcome?.hit === true);
    expect(await row('B2')).toContain(outcome?.hit ? '1/1 ✕' : '0/1');
    const line = (await page.getByTestId('action-result').textContent()) ?? '';
    expect(line).toMatch(new RegExp(`Дозорный: .*попадание: ${outcome?.hit ? 'да' : 'нет'}`));
    await page.getByTestId('lang').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=action-result]')?.textContent?.includes('(virtual dice)'));
    expect((await page.getByTestId('action-result').textContent()) ?? '').toMatch(new RegExp(`Дозорный: .*hit: ${outcome?.hit ? 'yes' : 'no'}`));
    await page.getByTestId('lang').click();
  });
});
