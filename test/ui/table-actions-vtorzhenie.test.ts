import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { refereeInit, servePageForSuite, type Served } from './harness.js';
import { clickModel } from './play-helpers.js';
import { walk } from './words-check.js';

/**
 * Вторжение's table actions played in Chromium: a close combat found by base contact, rolled
 * with dice typed from the table (the digest's example), a blast whose victims are found inside
 * the radius of a point clicked on the table, rolled with the seeded dice, and a blast out of
 * turn refused with the turn structure's reason — in Russian and in English.
 */
let page: Page;
let server: Served;

const post = async (body: unknown): Promise<unknown> => (await fetch(`${server.url}api/intent`, refereeInit(server.token, body))).json();
const view = (p: Page) => p.evaluate(() => window.__shagomer?.view() ?? null);
const row = async (id: string): Promise<string> => (await page.getByTestId(`model-${id}`).textContent()) ?? '';

const LABELS: Record<string, string> = { chainsword: 'Цепной меч', knife: 'Нож', 'grenade-launcher': 'Гранатомёт', 'assault-rifle': 'Автомат' };

const fighter = (player: 'A' | 'B', name: string, weapons: { id: string; rangeSteps: number; power?: number }[], armour = 3) => ({
  player,
  name,
  kind: 'infantry',
  armour,
  stamina: 1,
  speedSteps: 4,
  baseMm: 25,
  heightMm: 40,
  weapons: weapons.map((w) => ({ label: LABELS[w.id] ?? '', accuracyBonus: 0, power: 3, ...w })),
  tag: null,
  hitNode: null,
  tiltNode: null,
  launcherNode: null,
});

