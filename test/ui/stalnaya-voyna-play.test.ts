import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { refereeInit, servePageForSuite, type Served } from './harness.js';
import { clickModel } from './play-helpers.js';
import { walk } from './words-check.js';

/**
 * Стальная война played in Chromium, once in Russian and once in English: a squad's fire measured
 * in inches with dice typed from the table, a casualty's wound taking a figure out of the unit, a
 * morale test with the threat from the attackers picked on the table, and a paired melee rolled
 * with the seeded dice; the units' figures and suppression are read on screen afterwards.
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
const walkBoth = async (name: string, lang: 'ru' | 'en'): Promise<void> => {
  await page.evaluate(() => document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove()));
  await walk(page, name);
  if (lang === 'en') await page.getByTestId('lang').click();
};
const unit = (id: string, type: string, figures?: number) => ({ id, type, ...(figures ? { figures } : {}), options: [], stats: {} });

const W = {
  ru: { afterFire: 'фигурок: 8 из 8 · подавление: 1', afterWound: 'фигурок: 7 из 8 · подавление: 1', dice: 'выпало: 6 6 1 (кубики со стола)', morale: /боевой дух/ },
  en: { afterFire: '8 of 8 figures · suppression: 1', afterWound: '7 of 8 figures · suppression: 1', dice: 'rolled: 6 6 1 (table dice)', morale: /morale/ },
} as const;

describe('Стальная война in the app: fire, a wound, morale, close combat', () => {
  servePageForSuite('sv-play', (s) => ({ server, page } = s));

  for (const lang of ['ru', 'en'] as const) {
    it(`plays a turn in ${lang === 'ru' ? 'Russian' : 'English'}`, { timeout: 240_000 }, async () => {
      const w = W[lang];
      expect(await post({ type: 'new-game', ruleset: 'stalnaya-voyna', title: lang === 'ru' ? 'Сталь, первая игра' : 'Сталь, вторая игра', seed: `sv-${lang}`, players: [{ id: 'A', name: 'Север', colour: '#3366cc' }, { id: 'B', name: 'Юг', colour: '#cc3333' }] })).toEqual({ ok: true });
      expect(await post({ type: 'add-roster', roster: { system: 'stalnaya-voyna', player: 'A', units: [unit('A1', 'rifle-squad', 8), unit('A2', 'tank'), unit('A3', 'rifle-squad', 4)] } })).toEqual({ ok: true });
      expect(await post({ type: 'add-roster', roster: { system: 'stalnaya-voyna', player: 'B', units: [unit('B1', 'rifle-squad', 8), unit('B2', 'rifle-squad', 4)] } })).toEqual({ ok: true });
      // A1 and B1 9" apart edge to edge (a d6 shooter's zone 2); A3 and B2 in contact.
      const at = [['A1', 300, 300], ['A2', 300, 550], ['A3', 700, 800], ['B1', 554, 300], ['B2', 740, 800]] as const;
      expect(await post({ type: 'place-models', models: at.map(([id, xMm, yMm]) => ({ id, xMm, yMm, fallen: false })) })).toEqual({ ok: true });
      expect(await post({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });

      await page.goto(server.refereeUrl);
      await page.getByTestId('turn').waitFor();
      if (lang === 'en') await page.getByTestId('lang').click();

      // Fire: eight rifles of ROF 1 (d8) with the d6 quality die against a d6 range die (zone 2).
      await clickModel(page, 'A1');
      await page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === 'A1');
      await clickModel(page, 'B1');
      await page.waitForFunction(() => window.__shagomer?.view()?.odds?.action === 'fire');
      const odds = (await view(page))?.odds;
      expect(odds?.problem).toBeNull();
      expect(await text('odds')).toMatch(/\d+[,.]\d\s?%/);
      // The tape in inches: 9" from a d6 shooter is zone 2, range die d6.
      expect(odds?.odds['range_die=d6']).toBe('1/1');
      expect(odds?.odds['firepower_die=d8']).toBe('1/1');
      await page.getByTestId('typed-dice').fill('6 6 1');
      await page.getByTestId('roll-typed').click();
      await page.waitForFunction(() => (window.__shagomer?.view()?.attacks ?? []).length === 1);
      expect((await view(page))?.attacks?.[0]?.outcome).toMatchObject({ result: 'casualties', casualties: 2, range_die: 'd6', firepower_die: 'd8' });
      await page.getByTestId('unit-state-B1').waitFor();
      expect(await text('unit-state-B1')).toBe(w.afterFire);
      expect(await text('attack-result')).toContain(w.dice);
      await deselect();

      // A casualty of that fire, wounded by the tank gun's d12 against the rifleman's d4: 5 > 4.
      await clickModel(page, 'A2');
      await page.getByTestId('action-casualty').click();
      await page.getByTestId('action-draft').waitFor();
      await clickModel(page, 'B1');
      await page.getByTestId('action-target-B1').waitFor();
      await page.waitForFunction(() => window.__shagomer?.view()?.draft?.priced === true);
      expect(await text('action-odds')).toMatch(/\d+[,.]\d\s?%/);
      await page.getByTestId('action-typed-dice').fill('5 4');
      await page.getByTestId('action-roll-typed').click();
      await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 1);
      await page.waitForFunction((want) => document.querySelector('[data-testid=unit-state-B1]')?.textContent === want, w.afterWound);
      expect((await view(page))?.actionResults?.[0]?.outcomes[0]?.outcome).toMatchObject({ result: 'wounded', out_of_action: true });
      await walkBoth('sv-wound', lang);
      await deselect();

      // B1's morale under the threat of A1's eight (8 against 7: +1), the seeded dice.
      await clickModel(page, 'B1');
      await page.getByTestId('action-morale').click();
      await page.getByTestId('action-draft').waitFor();
      await clickModel(page, 'A1');
      await page.getByTestId('action-target-A1').waitFor();
      await page.waitForFunction(() => window.__shagomer?.view()?.draft?.priced === true);
      // d6 against leadership 2 + threat 1: 4, 5 or 6 holds.
      expect((await view(page))?.draft?.odds['passed=true']).toBe('1/2');
      expect(await text('action-odds')).toMatch(lang === 'ru' ? /проверка пройдена 50,0\s%/ : /test passed 50\.0\s?%/);
      expect(await text('action-draft')).toMatch(w.morale);
      await page.getByTestId('action-roll-virtual').click();
      await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 2);
      const morale = (await view(page))?.actionResults?.at(-1);
      expect(morale).toMatchObject({ action: 'morale', dice: 'virtual' });
      expect(morale?.diceUsed).toHaveLength(1);
      await deselect();

      // A3's close combat with B2 in contact, four pairs, the seeded dice.
      await clickModel(page, 'A3');
      await page.getByTestId('action-paired-melee').click();
      await page.getByTestId('action-target-B2').waitFor();
      await page.waitForFunction(() => window.__shagomer?.view()?.draft?.priced === true);
      expect(await text('action-odds')).toMatch(/— \d+\/\d+$/);
      await walkBoth('sv-melee', lang);
      await page.getByTestId('action-roll-virtual').click();
      await page.waitForFunction(() => (window.__shagomer?.view()?.actionResults ?? []).length === 3);
      const melee = (await view(page))?.actionResults?.at(-1);
      expect(melee).toMatchObject({ action: 'paired-melee', dice: 'virtual' });
      expect(melee?.diceUsed).toHaveLength(8);
      expect((await view(page))?.acting).toBe('A3');
      await deselect();
    });
  }
});
