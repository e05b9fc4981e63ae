import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { AttackView, GameView } from '../../src/app/api/view.js';

type ActionResult = NonNullable<GameView['actionResults']>[number];
import { CLI, launchChromium, ptyPair, ROOT, serve, stop, until, type Served } from './harness.js';
import { clickModel, screenAt } from './play-helpers.js';
import { screenText, untranslated } from './words-check.js';

/**
 * The steps of a whole game in the browser, shared by test/ui/game-*.test.ts: a club's evening
 * from the first roster to the replay, in the language the players chose. Every step works the
 * screen (buttons, the table canvas, file inputs) and checks what the engine decided in the view.
 */

export type Lang = 'ru' | 'en';
export const LANGS: readonly Lang[] = ['ru', 'en'];

/** A text the screen shows in each language. */
export type Said = Record<Lang, string | RegExp>;

export interface Table {
  server: Served;
  browser: Browser;
  page: Page;
  dir: string;
  lang: Lang;
  errors: string[];
  ptys: { host: string; device: string; proc: ChildProcess } | null;
}

/** `shagomer serve` on a fresh data folder (with a socat pty pair when `serial`), Chromium at 1440×900. */
export async function openTable(name: string, lang: Lang, serial: boolean): Promise<Table> {
  const dir = mkdtempSync(join(tmpdir(), `shagomer-game-${name}-`));
  const ptys = serial ? await ptyPair(dir) : null;
  const server = await serve(['--data', join(dir, 'data'), ...(ptys ? ['--serial', ptys.host] : [])]);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The players' language, chosen before the app first draws (it keeps the choice).
  await page.addInitScript((l) => localStorage.setItem('shagomer.lang', l), lang);
  await page.goto(server.refereeUrl);
  await page.getByTestId('create-game').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  return { server, browser, page, dir, lang, errors, ptys };
}

export async function closeTable(t: Table | undefined): Promise<void> {
  if (!t) return;
  await t.browser.close();
  await stop(t.server.proc);
  if (t.ptys) await stop(t.ptys.proc);
}

export const view = async (p: Page): Promise<GameView> => {
  const v = await p.evaluate(() => window.__shagomer?.view() ?? null);
  if (!v) throw new Error('no view');
  return v;
};

export async function text(p: Page, testId: string): Promise<string> {
  return (await p.getByTestId(testId).first().textContent()) ?? '';
}

export function expectSaid(t: Table, actual: string, said: Said): void {
  const want = said[t.lang];
  if (typeof want === 'string') expect(actual).toContain(want);
  else expect(actual).toMatch(want);
}

/**
 * What the players read, checked in their language (no engine keys, no English in Russian, plurals
 * by the rule), saved as `docs/game-<system>-<name>-<lang>.png` (palette PNG: docs/ stays small).
 */
export async function look(t: Table, system: string, name: string, keepToast = false): Promise<void> {
  // A refusal's note from an earlier step would tell the wrong story in the picture.
  if (!keepToast) await t.page.evaluate(() => document.querySelector('[data-testid=toast]')?.remove());
  await t.page.waitForTimeout(150);
  expect(untranslated(await screenText(t.page), t.lang), `${system} ${name} in ${t.lang}`).toEqual([]);
  await sharp(await t.page.screenshot()).png({ palette: true, colours: 96 }).toFile(join(ROOT, 'docs', `game-${system}-${name}-${t.lang}.png`));
}

/** A new game of `system`; its virtual dice are seeded so that each run of a test rolls the same faces. */
export async function newGame(t: Table, system: string, title: string, seed = `${system}-club-night`): Promise<void> {
  await t.page.getByTestId('system').selectOption(system);
  await t.page.getByTestId('title').fill(title);
  await t.page.getByTestId('seed').fill(seed);
  await t.page.getByTestId('create-game').click();
  await t.page.getByTestId('add-model').waitFor();
}

export interface UnitPick {
  type: string;
  figures?: number;
  options?: string[];
}

