import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { refereeInit, servePageForSuite, type Served } from './harness.js';
import { clickModel } from './play-helpers.js';
import { walk } from './words-check.js';

/**
 * Звездный Десант played in Chromium, once in Russian and once in English: the orders screen
 * (points spent, the opponent's cut of an overspent total), a charge its order forbids refused
 * with the reason and let through by the referee, a melee with dice typed from the table, a panic
 * test with the seeded dice, and a unit's fire with its exact odds shown before the roll; the
 * units' figures and markers are read on screen afterwards.
 */
let page: Page;
let server: Served;

const post = async (body: unknown): Promise<unknown> => (await fetch(`${server.url}api/intent`, refereeInit(server.token, body))).json();
const view = (p: Page) => p.evaluate(() => window.__shagomer?.view() ?? null);
const text = async (id: string): Promise<string> => (await page.getByTestId(id).textContent()) ?? '';
const deselect = async (): Promise<void> => {
  await page.locator('canvas').click({ button: 'right', position: { x: 3, y: 3 } });
  await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === null);
};

/** The walk reads the panels in both languages: a toast of the other language has said its piece. */
const walkBoth = async (name: string, lang: 'ru' | 'en'): Promise<void> => {
  await page.evaluate(() => document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove()));
  await walk(page, name);
  if (lang === 'en') await page.getByTestId('lang').click();
};

const W = {
  ru: {
    spentA: 'Орлов: командных очков 10 из 10',
    overB: 'Перерасход 2: Орлов снижает инициативу',
    refused: 'B1: приказ «Оборона» не позволяет «нападение»',
    meleeDice: 'выпало: 1 1 1 1 1 1 20 20 20 20 5 (кубики со стола)',
    b1After: 'фигурок: 4 из 6',
    hit: /попадание 100,0\s%/,
  },
  en: {
    spentA: 'Орлов: 10 of 10 command points',
    overB: 'Overspent by 2: Орлов lowers the initiatives',
    refused: 'B1: the Defence order does not allow charge',
    meleeDice: 'rolled: 1 1 1 1 1 1 20 20 20 20 5 (table dice)',
    b1After: '4 of 6 figures',
    hit: /hit 100\.0\s?%/,
  },
} as const;

