import type { Page } from 'playwright-core';

/** Steps of a game in the browser shared by the UI tests. */

export async function screenAt(p: Page, id: string): Promise<{ x: number; y: number }> {
  return p.evaluate((modelId) => {
    const s = window.__shagomer;
    const m = s?.view()?.models.find((x) => x.id === modelId);
    if (!s || !m?.pos) throw new Error(`no model ${modelId} on the table`);
    return s.table.toScreen(m.pos.xMm, m.pos.yMm);
  }, id);
}

/** Two animation frames: the table's ResizeObserver has refitted the drawing by then. */
async function settle(p: Page): Promise<void> {
  await p.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Clicks a model where the table draws it. The panel beside the table can change its width
 * just before (a turn banner, a new button), and the table refits only in its ResizeObserver,
 * so the point is taken once it holds still over two frames.
 */
export async function clickModel(p: Page, id: string): Promise<void> {
  let at = await screenAt(p, id);
  for (let tries = 0; tries < 20; tries++) {
    await settle(p);
    const again = await screenAt(p, id);
    const still = Math.abs(again.x - at.x) < 0.5 && Math.abs(again.y - at.y) < 0.5;
    at = again;
    if (still) break;
  }
  await p.mouse.click(at.x, at.y);
}

export async function addModel(p: Page, player: 'A' | 'B', preset: string, name: string, expectedRows: number): Promise<void> {
  await p.getByTestId('add-player').selectOption(player);
  await p.getByTestId('add-preset').selectOption(preset);
  await p.getByTestId('add-name').fill(name);
  await p.getByTestId('add-model').click();
  await p.locator('[data-testid=army] tr').nth(expectedRows).waitFor({ timeout: 5000 });
}

/** The side panel's controls and cells that run past its right edge (their texts); [] when all fit. */
export async function clippedInPanel(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const panel = document.querySelector('aside.panel');
    if (!panel) return ['no panel'];
    const edge = panel.getBoundingClientRect().left + panel.clientLeft + panel.clientWidth;
    return [...panel.querySelectorAll('button, input, select, th, td')].filter((b) => b.getBoundingClientRect().right > edge + 0.5).map((b) => b.textContent ?? b.tagName);
  });
}
