/**
 * The Electron window's renderer path for "Save as…", in real Chromium: the built UI gets a
 * `window.shagomer` bridge (as the preload gives it) whose calls reach this Node process, which
 * answers them as electron/main.ts does, with the same modules (AppController, CalibrationFiles,
 * electron/save-files.ts). Only Electron's save dialog is a stand-in: it records what it was
 * asked and answers a path. The page runs in English (and leaves docs/wizard-en.png).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveFileHandler, type SaveDialogAsk } from '../../electron/save-files.js';
import { Intent } from '../../src/app/api/intents.js';
import { SetupRequest } from '../../src/app/api/setup.js';
import type { ServerMessage } from '../../src/app/api/view.js';
import { AppController } from '../../src/app/app-controller.js';
import { createAppServer } from '../../src/app/server/http-server.js';
import { catalog } from '../../src/app/setup/catalog.js';
import { CalibrationFiles } from '../../src/app/setup/calibration-files.js';
import { launchChromium, ROOT, until } from './harness.js';

const DOCS = join(ROOT, 'docs');
let dir: string;
let app: AppController;
let calibration: CalibrationFiles;
let browser: Browser;
let page: Page;
let base: string;
let stopServer: () => Promise<void>;
let gameId: string;
const asked: SaveDialogAsk[] = [];
let nextPath = '';

/** What electron/main.ts answers on each channel (its window checks aside: this page is ours). */
async function mainProcess(channel: string, raw: unknown, save: (raw: unknown) => Promise<unknown>): Promise<unknown> {
  switch (channel) {
    case 'intent': {
      const intent = Intent.safeParse(raw);
      return intent.success ? app.handle(intent.data) : { ok: false, problem: 'intent: invalid' };
    }
    case 'catalog':
      return catalog();
    case 'games':
      return app.games();
    case 'camera-files':
      return null;
    case 'setup': {
      const req = SetupRequest.safeParse(raw);
      return req.success ? calibration.handle(req.data) : { ok: false, problem: 'request: invalid' };
    }
    case 'save-file':
      return save(raw);
    default:
      return { ok: false, problem: `no channel ${channel}` };
  }
}