/** Builds one player's army in the roster editor from the catalogue and puts it in the game. */
export async function buildRoster(t: Table, player: 'A' | 'B', units: UnitPick[]): Promise<void> {
  const p = t.page;
  if ((await p.getByTestId('roster-editor').count()) === 0) await p.getByTestId('roster-open').click();
  await p.getByTestId('roster-editor').waitFor();
  await p.getByTestId('roster-player').selectOption(player);
  const before = (await view(p)).models.length;
  for (const [i, u] of units.entries()) {
    await p.getByTestId(`roster-add-${u.type}`).click();
    await p.getByTestId(`roster-unit-${i}`).waitFor();
    if (u.figures !== undefined) {
      await p.getByTestId(`roster-figures-${i}`).fill(String(u.figures));
      await p.getByTestId(`roster-figures-${i}`).dispatchEvent('change');
    }
    for (const o of u.options ?? []) await p.getByTestId(`roster-option-${i}-${o}`).check();
  }
  await p.waitForFunction(() => !(document.querySelector('[data-testid=roster-deploy]') as HTMLButtonElement | null)?.disabled);
  await p.getByTestId('roster-deploy').click();
  await p.waitForFunction((n) => (window.__shagomer?.view()?.models.length ?? 0) === n, before + units.length);
}

/** Loads one player's army from a roster file (JSON, as another club's app saved it). */
export async function importRoster(t: Table, player: 'A' | 'B', roster: unknown, said: Said): Promise<void> {
  const p = t.page;
  if ((await p.getByTestId('roster-editor').count()) === 0) await p.getByTestId('roster-open').click();
  await p.getByTestId('roster-player').selectOption(player);
  const file = join(t.dir, `roster-${player}.json`);
  writeFileSync(file, JSON.stringify(roster));
  const before = (await view(p)).models.length;
  // As a player does: the load button, then the file in the browser's chooser.
  const chooser = p.waitForEvent('filechooser');
  await p.getByTestId('roster-load').click();
  await (await chooser).setFiles(file);
  await p.getByTestId('roster-status').waitFor({ timeout: 5000 }).catch(async (e: unknown) => {
    throw new Error(`${String(e)}\n${await p.getByTestId('roster-editor').textContent()}\n${t.errors.join('\n')}\n${await p.evaluate(() => document.querySelectorAll('[data-testid=roster-editor]').length)} ${await p.evaluate(() => (document.querySelector('[data-testid=roster-player]') as HTMLSelectElement).value)}`);
  });
  expectSaid(t, await text(p, 'roster-status'), said);
  const units = (roster as { units: unknown[] }).units.length;
  await p.getByTestId('roster-deploy').click();
  await p.waitForFunction((n) => (window.__shagomer?.view()?.models.length ?? 0) === n, before + units);
}

/** Binds a model's sensors in the army table (launcher, hit and tilt nodes). */
export async function bindSensors(t: Table, id: string, nodes: { launcher?: string; hit?: string; tilt?: string }): Promise<void> {
  const p = t.page;
  if (nodes.launcher) await p.getByTestId(`launcher-${id}`).fill(nodes.launcher);
  if (nodes.hit) await p.getByTestId(`hit-${id}`).fill(nodes.hit);
  if (nodes.tilt) await p.getByTestId(`tilt-${id}`).fill(nodes.tilt);
  await p.getByTestId(`bind-${id}`).click();
  await p.waitForFunction(
    ([mid, n]) => {
      const m = window.__shagomer?.view()?.models.find((x) => x.id === mid);
      return !!m && (m.launcherNode ?? undefined) === n?.launcher && (m.hitNode ?? undefined) === n?.hit && (m.tiltNode ?? undefined) === n?.tilt;
    },
    [id, nodes] as const,
  );
}

async function toScreen(p: Page, xMm: number, yMm: number): Promise<{ x: number; y: number }> {
  const at = await p.evaluate(([x, y]) => window.__shagomer?.table.toScreen(x as number, y as number) ?? null, [xMm, yMm]);
  if (!at) throw new Error('no table');
  return at;
}

