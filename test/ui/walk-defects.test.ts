import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { refereeInit, servePageForSuite, type Served } from './harness.js';
import { clippedInPanel } from './play-helpers.js';

/**
 * Two defects of issue 12's walk, on a crowded table built over HTTP: the target line's label
 * must cover no model (models stand on the line's middle, so the first place tried is taken),
 * and the side panel's controls must not run past its edge at 1440 px with the odds, the
 * attack panel and 30 models' rows shown. Opening the game from the past-games list and back
 * throws nothing (the `arc … radius is negative` error). The demo's end («Датчики: —», the
 * summary) is test/ui/demo.test.ts.
 */
let page: Page;
let server: Served;
const errors: string[] = [];

describe('walk defects on a crowded table', () => {
  servePageForSuite('walk', (s) => {
    ({ server, page } = s);
    page.on('pageerror', (e) => errors.push(e.message));
  });

  it('places the target label off every model, fits the panel at 1440 px, opens games without errors', { timeout: 150_000 }, async () => {
    const post = async (intent: unknown): Promise<void> => {
      const r = (await (await fetch(`${server.url}api/intent`, refereeInit(server.token, intent))).json()) as { ok: boolean; problem?: string };
      if (!r.ok) throw new Error(`${JSON.stringify(intent)}: ${r.problem ?? ''}`);
    };
    await post({ type: 'new-game', ruleset: 'vtorzhenie', title: 'Тесно', seed: 'walk', players: [{ id: 'A', name: 'Синие', colour: '#2563eb' }, { id: 'B', name: 'Красные', colour: '#dc2626' }] });
    const weapons = [{ id: 'tank-gun', label: 'Орудие', rangeSteps: 30, power: 5, accuracyBonus: 0 }];
    for (let i = 0; i < 30; i++) {
      const player = i < 15 ? 'A' : 'B';
      await post({ type: 'add-model', model: { player, name: `${player}-${i % 15}`, kind: 'infantry', armour: 2, stamina: 1, speedSteps: 4, baseMm: 40, heightMm: 40, weapons, tag: null, hitNode: null, tiltNode: null, launcherNode: null } });
    }
    const v0 = (await (await fetch(`${server.url}api/view`, refereeInit(server.token))).json()) as { models: { id: string; player: string }[] };
    // A1 at the left, B1 at the right, the other 28 crowded beside the line between them (off it: a model on the line blocks the sight).
    const models = v0.models.map((m, i) => {
      if (m.id === 'A1') return { id: m.id, xMm: 200, yMm: 600, fallen: false };
      if (m.id === 'B1') return { id: m.id, xMm: 1600, yMm: 600, fallen: false };
      const k = i - 1;
      return { id: m.id, xMm: 420 + (k % 14) * 80, yMm: Math.floor(k / 14) === 0 ? 660 : 840, fallen: false };
    });
    await post({ type: 'place-models', models });
    await post({ type: 'finish-setup', firstPlayer: 'A' });
    await page.goto(server.refereeUrl);
    await page.getByTestId('turn').waitFor();
    await post({ type: 'select', shooterId: 'A1', targetId: 'B1', weaponId: 'tank-gun' });
    await page.getByTestId('attack-panel').waitFor();
    await page.waitForFunction(() => window.__shagomer?.table.targetLabelAt !== null);

    // The label's box against every model's disc, in canvas px (the disc as drawn: base radius, at least 5 px).
    const overlaps = await page.evaluate(() => {
      const s = window.__shagomer;
      const label = s?.table.targetLabelAt;
      const v = s?.view();
      if (!s || !label || !v) return ['no label'];
      const r = s.table.canvas.getBoundingClientRect();
      const o = s.table.toScreen(0, 0);
      const pxPerMm = (s.table.toScreen(1000, 0).x - o.x) / 1000;
      return v.models.flatMap((m) => {
        if (!m.pos) return [];
        const c = s.table.toScreen(m.pos.xMm, m.pos.yMm);
        const cx = c.x - r.left;
        const cy = c.y - r.top;
        const radius = Math.max((m.baseMm / 2) * pxPerMm, 5);
        const nx = Math.max(label.x - label.w / 2, Math.min(cx, label.x + label.w / 2));
        const ny = Math.max(label.y - label.h / 2, Math.min(cy, label.y + label.h / 2));
        return Math.hypot(nx - cx, ny - cy) < radius ? [m.id] : [];
      });
    });
    expect(overlaps).toEqual([]);

    // Nothing in the side panel runs past its edge at 1440 px.
    expect(await clippedInPanel(page)).toEqual([]);

    // To the past-games list and back into the game: no uncaught error on the way.
    await page.getByTestId('games').click();
    await page.locator('[data-testid^=game-] button').first().click();
    await page.getByTestId('turn').waitFor();
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
  });
});
