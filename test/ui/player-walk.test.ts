import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { refereeInit, servePageForSuite, type Served } from './harness.js';
import { clickModel, screenAt } from './play-helpers.js';

/**
 * What a player's walk through the app found (issue 12), each seen in Chromium: the manual shot
 * and the sensor bindings only in systems with launchers; nothing that changes the game while
 * it is replayed or on a page that only watches.
 */
let browser: Browser;
let page: Page;
let server: Served;

const post = async (body: unknown): Promise<{ ok: boolean; problem?: string }> => (await fetch(`${server.url}api/intent`, refereeInit(server.token, body))).json() as Promise<{ ok: boolean; problem?: string }>;
const ok = async (body: unknown): Promise<void> => {
  const r = await post(body);
  if (!r.ok) throw new Error(`${JSON.stringify(body)}: ${r.problem ?? ''}`);
};
const players = [
  { id: 'A', name: 'Синие', colour: '#2563eb' },
  { id: 'B', name: 'Красные', colour: '#dc2626' },
];
const trooper = (player: 'A' | 'B', name: string) => ({
  player,
  name,
  kind: 'infantry',
  armour: 2,
  stamina: 1,
  speedSteps: 4,
  baseMm: 25,
  heightMm: 40,
  weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 16, power: 2, accuracyBonus: 0 }],
  tag: null,
  hitNode: null,
  tiltNode: null,
  launcherNode: null,
});
const revision = (p: Page) => p.evaluate(() => window.__shagomer?.view()?.revision ?? -1);
/** Waits until the page has the server's newest view. */
async function caughtUp(p: Page): Promise<void> {
  const v = (await (await fetch(`${server.url}api/view`, refereeInit(server.token))).json()) as { revision: number };
  await p.waitForFunction((r) => (window.__shagomer?.view()?.revision ?? -1) >= r, v.revision);
}

/** Inputs, selects and buttons in the side panel a player could use (shown and not disabled). */
const usable = (p: Page, selector: string) =>
  p.evaluate((sel) => [...document.querySelectorAll<HTMLInputElement>(sel)].filter((e) => !e.disabled && e.offsetParent !== null).map((e) => e.dataset.testid ?? `${e.tagName.toLowerCase()}:${e.textContent ?? ''}`), selector);