/** Drags a model on the table canvas to a point of the table (millimetres), as a player's hand does. */
export async function dragModel(t: Table, id: string, xMm: number, yMm: number): Promise<void> {
  const p = t.page;
  const from = await screenAt(p, id);
  const to = await toScreen(p, xMm, yMm);
  await p.mouse.move(from.x, from.y);
  await p.mouse.down();
  await p.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await p.mouse.move(to.x, to.y, { steps: 4 });
  await p.mouse.up();
  await p
    .waitForFunction(
      ([mid, x, y]) => {
        const m = window.__shagomer?.view()?.models.find((q) => q.id === mid);
        return !!m?.pos && Math.hypot(m.pos.xMm - (x as number), m.pos.yMm - (y as number)) < 15;
      },
      [id, xMm, yMm] as const,
      { timeout: 8000 },
    )
    .catch(async () => {
      throw new Error(`${id} did not move: ${(await p.getByTestId('move-refused').count()) > 0 ? await text(p, 'move-refused') : await text(p, 'toast')}`);
    });
}

/** Set-up on the table: everyone along their edge first, then each model dragged to its place. */
export async function deploy(t: Table, places: Record<string, [number, number]>): Promise<void> {
  await t.page.getByTestId('place').click();
  await t.page.waitForFunction(() => window.__shagomer?.view()?.models.every((m) => m.pos !== null));
  for (const [id, [x, y]] of Object.entries(places)) await dragModel(t, id, x, y);
}

export async function startGame(t: Table): Promise<void> {
  await t.page.getByTestId('start-game').click();
  await t.page.getByTestId('turn').waitFor();
}

/** Draws a wall's outline on the table (corners in millimetres) with the given height. */
export async function drawWall(t: Table, corners: [number, number][], heightMm: number): Promise<void> {
  const p = t.page;
  const before = (await view(p)).terrain?.length ?? 0;
  await p.getByTestId('terrain-draw').click();
  await p.getByTestId('terrain-height').fill(String(heightMm));
  await p.getByTestId('terrain-height').press('Tab');
  for (const [x, y] of corners) {
    const at = await toScreen(p, x, y);
    await p.mouse.click(at.x, at.y);
  }
  await p.getByTestId('terrain-close').click();
  await p.waitForFunction((n) => (window.__shagomer?.view()?.terrain ?? []).length === n, before + 1);
  expect((await view(p)).terrain?.at(-1)?.heightMm).toBe(heightMm);
}

export async function clearSelection(t: Table): Promise<void> {
  await t.page.locator('canvas').click({ button: 'right', position: { x: 3, y: 3 } });
  await t.page.waitForFunction(() => window.__shagomer?.view()?.selection.shooterId === null);
}

/** Clicks the shooter, then the target on the table; waits for the pair (and its odds) on screen. */
export async function aim(t: Table, shooter: string, target: string, weaponId?: string): Promise<void> {
  const p = t.page;
  if ((await view(p)).selection.shooterId !== null) await clearSelection(t);
  await clickModel(p, shooter);
  await p.waitForFunction((id) => window.__shagomer?.view()?.selection.shooterId === id, shooter);
  await clickModel(p, target);
  await p.waitForFunction((id) => window.__shagomer?.view()?.selection.targetId === id, target);
  if (weaponId) {
    await p.getByTestId('weapon').selectOption(weaponId);
    await p.waitForFunction((w) => window.__shagomer?.view()?.odds?.weaponId === w, weaponId, { timeout: 8000 }).catch(async () => {
      const v = await view(p);
      throw new Error(`the odds never came for ${shooter} → ${target} with ${weaponId}: ${JSON.stringify({ selection: v.selection, pairs: v.pairs.length, warnings: v.warnings, shooter: v.models.find((m) => m.id === shooter) })}`);
    });
  }
  await p.getByTestId('pair').waitFor();
}

export const pairOf = async (p: Page, target: string) => (await view(p)).pairs.find((x) => x.targetId === target);

/** The odds on screen before the roll: the words and the headline fraction, as the engine computed them. */
export async function oddsShown(t: Table): Promise<{ words: string; harm: string; odds: Record<string, string> }> {
  const p = t.page;
  await p.getByTestId('odds-words').waitFor({ timeout: 8000 }).catch(async () => {
    throw new Error(`no odds on screen: ${await text(p, 'pair')}`);
  });
  const v = await view(p);
  if (!v.odds) throw new Error('no odds in the view');
  const words = await text(p, 'odds-words');
  const harm = v.odds.odds[v.odds.harmKey] ?? '';
  // The exact fraction stands beside the percentage while a player can read it (at most 5 digits
  // below the line); a longer one (Звездный Десант's 3501176679/4096000000) is left to the percentage.
  if ((harm.split('/')[1] ?? '').length <= 5) expect(words).toContain(harm);
  else expect(words).not.toContain(harm);
  // Percentages in the players' number format: 8,3 % in Russian, 8.3% in English.
  expect(words).toMatch(t.lang === 'ru' ? /\d+(,\d)?\s%/ : /\d+(\.\d)?%/);
  return { words, harm, odds: v.odds.odds };
}