describe('Вторжение: close combat and a blast in the app', () => {
  servePageForSuite('actions-vt', (s) => ({ server, page } = s));

  it('plays a close combat with typed dice and a blast with virtual dice, and refuses a blast out of turn', { timeout: 180_000 }, async () => {
    expect(await post({ type: 'new-game', ruleset: 'vtorzhenie', title: 'Рукопашная', seed: 'vt-actions', players: [{ id: 'A', name: 'Красные', colour: '#cc3333' }, { id: 'B', name: 'Синие', colour: '#3366cc' }] })).toEqual({ ok: true });
    const models = [
      fighter('A', 'Штурмовик', [{ id: 'chainsword', rangeSteps: 0 }]),
      fighter('A', 'Гранатомётчик', [{ id: 'grenade-launcher', rangeSteps: 20 }]),
      fighter('B', 'Захватчик', [{ id: 'knife', rangeSteps: 0 }]),
      fighter('B', 'Разведчик', [{ id: 'assault-rifle', rangeSteps: 16 }], 1),
      fighter('B', 'Связист', [{ id: 'assault-rifle', rangeSteps: 16 }], 1),
      fighter('B', 'Миномётчик', [{ id: 'grenade-launcher', rangeSteps: 20 }]),
    ];
    for (const m of models) expect(await post({ type: 'add-model', model: m })).toEqual({ ok: true });
    // A1 and B1 touch bases; B2 and B3 stand together far off; B4 behind them.
    const at = [['A1', 300, 300], ['A2', 300, 700], ['B1', 325, 300], ['B2', 900, 500], ['B3', 940, 500], ['B4', 1400, 900]] as const;
    expect(await post({ type: 'place-models', models: at.map(([id, xMm, yMm]) => ({ id, xMm, yMm, fallen: false })) })).toEqual({ ok: true });
    expect(await post({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });

    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();

    // Close combat: offered because B1 stands in base contact, and suggested as the opponent.
    await clickModel(page, 'A1');
    await page.getByTestId('action-panel').waitFor();
    expect(await page.getByTestId('action-blast').isDisabled()).toBe(true);
    await page.getByTestId('action-close-combat').click();
    await page.getByTestId('action-target-B1').waitFor();
    // EX: chainsword (CC 4, keeps the higher of two dice) and armour 3 against a knife and armour 3.
    const odds = (await page.getByTestId('action-odds').textContent()) ?? '';
    expect(odds).toMatch(/победитель: атакующий 97,6\s%/);
    expect(odds).toMatch(/Захватчик: уничтожение 97,6\s%/);
    expect(odds).toMatch(/— 202\/207$/);
    await walk(page, 'actions-melee');
    // The attacker rolls 4 and 1, keeps 4: 11; the defender 3: 7. The defender dies.
    await page.getByTestId('action-typed-dice').fill('4 1 3');
    await page.getByTestId('action-roll-typed').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 1);
    await page.waitForFunction(() => document.querySelector('[data-testid=model-B1]')?.textContent?.includes('✕'));
    expect(await row('B1')).toContain('1/1 ✕');
    expect(await row('A1')).toContain('0/1');
    const melee = (await page.getByTestId('action-result').textContent()) ?? '';
    expect(melee).toContain('выпало: 4 1 3 (кубики со стола)');
    expect(melee).toContain('Захватчик: попадание: да, повреждения 1, уничтожение: да');

    // A blast: the grenadier clicks a point between B2 and B3; both are found inside 2 steps.
    await clickModel(page, 'A2');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A2');
    await page.getByTestId('action-blast').click();
    await page.getByTestId('action-draft').waitFor();
    const aim = await page.evaluate(() => window.__shagomer?.table.toScreen(920, 500));
    if (!aim) throw new Error('no table');
    await page.mouse.click(aim.x, aim.y);
    await page.getByTestId('action-target-B3').waitFor();
    expect(await page.getByTestId('action-target-B2').textContent()).toBe('Разведчик');
    const before = await view(page);
    expect(before?.draft?.involved).toEqual(['B2', 'B3']);
    expect(before?.draft?.radiusMm).toBe(100);
    // Power 3 against armour 1: penetrates when 1D6 + 3 beats 1D6 + 1, 26 of 36.
    expect(before?.draft?.odds['victims.B2.penetrated=true']).toBe('13/18');
    expect((await page.getByTestId('action-odds').textContent()) ?? '').toMatch(/Разведчик: пробитие 72,2\s%/);
    await walk(page, 'actions-blast');
    await page.getByTestId('action-roll-virtual').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 2);
    const after = await view(page);
    const blast = after?.actionResults?.at(-1);
    expect(blast?.dice).toBe('virtual');
    for (const id of ['B2', 'B3']) {
      const outcome = blast?.outcomes.find((o) => o.modelId === id)?.outcome;
      const m = after?.models.find((x) => x.id === id);
      expect(m?.damage).toBe(outcome?.damage);
      expect(await row(id)).toContain(`${String(outcome?.damage)}/1${outcome?.destroyed ? ' ✕' : ''}`);
    }
    expect((await page.getByTestId('action-result').textContent()) ?? '').toContain(`выпало: ${blast?.diceUsed.join(' ') ?? ''} (виртуальные кубики)`);

    // Out of turn: B's mortar in A's turn. Said before the roll, refused on the roll, both languages.
    await page.locator('canvas').click({ button: 'right', position: { x: 3, y: 3 } });
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === null);
    await clickModel(page, 'B4');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'B4');
    await page.getByTestId('action-blast').click();
    await page.getByTestId('action-draft').waitFor();
    const a1 = await page.evaluate(() => window.__shagomer?.table.toScreen(300, 700));
    if (!a1) throw new Error('no table');
    await page.mouse.click(a1.x, a1.y);
    await page.getByTestId('action-out-of-turn').waitFor();
    expect(await page.getByTestId('action-out-of-turn').textContent()).toBe('B4 — отряд игрока B, а сейчас ход игрока A');
    await page.getByTestId('action-roll-virtual').click();
    await page.getByTestId('toast').waitFor();
    expect(await page.getByTestId('toast').textContent()).toBe('B4 — отряд игрока B, а сейчас ход игрока A');
    await page.getByTestId('lang').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=action-out-of-turn]')?.textContent?.startsWith('B4 belongs'));
    await page.getByTestId('action-roll-virtual').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=toast]')?.textContent === "B4 belongs to player B; it is player A's turn");
    await page.getByTestId('lang').click();
    expect((await view(page))?.actionResults).toHaveLength(2);
    // The English toast has said its piece: the walk reads the panel in both languages.
    await page.evaluate(() => document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove()));
    await walk(page, 'actions-refused');

    // The replay steps onto the blast: the table as it stood, its odds before the roll and its dice.
    await page.getByTestId('replay-open').click();
    await page.getByTestId('replay-last').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.replay?.type === 'table-action-resolved');
    const replayed = (await page.getByTestId('replay').textContent()) ?? '';
    expect(replayed).toContain('взрыв (зона поражения)');
    expect(replayed).toContain(`выпало: ${blast?.diceUsed.join(' ') ?? ''} (виртуальные кубики)`);
    await page.getByTestId('replay-close').click();
  });
});
