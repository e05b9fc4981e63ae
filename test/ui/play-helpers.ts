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

export async function clickModel(p: Page, id: string): Promise<void> {
  const at = await screenAt(p, id);
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