async function rolled(p: Page, before: number): Promise<AttackView> {
  // Rolled, or refused with a note on screen (which the failure then names).
  await p.waitForFunction((n) => (window.__shagomer?.view()?.attacks ?? []).length === n + 1 || document.querySelector('[data-testid=toast]') !== null, before);
  const toast = await p.getByTestId('toast').count();
  if (toast > 0 && ((await view(p)).attacks ?? []).length === before) throw new Error(`the roll was refused: ${await text(p, 'toast')}`);
  const a = (await view(p)).attacks?.at(-1);
  if (!a) throw new Error('no attack');
  return a;
}

/** Rolls the selected attack with the game's seeded dice; the odds it was rolled at are the ones shown. */
export async function rollVirtual(t: Table): Promise<AttackView> {
  const p = t.page;
  const shown = await oddsShown(t);
  const before = (await view(p)).attacks?.length ?? 0;
  await p.evaluate(() => document.querySelector('[data-testid=toast]')?.remove());
  await p.getByTestId('roll-virtual').click();
  const a = await rolled(p, before);
  expect(a.dice).toBe('virtual');
  expect(a.diceUsed.length).toBeGreaterThan(0);
  expect(a.odds).toEqual(shown.odds);
  expectSaid(t, await text(p, 'attack-dice'), { ru: `выпало: ${a.diceUsed.join(' ')} (виртуальные кубики)`, en: `rolled: ${a.diceUsed.join(' ')} (virtual dice)` });
  return a;
}

/** Types the dice rolled on the table; the engine reads exactly these faces. */
export async function rollTyped(t: Table, dice: number[]): Promise<AttackView> {
  const p = t.page;
  const shown = await oddsShown(t);
  const before = (await view(p)).attacks?.length ?? 0;
  await p.evaluate(() => document.querySelector('[data-testid=toast]')?.remove());
  await p.getByTestId('typed-dice').fill(dice.join(' '));
  await p.getByTestId('roll-typed').click();
  const a = await rolled(p, before);
  expect(a.dice).toBe('physical');
  expect(a.odds).toEqual(shown.odds);
  expect(dice.slice(0, a.diceUsed.length)).toEqual(a.diceUsed);
  expectSaid(t, await text(p, 'attack-dice'), { ru: `выпало: ${a.diceUsed.join(' ')} (кубики со стола)`, en: `rolled: ${a.diceUsed.join(' ')} (table dice)` });
  return a;
}

/** An action the rules refuse: the reason is on screen in the players' language, nothing is journalled. */
export async function refused(t: Table, act: () => Promise<void>, said: Said): Promise<void> {
  const p = t.page;
  const before = (await view(p)).history.length;
  await p.evaluate(() => document.querySelector('[data-testid=toast]')?.remove());
  await act();
  await p.getByTestId('toast').waitFor();
  expectSaid(t, await text(p, 'toast'), said);
  await p.waitForTimeout(200);
  expect((await view(p)).history.length).toBe(before);
}

export async function endTurn(t: Table): Promise<void> {
  const turn = (await view(t.page)).turn;
  await t.page.getByTestId('end-turn').click();
  await t.page.waitForFunction((n) => window.__shagomer?.view()?.turn === n + 1, turn);
}

/**
 * A real shot: a simulated hub on the other end of the pty fires the launcher and reports the
 * hit (and the fall); the shot window on screen attributes it; a critical die is typed if asked.
 */
