import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serve, stop, type Served } from './harness.js';

/**
 * The engine's turn structure reaches the players: in a Бронепехота game (one unit per turn) a
 * second unit's activation is refused, and the UI shows the engine's reason in its language.
 */
let browser: Browser;
let server: Served;

const post = async (body: unknown): Promise<unknown> => (await fetch(`${server.url}api/intent`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();

const trooper = (player: 'A' | 'B') => ({ player, name: 'Пехотинец', kind: 'infantry', unitType: 'infantry', armour: 3, stamina: 1, speedSteps: 4, baseMm: 25, heightMm: 40, weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 8, shooting: 3 }], tag: null, hitNode: null, tiltNode: null, launcherNode: null });

describe('turn refusals in the UI', () => {
  beforeAll(async () => {
    server = await serve(['--data', join(mkdtempSync(join(tmpdir(), 'shagomer-ui-turn-')), 'data')]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server.proc);
  });

  it('shows why the engine refused an activation, in Russian and in English', { timeout: 60_000 }, async () => {
    expect(await post({ type: 'new-game', ruleset: 'bronepekhota', title: 'ход', seed: 't', players: [{ id: 'A', name: 'Аня', colour: '#3366cc' }, { id: 'B', name: 'Боря', colour: '#cc3333' }] })).toEqual({ ok: true });
    for (const p of ['A', 'A', 'B'] as const) expect(await post({ type: 'add-model', model: trooper(p) })).toEqual({ ok: true });
    expect(await post({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 100, fallen: false }, { id: 'A2', xMm: 150, yMm: 100, fallen: false }, { id: 'B1', xMm: 600, yMm: 400, fallen: false }] })).toEqual({ ok: true });
    expect(await post({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });

    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(server.url);
    await page.getByTestId('activate-A1').click();
    await page.waitForFunction(() => window.__shagomer?.view()?.acting === 'A1');
    await page.getByTestId('activate-A2').click();
    await page.getByTestId('toast').waitFor();
    expect(await page.getByTestId('toast').textContent()).toBe('этот ход уже отдан A1: за ход действует только один отряд');
    await page.getByTestId('lang').click();
    await page.getByTestId('activate-A2').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=toast]')?.textContent?.startsWith('this turn'));
    expect(await page.getByTestId('toast').textContent()).toBe('this turn already belongs to A1: one unit acts per turn');
    await page.getByTestId('lang').click();
    await page.close();
  });
});