describe('Звездный Десант in the app: orders, melee, panic, fire', () => {
  servePageForSuite('zd-play', (s) => ({ server, page } = s));

  for (const lang of ['ru', 'en'] as const) {
    it(`plays a turn in ${lang === 'ru' ? 'Russian' : 'English'}`, { timeout: 240_000 }, async () => {
      const w = W[lang];
      expect(await post({ type: 'new-game', ruleset: 'zvezdny-desant', title: lang === 'ru' ? 'Десант, первая игра' : 'Десант, вторая игра', seed: `zd-${lang}`, players: [{ id: 'A', name: 'Орлов', colour: '#3366cc' }, { id: 'B', name: 'Рой', colour: '#cc3333' }] })).toEqual({ ok: true });
      expect(await post({ type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'A', units: [{ id: 'A1', type: 'trooper-squad', figures: 5, options: [], stats: {} }, { id: 'A2', type: 'heavy-squad', options: [], stats: {} }] } })).toEqual({ ok: true });
      expect(await post({ type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'B', units: [{ id: 'B1', type: 'bug-swarm', figures: 6, options: [], stats: {} }] } })).toEqual({ ok: true });
      // A1 and the bugs 2.7 steps apart (a melee); A2 15 steps off with its heavy guns.
      expect(await post({ type: 'place-models', models: [{ id: 'A1', xMm: 300, yMm: 300, fallen: false }, { id: 'A2', xMm: 300, yMm: 700, fallen: false }, { id: 'B1', xMm: 400, yMm: 300, fallen: false }] })).toEqual({ ok: true });
      expect(await post({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });

      await page.goto(server.refereeUrl);
      await page.getByTestId('turn').waitFor();
      if (lang === 'en') await page.getByTestId('lang').click();
      await page.getByTestId('orders-panel').waitFor();

      // Orders: A spends his 10 points on two cards.
      await page.getByTestId('order-A1').selectOption('attack');
      await page.getByTestId('order-initiative-A1').fill('6');
      await page.getByTestId('order-initiative-A1').dispatchEvent('change');
      await page.getByTestId('order-A2').selectOption('defence');
      await page.getByTestId('order-initiative-A2').fill('4');
      await page.getByTestId('order-initiative-A2').dispatchEvent('change');
      await page.waitForFunction((want) => document.querySelector('[data-testid=orders-spent-A]')?.textContent === want, w.spentA);
      await page.getByTestId('orders-submit-A').click();
      await page.getByTestId('orders-given-A').waitFor();
      // B puts 12 on one card: over by 2, so A cuts it before it stands (digest).
      await page.getByTestId('order-B1').selectOption('defence');
      await page.getByTestId('order-initiative-B1').fill('12');
      await page.getByTestId('order-initiative-B1').dispatchEvent('change');
      await page.getByTestId('orders-over-B').waitFor();
      expect(await text('orders-over-B')).toBe(w.overB);
      await page.getByTestId('order-lower-B1').fill('2');
      await page.getByTestId('order-lower-B1').dispatchEvent('change');
      await walkBoth('zd-orders', lang);
      await page.getByTestId('orders-submit-B').click();
      await page.waitForFunction(() => window.__shagomer?.view()?.activationOrder?.join(' ') === 'B1 A1 A2');
      expect((await view(page))?.models.map((m) => [m.id, m.initiative])).toEqual([['A1', 6], ['A2', 4], ['B1', 10]]);

      // B1 acts first by initiative, but «Оборона» allows no charge: said before the roll, refused on it.
      await clickModel(page, 'B1');
      await page.getByTestId('action-charge').click();
      await page.getByTestId('action-target-A1').waitFor();
      await page.getByTestId('action-out-of-turn').waitFor();
      expect(await text('action-out-of-turn')).toBe(w.refused);
      await page.getByTestId('action-roll-virtual').click();
      await page.waitForFunction((want) => document.querySelector('[data-testid=toast]')?.textContent === want, w.refused);
      // The referee lets it stand: journalled as an override.
      await page.getByTestId('action-override').click();
      await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 1);
      expect((await view(page))?.actionResults?.[0]).toMatchObject({ action: 'charge', override: true });
      if (await page.getByTestId('action-cancel').isVisible()) await page.getByTestId('action-cancel').click();
      await deselect();

      // A1's melee with the bugs, dice typed from the table: the bugs' six strikes miss БСП 8,
      // A1's five strikes against БСП 10 (9, +1 for more figures) wound four times: 2 bugs die.
      await clickModel(page, 'A1');
      await page.getByTestId('action-multi-melee').click();
      await page.getByTestId('action-target-B1').waitFor();
      expect(await text('action-odds')).toMatch(/\d+[,.]\d\s?%/);
      // Eleven d20s: the exact fraction is beside the percentage only while it is readable (≤ 5 digits below the line).
      await page.waitForFunction(() => window.__shagomer?.view()?.draft?.priced === true);
      const melee = (await view(page))?.draft;
      const harm = melee?.odds[melee.harmKey] ?? '';
      expect(harm).toMatch(/^\d+\/\d+$/);
      if ((harm.split('/')[1] ?? '').length <= 5) expect(await text('action-odds')).toMatch(new RegExp(`— ${harm}$`));
      else expect(await text('action-odds')).not.toContain(harm);
      // What the percentage is for, in words: the acting player's melee won.
      expect(await text('action-odds')).toContain(lang === 'ru' ? 'Орлов: победа в ближнем бою' : 'Орлов: won the melee');
      await page.getByTestId('action-typed-dice').fill('1 1 1 1 1 1 20 20 20 20 5');
      await page.getByTestId('action-roll-typed').click();
      await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 2);
      await page.getByTestId('unit-state-B1').waitFor();
      expect(await text('unit-state-B1')).toBe(w.b1After);
      expect(await text('action-result')).toContain(w.meleeDice);
      expect((await view(page))?.models.find((m) => m.id === 'A1')).toMatchObject({ figuresLeft: 5, markers: 0 });
      if (await page.getByTestId('action-cancel').isVisible()) await page.getByTestId('action-cancel').click();
      await deselect();

      // The losers' panic test, seeded dice: D20 ≤ ЛДР 10 holds, odds 1/2 shown before the roll.
      await clickModel(page, 'B1');
      await page.getByTestId('action-panic-test').click();
      await page.getByTestId('action-draft').waitFor();
      await page.waitForFunction(() => window.__shagomer?.view()?.draft?.odds['panic=true'] === '1/2');
      expect(await text('action-odds')).toMatch(lang === 'ru' ? /паника 50,0\s%/ : /panic 50\.0\s?%/);
      await walkBoth('zd-panic', lang);
      await page.getByTestId('action-roll-virtual').click();
      await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 3);
      const panic = (await view(page))?.actionResults?.at(-1);
      expect(panic).toMatchObject({ action: 'panic-test', dice: 'virtual' });
      expect(panic?.diceUsed).toHaveLength(1);
      if (await page.getByTestId('action-cancel').isVisible()) await page.getByTestId('action-cancel').click();
      await deselect();

      // A2's fire at the bugs: three heavy guns of Скр 3 at 11+, Хрк A16; the exact odds first.
      await clickModel(page, 'A2');
      await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A2');
      await clickModel(page, 'B1');
      await page.waitForFunction(() => window.__shagomer?.view()?.odds?.action === 'shoot');
      const odds = (await view(page))?.odds;
      expect(odds?.problem).toBeNull();
      expect(odds?.odds['hit=true']).toBe('511/512');
      expect(await text('odds')).toMatch(/\d+[,.]\d\s?%/);
      expect(await text('odds-words')).toMatch(lang === 'ru' ? /попадание 99,8\s%/ : /hit 99\.8\s?%/);
      await page.getByTestId('roll-virtual').click();
      await page.waitForFunction(() => (window.__shagomer?.view()?.attacks ?? []).length === 1);
      const shot = (await view(page))?.attacks?.[0];
      const b1 = (await view(page))?.models.find((m) => m.id === 'B1');
      const killed = Number(shot?.outcome.killed ?? 0);
      expect(b1?.figuresLeft).toBe(4 - killed);
      expect(b1?.markers).toBe(Number(shot?.outcome.markers ?? 0));
      await walkBoth('zd-fire', lang);
      await deselect();
    });
  }
});