describe('a player walks the app', () => {
  servePageForSuite('player-walk', (s) => ({ server, browser, page } = s));

  it('offers the manual shot and sensor bindings only where the system has launchers', { timeout: 120_000 }, async () => {
    const catalog = (await (await fetch(`${server.url}api/catalog`, refereeInit(server.token))).json()) as { ruleset: string; realShots: boolean }[];
    const withLaunchers = catalog.filter((c) => c.realShots).map((c) => c.ruleset);
    expect(withLaunchers.length).toBeGreaterThan(0);
    expect(withLaunchers.length).toBeLessThan(catalog.length);
    await page.goto(server.refereeUrl);
    for (const { ruleset, realShots } of catalog) {
      await ok({ type: 'new-game', ruleset, title: `Пускатели ${ruleset}`, seed: 'walk', players });
      await ok({ type: 'add-model', model: trooper('A', 'Первый') });
      await ok({ type: 'add-model', model: trooper('B', 'Второй') });
      await page.getByTestId('tag-A1').waitFor();
      await caughtUp(page);
      // The camera's tag everywhere; hit, tilt and launcher nodes only with launchers.
      expect(await page.getByTestId('launcher-A1').count(), ruleset).toBe(realShots ? 1 : 0);
      expect(await page.getByTestId('hit-A1').count(), ruleset).toBe(realShots ? 1 : 0);
      if (!realShots) await page.screenshot({ path: `docs/walk-no-launchers-setup-${ruleset}.png` });
      await ok({ type: 'place-models', models: [{ id: 'A1', xMm: 300, yMm: 300, fallen: false }, { id: 'B1', xMm: 900, yMm: 300, fallen: false }] });
      await ok({ type: 'finish-setup', firstPlayer: 'A' });
      await page.getByTestId('turn').waitFor();
      await caughtUp(page);
      await clickModel(page, 'A1');
      await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A1');
      await caughtUp(page);
      expect(await page.getByTestId('open-shot').count(), ruleset).toBe(realShots ? 1 : 0);
      if (!realShots) await page.screenshot({ path: `docs/walk-no-launchers-play-${ruleset}.png` });
    }
  });

  it('keeps what is typed but not yet committed when a view redraws the panels', { timeout: 120_000 }, async () => {
    await ok({ type: 'new-game', ruleset: 'vtorzhenie', title: 'Набор текста', seed: 'walk-typed', players });
    await ok({ type: 'add-model', model: trooper('A', 'Первый') });
    await page.goto(server.refereeUrl);
    await page.getByTestId('tag-A1').waitFor();
    await caughtUp(page);
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);
    const another = async (name: string): Promise<void> => {
      const before = await revision(page);
      await ok({ type: 'add-model', model: trooper('B', name) });
      await page.waitForFunction((r) => (window.__shagomer?.view()?.revision ?? -1) > r, before);
    };

    // The terrain height: typed, a view comes (the other player adds a model), typing goes on.
    await page.getByTestId('terrain-height').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12');
    await another('Второй');
    expect(await page.getByTestId('terrain-height').inputValue()).toBe('12');
    expect(await focused()).toBe('terrain-height');
    await page.keyboard.type('0');
    expect(await page.getByTestId('terrain-height').inputValue()).toBe('120');
    await page.screenshot({ path: 'docs/walk-typed-height-kept.png' });
    // Committed by leaving the field: the piece drawn has the typed height.
    await page.getByTestId('terrain-draw').click();
    const at = await page.evaluate(() => {
      const s = window.__shagomer;
      if (!s) throw new Error('no page hooks');
      return [s.table.toScreen(800, 500), s.table.toScreen(1000, 500), s.table.toScreen(1000, 700)];
    });
    for (const c of at) await page.mouse.click(c.x, c.y);
    await page.getByTestId('terrain-close').click();
    await page.waitForFunction(() => (window.__shagomer?.view()?.terrain ?? []).length === 1);
    expect((await page.evaluate(() => window.__shagomer?.view()?.terrain?.[0]?.heightMm)) ?? null).toBe(120);

    // A sensor node half typed into the bindings: the same.
    await page.getByTestId('launcher-A1').click();
    await page.keyboard.type('L');
    await another('Третий');
    await page.keyboard.type('7');
    expect(await page.getByTestId('launcher-A1').inputValue()).toBe('L7');
    await page.getByTestId('bind-A1').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.models.find((m) => m.id === 'A1')?.launcherNode === 'L7');
    expect(await page.getByTestId('launcher-A1').inputValue()).toBe('L7');

    // The roster's name: the editor is kept, but moved into each new build; the focus stays.
    await page.getByTestId('roster-open').click();
    await page.getByTestId('roster-name').click();
    await page.keyboard.type('Первая ');
    await another('Четвёртый');
    await page.keyboard.type('рота');
    expect(await page.getByTestId('roster-name').inputValue()).toBe('Первая рота');

    // Dice typed from the table while the other side moves: kept until rolled, then the field is empty.
    await page.getByTestId('roster-open').click();
    await ok({ type: 'place-models', models: [{ id: 'A1', xMm: 300, yMm: 300, fallen: false }, { id: 'B1', xMm: 500, yMm: 300, fallen: false }, { id: 'B2', xMm: 1500, yMm: 1000, fallen: false }, { id: 'B3', xMm: 1600, yMm: 1000, fallen: false }] });
    await ok({ type: 'finish-setup', firstPlayer: 'A' });
    await ok({ type: 'select', shooterId: 'A1', targetId: 'B1', weaponId: 'assault-rifle' });
    await page.getByTestId('typed-dice').waitFor();
    await page.getByTestId('typed-dice').click();
    await page.keyboard.type('4 ');
    const before = await revision(page);
    await ok({ type: 'set-terrain', source: 'manual', pieces: [] });
    await page.waitForFunction((r) => (window.__shagomer?.view()?.revision ?? -1) > r, before);
    await page.keyboard.type('5');
    expect(await page.getByTestId('typed-dice').inputValue()).toBe('4 5');
  });

  it('lays the table labels out so that none covers another or a model, models in base contact included', { timeout: 120_000 }, async () => {
    await ok({ type: 'new-game', ruleset: 'vtorzhenie', title: 'Плотный контакт', seed: 'walk-labels', players });
    await ok({ type: 'add-model', model: trooper('A', 'Стрелок') });
    await ok({ type: 'add-model', model: trooper('A', 'Пулемётчик') });
    await ok({ type: 'add-model', model: trooper('B', 'Штурмовик') });
    await ok({ type: 'add-model', model: trooper('B', 'Гранатомётчик') });
    // A1 and B1 base to base (25 mm bases, 25 mm apart), B2 touching both; A2 far off, to be moved.
    await ok({ type: 'place-models', models: [{ id: 'A1', xMm: 600, yMm: 600, fallen: false }, { id: 'B1', xMm: 625, yMm: 600, fallen: false }, { id: 'B2', xMm: 612, yMm: 622, fallen: false }, { id: 'A2', xMm: 760, yMm: 560, fallen: false }] });
    await ok({ type: 'finish-setup', firstPlayer: 'A' });
    await ok({ type: 'place-models', models: [{ id: 'A2', xMm: 660, yMm: 570, fallen: false }] });
    await ok({ type: 'select', shooterId: 'A1', targetId: 'B1', weaponId: 'assault-rifle' });
    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();
    await caughtUp(page);
    await page.waitForFunction(() => window.__shagomer?.table.targetLabelAt !== null);
    const found = await page.evaluate(() => {
      const s = window.__shagomer;
      const v = s?.view();
      if (!s || !v) return { boxes: [], crossing: ['no page'], onModels: [] };
      const boxes = s.table.labelBoxes;
      const r = s.table.canvas.getBoundingClientRect();
      const o = s.table.toScreen(0, 0);
      const pxPerMm = (s.table.toScreen(1000, 0).x - o.x) / 1000;
      const crossing: string[] = [];
      boxes.forEach((a, i) =>
        boxes.slice(i + 1).forEach((b) => {
          const ox = Math.min(a.x + a.w / 2, b.x + b.w / 2) - Math.max(a.x - a.w / 2, b.x - b.w / 2);
          const oy = Math.min(a.y + a.h / 2, b.y + b.h / 2) - Math.max(a.y - a.h / 2, b.y - b.h / 2);
          if (ox > 0.5 && oy > 0.5) crossing.push(`${a.text} × ${b.text}`);
        }),
      );
      const onModels = v.models.flatMap((m) => {
        if (!m.pos) return [];
        const c = s.table.toScreen(m.pos.xMm, m.pos.yMm);
        const cx = c.x - r.left;
        const cy = c.y - r.top;
        const radius = Math.max((m.baseMm / 2) * pxPerMm, 5);
        return boxes.filter((b) => Math.hypot(Math.max(b.x - b.w / 2, Math.min(cx, b.x + b.w / 2)) - cx, Math.max(b.y - b.h / 2, Math.min(cy, b.y + b.h / 2)) - cy) < radius).map((b) => `${b.text} on ${m.id}`);
      });
      return { boxes: boxes.map((b) => b.text), crossing, onModels };
    });
    // The target line's label, four names and A2's move.
    expect(found.boxes).toHaveLength(6);
    expect(found.crossing).toEqual([]);
    expect(found.onModels).toEqual([]);
    const at = await screenAt(page, 'A1');
    await page.screenshot({ path: 'docs/walk-labels-base-contact.png', clip: { x: at.x - 160, y: at.y - 110, width: 360, height: 220 } });
  });

  it('names weapons in the player\'s language: the catalogue\'s by id, any other by its label', { timeout: 120_000 }, async () => {
    await ok({ type: 'new-game', ruleset: 'vtorzhenie', title: 'Оружие по-английски', seed: 'walk-weapons', players });
    const sniper = {
      ...trooper('A', 'Снайпер'),
      weapons: [
        { id: 'sniper-rifle', label: 'Снайперская винтовка', rangeSteps: 20, power: 3, accuracyBonus: 1 },
        { id: 'home-made', label: 'Самопал', rangeSteps: 6, power: 1, accuracyBonus: 0 },
      ],
    };
    await ok({ type: 'add-model', model: sniper });
    await ok({ type: 'add-model', model: trooper('B', 'Цель') });
    await page.goto(server.refereeUrl);
    await page.getByTestId('tag-A1').waitFor();
    const armyRow = async (): Promise<string> => (await page.locator('[data-testid=army] tr', { hasText: 'A1' }).first().textContent()) ?? '';
    expect(await armyRow()).toContain('Снайперская винтовка, Самопал');
    await page.getByTestId('lang').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await armyRow()).toContain('Sniper rifle, Самопал');
    await page.getByTestId('lang').click();
    await ok({ type: 'place-models', models: [{ id: 'A1', xMm: 300, yMm: 300, fallen: false }, { id: 'B1', xMm: 700, yMm: 300, fallen: false }] });
    await ok({ type: 'finish-setup', firstPlayer: 'A' });
    await ok({ type: 'select', shooterId: 'A1', targetId: null, weaponId: 'sniper-rifle' });
    await page.getByTestId('weapon').waitFor();
    const options = () => page.getByTestId('weapon').locator('option').allTextContents();
    expect(await options()).toEqual(['Снайперская винтовка (20 шагов)', 'Самопал (6 шагов)']);
    await page.getByTestId('lang').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await options()).toEqual(['Sniper rifle (20 steps)', 'Самопал (6 steps)']);
    await page.screenshot({ path: 'docs/walk-weapon-names-en.png' });
    await page.getByTestId('lang').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
  });

  it('keeps both of two quick picks on the table; names the action as its system does', { timeout: 120_000 }, async () => {
    await ok({ type: 'new-game', ruleset: 'bronepekhota', title: 'Быстрый залп', seed: 'walk-volley', players });
    const bp = (player: 'A' | 'B', name: string, armour = 3) => ({ ...trooper(player, name), unitType: 'infantry', armour, weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 8, shooting: 3 }] });
    for (const m of [bp('A', 'Стрелок'), bp('A', 'Пулемётчик'), bp('B', 'Дозорный', 2)]) await ok({ type: 'add-model', model: m });
    await ok({ type: 'place-models', models: [{ id: 'A1', xMm: 300, yMm: 600, fallen: false }, { id: 'A2', xMm: 340, yMm: 640, fallen: false }, { id: 'B1', xMm: 480, yMm: 600, fallen: false }] });
    await ok({ type: 'finish-setup', firstPlayer: 'A' });
    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();
    await caughtUp(page);

    // The system's own name for its attack (Бронепехота: «виртуальная атака»), from the view's labels.
    await ok({ type: 'select', shooterId: 'A1', targetId: 'B1', weaponId: 'assault-rifle' });
    await page.getByTestId('attack-panel').waitFor();
    expect(await page.getByTestId('attack-panel').locator('h3').textContent()).toContain('виртуальная атака');
    await page.getByTestId('lang').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=attack-panel] h3')?.textContent?.includes('virtual attack') === true);
    await page.getByTestId('lang').click();
    await ok({ type: 'select', shooterId: 'A1', targetId: null, weaponId: null });
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.targetId === null);

    // The volley: the squad mate and the target clicked one after the other, faster than the views
    // come back (the intents held on the way), and both join it.
    await page.getByTestId('action-volley').click();
    await page.getByTestId('action-draft').waitFor();
    await page.route('**/api/intent', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await clickModel(page, 'A2');
    await clickModel(page, 'B1');
    await page.getByTestId('action-target-B1').waitFor();
    await page.unroute('**/api/intent');
    await page.getByTestId('action-target-A2').waitFor({ timeout: 3000 });
    expect((await page.evaluate(() => window.__shagomer?.view()?.draft?.targetIds)) ?? []).toEqual(['A2', 'B1']);
    await page.waitForFunction(() => window.__shagomer?.view()?.draft?.priced === true);
    await page.screenshot({ path: 'docs/walk-volley-quick-picks.png' });
  });

  it('changes nothing while replaying a game or on a page that only watches', { timeout: 120_000 }, async () => {
    await ok({ type: 'new-game', ruleset: 'zvezdny-desant', title: 'Повтор десанта', seed: 'walk-replay', players: [{ id: 'A', name: 'Орлов', colour: '#3366cc' }, { id: 'B', name: 'Рой', colour: '#cc3333' }] });
    await ok({ type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'A', units: [{ id: 'A1', type: 'trooper-squad', figures: 5, options: [], stats: {} }] } });
    await ok({ type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'B', units: [{ id: 'B1', type: 'bug-swarm', figures: 6, options: [], stats: {} }] } });
    await ok({ type: 'place-models', models: [{ id: 'A1', xMm: 300, yMm: 300, fallen: false }, { id: 'B1', xMm: 700, yMm: 500, fallen: false }] });
    await ok({ type: 'finish-setup', firstPlayer: 'A' });
    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();
    await caughtUp(page);
    // In play the initiative is the referee's to set; typing it survives two views (its row is
    // kept on screen while unchanged, dom-patch.ts) and it is set when the field is left.
    await page.getByTestId('initiative-A1').waitFor();
    await page.getByTestId('initiative-A1').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    for (const pieces of [[{ id: 'T1', polygonMm: [[900, 900], [1000, 900], [1000, 1000]], heightMm: 50, size: 'small', cover: 'light', movement: 'open', greyZone: false, tag: null }], []]) {
      const before = await revision(page);
      await ok({ type: 'set-terrain', source: 'manual', pieces });
      await page.waitForFunction((r) => (window.__shagomer?.view()?.revision ?? -1) > r, before);
    }
    expect(await page.getByTestId('initiative-A1').inputValue()).toBe('4');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('initiative-A1');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => window.__shagomer?.view()?.models.find((m) => m.id === 'A1')?.initiative === 4);

    await page.getByTestId('replay-open').click();
    await page.getByTestId('replay').waitFor();
    // The last step: the table as it stands, models placed and the game begun.
    await page.getByTestId('replay-last').click();
    await page.waitForFunction(() => { const r = window.__shagomer?.view()?.replay; return r ? r.step === r.steps - 1 : false; });
    await caughtUp(page);
    await clickModel(page, 'A1');
    await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A1');
    await caughtUp(page);
    await page.screenshot({ path: 'docs/walk-replay-nothing-to-change.png' });
    // The replay's own buttons and the language; choosing a weapon to read the odds changes nothing.
    const inPanel = (await usable(page, 'aside.panel input, aside.panel select, aside.panel button')).filter((id) => !id.startsWith('replay') && id !== 'weapon');
    expect(inPanel).toEqual([]);
    // A model dragged while replaying stays where it stood (and no override is offered).
    const before = await revision(page);
    const from = await screenAt(page, 'A1');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('move-refused').count()).toBe(0);
    expect(await revision(page)).toBe(before);
    await page.getByTestId('replay-close').click();
    await page.getByTestId('initiative-A1').waitFor();

    // A phone watching: the table and the turn, nothing to press but the language.
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await phone.goto(`${server.url}spectate`);
    await phone.waitForFunction(() => window.__shagomer?.view()?.readOnly === true);
    const phoneControls = (await usable(phone, 'input, select, button')).filter((id) => id !== 'lang');
    expect(phoneControls).toEqual([]);
    await phone.close();
  });
});