describe('Electron renderer: Save as… through the bridge, in Chromium', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'shagomer-esave-'));
    app = new AppController({ dataDir: join(dir, 'data') });
    const r = app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 'Saved from the window', seed: 'esave', players: [{ id: 'A', name: 'Anna', colour: '#aa3322' }, { id: 'B', name: 'Boris', colour: '#2233aa' }] });
    expect(r.ok).toBe(true);
    gameId = app.view(false).gameId ?? '';
    calibration = new CalibrationFiles(join(dir, 'data'));
    const save = saveFileHandler({
      calibration,
      exportText: (id) => app.store.exportText(id),
      ask: (q) => {
        asked.push(q);
        return Promise.resolve(join(dir, nextPath));
      },
    });
    // Only to serve dist/ui over HTTP (a file:// page may not load module scripts in Chromium).
    const served = createAppServer({ app, uiDir: join(ROOT, 'dist', 'ui') });
    stopServer = served.stop;
    await new Promise<void>((res) => served.server.listen(0, '127.0.0.1', res));
    base = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}/`;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.exposeFunction('__ipc', (channel: string, raw: unknown) => mainProcess(channel, raw, save));
    const push = (): void => void page.evaluate((m) => (window as unknown as { __ipcListen?: (m: unknown) => void }).__ipcListen?.(m), { type: 'view', view: app.view(false) } satisfies ServerMessage).catch(() => {});
    await page.exposeFunction('__ipcSubscribe', () => push());
    app.onChange(push);
    await page.addInitScript(() => {
      localStorage.setItem('shagomer.lang', 'en');
      const w = window as unknown as { __ipc: (c: string, a?: unknown) => Promise<unknown>; __ipcSubscribe: () => void; __ipcListen?: (m: unknown) => void; shagomer: unknown };
      const call = (c: string, a?: unknown): Promise<unknown> => w.__ipc(c, a);
      w.shagomer = {
        send: (i: unknown) => call('intent', i),
        subscribe: (l: (m: unknown) => void) => {
          w.__ipcListen = l;
          w.__ipcSubscribe();
        },
        catalog: () => call('catalog'),
        games: () => call('games'),
        importGame: (t: string) => call('import', t),
        cameraFiles: () => call('camera-files'),
        setup: (r: unknown) => call('setup', r),
        saveFile: (r: unknown) => call('save-file', r),
      };
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer?.();
    app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exports the game journal and saves the wizard\'s PDF and table file through the main process', { timeout: 120_000 }, async () => {
    await page.goto(base);
    // The game list's Export button is there in the window now, and saves through the dialog.
    await page.getByTestId('games').click();
    nextPath = 'journal.jsonl';
    await page.getByTestId(`export-${gameId}`).click();
    await until(() => existsSync(join(dir, 'journal.jsonl')), 'the exported journal');
    expect(asked.at(-1)).toEqual({ defaultName: `${gameId}.jsonl`, filter: { name: 'Game journal', extensions: ['jsonl'] } });
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8')).toBe(app.store.exportText(gameId));

    // The wizard: nothing printed yet, so every "save a copy" button waits for its file.
    await page.getByTestId('wizard-open').click();
    await page.getByTestId('wz-body-print').waitFor();
    for (const b of ['wz-save-pdf', 'wz-save-table-file', 'wz-save-camera-file']) expect(await page.getByTestId(b).isDisabled(), b).toBe(true);
    await page.getByTestId('wz-make-pdf').click();
    await page.waitForFunction(() => !(document.querySelector('[data-testid="wz-save-pdf"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 60_000 });
    // The window's language is the PDF's.
    const words = execFileSync('pdftotext', [join(calibration.dir, 'markers-a4.pdf'), '-']).toString();
    expect(words).toContain('ANCHOR 0');
    expect(words).toContain('this square must measure');

    nextPath = 'sheets.pdf';
    await page.getByTestId('wz-save-pdf').click();
    await until(() => existsSync(join(dir, 'sheets.pdf')), 'the saved PDF');
    expect(asked.at(-1)?.defaultName).toBe('markers-a4.pdf');
    expect(readFileSync(join(dir, 'sheets.pdf')).equals(readFileSync(join(calibration.dir, 'markers-a4.pdf')))).toBe(true);
    await page.getByTestId('toast').filter({ hasText: `Saved: ${join(dir, 'sheets.pdf')}` }).waitFor();

    nextPath = 'table.json';
    await page.getByTestId('wz-save-table-file').click();
    await until(() => existsSync(join(dir, 'table.json')), 'the saved table file');
    expect(readFileSync(join(dir, 'table.json'), 'utf8')).toBe(readFileSync(join(calibration.dir, 'table.json'), 'utf8'));
    // No camera file yet: its button stays disabled.
    expect(await page.getByTestId('wz-save-camera-file').isDisabled()).toBe(true);

    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
    await sharp(await page.screenshot()).png({ palette: true, colours: 128, effort: 8 }).toFile(join(DOCS, 'wizard-en.png'));
  });

  it('the roster editor saves its roster through the main process, not as a download', { timeout: 60_000 }, async () => {
    await page.getByTestId('wz-close').click();
    // Back from the past games' list to this game's set-up, where the army is built.
    await page.getByTestId('games').click();
    await page.getByTestId('roster-open').click();
    await page.getByTestId('roster-editor').waitFor();
    nextPath = 'roster.json';
    const n = asked.length;
    await page.getByTestId('roster-save').click();
    await until(() => existsSync(join(dir, 'roster.json')), 'the saved roster');
    expect(asked.length).toBe(n + 1);
    expect(asked.at(-1)?.defaultName).toMatch(/-A\.json$/);
    const roster = JSON.parse(readFileSync(join(dir, 'roster.json'), 'utf8')) as { units?: unknown };
    expect(Array.isArray(roster.units)).toBe(true);
  });
});