export async function realShot(t: Table, scenario: object, die: number | null): Promise<void> {
  if (!t.ptys) throw new Error('no serial line');
  const p = t.page;
  const file = join(t.dir, `scenario-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  const shotsBefore = (await view(p)).shots.length;
  const sim = spawn(process.execPath, [CLI, 'sim-device', '--port', t.ptys.device, '--scenario', file, '--boot', (0x5eed0000 + shotsBefore + 1).toString(16)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let simErr = '';
  sim.stderr?.on('data', (c: Buffer) => (simErr += c.toString()));
  await p.getByTestId('shot-panel').waitFor({ timeout: 15_000 });
  // Scored once the hit and the fall are in: a critical die asked for, or the result shown.
  const readings = (scenario as { events: { type: string }[] }).events.filter((e) => e.type !== 'SHOT').length;
  await p.waitForFunction((n) => (window.__shagomer?.view()?.shot?.readings.length ?? 0) >= n, readings, { timeout: 15_000 });
  await p.waitForFunction((d) => window.__shagomer?.view()?.shot?.score.kind === (d ? 'needs-die' : 'result'), die !== null, { timeout: 15_000 });
  if (die !== null) await p.getByTestId(`die-${die}`).click();
  else await p.getByTestId('commit').click();
  await p.waitForFunction((n) => (window.__shagomer?.view()?.shots.length ?? 0) === n + 1, shotsBefore);
  await until(() => sim.exitCode !== null, `sim-device to finish (${simErr})`, 10_000);
  expect(sim.exitCode).toBe(0);
}

/** Ends the game: the summary shows losses, damage, shots and hits of each player. */
export async function endGame(t: Table): Promise<GameView> {
  await t.page.getByTestId('end-game').click();
  await t.page.getByTestId('ended').waitFor();
  const v = await view(t.page);
  expect(v.ended).toBe(true);
  return v;
}

/** The summary table's cells agree with what was journalled. */
export async function checkSummary(t: Table, v: GameView): Promise<void> {
  const attacks = (v.attacks ?? []).filter((a) => !a.undone);
  for (const pl of v.players) {
    const mine = attacks.filter((a) => v.models.find((m) => m.id === a.shooterId)?.player === pl.id);
    const shots = v.shots.filter((s) => v.models.find((m) => m.id === s.shooterId)?.player === pl.id);
    const models = v.models.filter((m) => m.player === pl.id);
    expect(await text(t.page, `summary-shots-${pl.id}`)).toBe(String(mine.length + shots.length));
    const actions = (v.actionResults ?? []).filter((a) => v.models.find((m) => m.id === a.actorId)?.player === pl.id);
    expect(await text(t.page, `summary-actions-${pl.id}`)).toBe(String(actions.length));
    const losses = models.filter((m) => m.destroyed).length;
    expectSaid(t, await text(t.page, `summary-losses-${pl.id}`), { ru: `${losses} из ${models.length}`, en: `${losses} of ${models.length}` });
  }
}

/**
 * Steps through the finished game from its first event to its last with the replay bar; at each
 * rolled attack the bar shows its odds and dice and the table stands as it did. Returns the types seen.
 */
export async function replayAll(t: Table, system: string): Promise<string[]> {
  const p = t.page;
  const attacks = (await view(p)).attacks ?? [];
  await p.getByTestId('replay-open').click();
  await p.getByTestId('replay').waitFor();
  const seen: string[] = [];
  let shot = false;
  for (;;) {
    const r = (await view(p)).replay;
    if (!r) throw new Error('replay closed');
    expectSaid(t, await text(p, 'replay-step'), { ru: `Событие ${r.step + 1} из ${r.steps}`, en: `Event ${r.step + 1} of ${r.steps}` });
    seen.push(r.type);
    if (r.type === 'attack-resolved') {
      const a = attacks.find((x) => x.seq === r.seq);
      expect(a).toBeDefined();
      expect(await text(p, 'replay')).toContain(a?.diceUsed.join(' ') ?? '?');
      if (!shot) {
        shot = true;
        await look(t, system, 'replay');
      }
    }
    if (r.step >= r.steps - 1) break;
    await p.getByTestId('replay-next').click();
    await p.waitForFunction((n) => window.__shagomer?.view()?.replay?.step === n, r.step + 1);
  }
  await p.getByTestId('replay-close').click();
  await p.waitForFunction(() => window.__shagomer?.view()?.replay === null);
  return seen;
}

export interface ActionPlan {
  /** Models clicked on the table to join the action (one target: the last one stands). */
  targets?: string[];
  /** A point of aim clicked on the table (blasts: the models inside its radius join). */
  at?: [number, number];
  /** Choices of the action: choice id → the option's index in its list. */
  choices?: Record<string, number>;
  /** Faces typed from the table, or null for the seeded virtual dice. */
  dice: number[] | null;
  /** Run with the odds on screen, before the roll (a screenshot, say). */
  beforeRoll?: () => Promise<void>;
}

/**
 * A table action (melee, blast, volley, test) as a player works the action panel: the actor
 * clicked, the action's button, its models picked on the table, its exact odds read, then the roll.
 */
export async function tableAction(t: Table, actor: string, action: string, plan: ActionPlan): Promise<{ result: ActionResult; odds: string }> {
  const p = t.page;
  if ((await view(p)).selection.shooterId !== actor) {
    if ((await view(p)).selection.shooterId !== null) await clearSelection(t);
    await clickModel(p, actor);
    await p.waitForFunction((id) => window.__shagomer?.view()?.selection.shooterId === id, actor);
  }
  const button = p.getByTestId(`action-${action}`);
  await button.waitFor();
  if (await button.isDisabled()) throw new Error(`${action} is not offered: ${await text(p, `action-why-${action}`)}`);
  await button.click();
  await p.getByTestId('action-draft').waitFor();
  for (const id of plan.targets ?? []) {
    if ((await p.getByTestId(`action-target-${id}`).count()) === 0) await clickModel(p, id);
    await p.getByTestId(`action-target-${id}`).waitFor();
  }
  if (plan.at) {
    const at = await toScreen(p, plan.at[0], plan.at[1]);
    await p.mouse.click(at.x, at.y);
    await p.waitForFunction(() => (window.__shagomer?.view()?.draft?.involved.length ?? 0) > 0);
  }
  for (const [id, index] of Object.entries(plan.choices ?? {})) await p.getByTestId(`action-choice-${id}`).selectOption(String(index));
  // The odds in words before the roll, from the engine's exact enumeration.
  await p.waitForFunction(() => window.__shagomer?.view()?.draft?.priced === true && document.querySelector('[data-testid=action-odds] .odds') !== null, undefined, { timeout: 10_000 }).catch(async () => {
    throw new Error(`${action}: no odds before the roll: ${await text(p, 'action-draft')}`);
  });
  const odds = await text(p, 'action-odds');
  expect(odds).toMatch(t.lang === 'ru' ? /\d+(,\d)?\s%/ : /\d+(\.\d)?%/);
  if (plan.beforeRoll) {
    // The panel is drawn anew with every view: a view that lands mid-scroll detaches the element found.
    for (let i = 0; ; i++) {
      try {
        await p.getByTestId('action-draft').scrollIntoViewIfNeeded();
        break;
      } catch (e) {
        if (i >= 4 || !/not attached/i.test(String(e))) throw e;
      }
    }
    await plan.beforeRoll();
  }
  const before = (await view(p)).actionResults?.length ?? 0;
  await p.evaluate(() => document.querySelector('[data-testid=toast]')?.remove());
  if (plan.dice) {
    await p.getByTestId('action-typed-dice').fill(plan.dice.join(' '));
    await p.getByTestId('action-roll-typed').click();
  } else await p.getByTestId('action-roll-virtual').click();
  await p.waitForFunction((n) => (window.__shagomer?.view()?.actionResults ?? []).length === n + 1 || document.querySelector('[data-testid=toast]') !== null, before);
  const result = (await view(p)).actionResults?.at(-1);
  if (!result || ((await view(p)).actionResults?.length ?? 0) === before) throw new Error(`${action} was refused: ${await text(p, 'toast')}`);
  expect(result.action).toBe(action);
  expect(result.dice).toBe(plan.dice ? 'physical' : 'virtual');
  if (plan.dice) expect(plan.dice.slice(0, result.diceUsed.length)).toEqual(result.diceUsed);
  expectSaid(t, await text(p, 'action-result'), { ru: `выпало: ${result.diceUsed.join(' ') || '—'} (${plan.dice ? 'кубики со стола' : 'виртуальные кубики'})`, en: `rolled: ${result.diceUsed.join(' ') || '—'} (${plan.dice ? 'table dice' : 'virtual dice'})` });
  return { result, odds };
}
