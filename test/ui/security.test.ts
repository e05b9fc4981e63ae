import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameView } from '../../src/app/api/view.js';
import { launchChromium, refereeInit, ROOT, serve, stop, until, type Served } from './harness.js';

/**
 * Who may change a game, in real Chromium against `shagomer serve`: the referee's page holds
 * tonight's token; a page of another site open in the same browser cannot change the game
 * (`fetch` no-cors, `sendBeacon` text/plain); a rebound host name gets nothing; another device
 * becomes a referee only with the code from the referee's screen; phones watch read-only, in
 * a portrait layout; with `--host 0.0.0.0` the referee screen shows the spectators' address as QR.
 */
const REBOUND = 'rebind.test';

/** GET /api/view over loopback with the Host header a rebound name (or a phone) would send. */
function statusWithHost(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/view', agent: false, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The text of the QR code in a PNG, read by OpenCV's QRCodeDetector. */
async function decodeQr(png: Buffer): Promise<string> {
  const loaded = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv | Promise<OpenCv>;
  const cv = await loaded;
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const mat = new cv.Mat(info.height, info.width, cv.CV_8UC1);
  const points = new cv.Mat();
  try {
    mat.data.set(data);
    return new cv.QRCodeDetector().detectAndDecode(mat, points);
  } finally {
    mat.delete();
    points.delete();
  }
}

interface OpenCvMat {
  data: Uint8Array;
  delete(): void;
}
interface OpenCv {
  CV_8UC1: number;
  Mat: new (rows?: number, cols?: number, type?: number) => OpenCvMat;
  QRCodeDetector: new () => { detectAndDecode(img: OpenCvMat, points: OpenCvMat): string };
}

let browser: Browser;
let server: Served;
let lanServer: Served;
let attacker: Server;
let attackerUrl: string;

async function post(s: Served, intent: unknown): Promise<void> {
  const r = (await (await fetch(`${s.url}api/intent`, refereeInit(s.token, intent))).json()) as { ok: boolean; problem?: string };
  expect(r, JSON.stringify(intent)).toEqual({ ok: true });
}

async function refereeView(s: Served): Promise<GameView> {
  return GameView.parse(await (await fetch(`${s.url}api/view`, refereeInit(s.token))).json());
}

const PLAYERS = [
  { id: 'A', name: 'Синие', colour: '#2563eb' },
  { id: 'B', name: 'Красные', colour: '#dc2626' },
];

/** A Вторжение game in play: two models a side on the table, one scored shot, turn 2. */
async function setUpGame(s: Served): Promise<void> {
  await post(s, { type: 'new-game', ruleset: 'vtorzhenie', title: 'Вечер в клубе', players: PLAYERS });
  const m = (player: string, name: string, kind: string, stamina: number) => ({ type: 'add-model', model: { player, name, kind, armour: 2, stamina, speedSteps: 4, baseMm: kind === 'vehicle' ? 60 : 25, heightMm: 40, weapons: [{ id: 'rifle', label: 'Автомат', rangeSteps: 16, power: 2 }], tag: null, hitNode: null, tiltNode: null, launcherNode: null } });
  await post(s, m('A', 'Танк', 'vehicle', 3));
  await post(s, m('A', 'Снайпер', 'infantry', 1));
  await post(s, m('B', 'Шагоход', 'vehicle', 3));
  await post(s, m('B', 'Захватчик', 'infantry', 1));
  await post(s, { type: 'place-models', models: [
    { id: 'A1', xMm: 300, yMm: 250, fallen: false },
    { id: 'A2', xMm: 700, yMm: 200, fallen: false },
    { id: 'B1', xMm: 1200, yMm: 900, fallen: false },
    { id: 'B2', xMm: 1500, yMm: 950, fallen: false },
  ] });
  await post(s, { type: 'finish-setup', firstPlayer: 'A' });
  await post(s, { type: 'open-shot', shooterId: 'A1' });
  await post(s, { type: 'correct-shot', attribution: { targetId: 'B1', hit: true, fell: true, ricochet: false } });
  const v = await refereeView(s);
  await post(s, { type: 'commit-shot', die: v.shot?.score.kind === 'needs-die' ? { source: 'physical', value: 4 } : null });
  await post(s, { type: 'end-turn' });
}

describe('who may change a game, in Chromium', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    server = await serve(['--data', mkdtempSync(join(tmpdir(), 'shagomer-ui-sec-'))]);
    await setUpGame(server);
    // Another site the referee happens to open: it knows the app's address, not its token.
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><script>
        const target = ${JSON.stringify(`${server.url}api/intent`)};
        const undo = JSON.stringify({ type: 'undo' });
        window.attempts = [];
        (async () => {
          const note = (what, p) => p.then(() => window.attempts.push(what + ': sent'), (e) => window.attempts.push(what + ': ' + e.message));
          await note('no-cors fetch', fetch(target, { method: 'POST', mode: 'no-cors', body: undo }));
          await note('no-cors text/plain', fetch(target, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: undo }));
          await note('no-cors form', fetch(${JSON.stringify(`${server.url}api/games/import`)}, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' }));
          window.attempts.push('beacon: ' + navigator.sendBeacon(target, undo));
          window.attempts.push('beacon blob: ' + navigator.sendBeacon(target, new Blob([undo], { type: 'text/plain' })));
          await note('cors json', fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: undo }));
          await note('read view', fetch(${JSON.stringify(`${server.url}api/view`)}).then((r) => r.json()));
          window.done = true;
        })();
      </script>`);
    });
    await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    browser = await launchChromium([`--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`]);
  });

  afterAll(async () => {
    await browser?.close();
    attacker?.close();
    if (server) await stop(server.proc);
    if (lanServer) await stop(lanServer.proc);
  });

  it('keeps the token out of the address bar; a page of another site in the same browser changes nothing', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const referee = await context.newPage();
    await referee.goto(server.refereeUrl);
    await referee.getByTestId('end-turn').waitFor();
    expect(referee.url()).toBe(server.url);
    expect(await referee.evaluate(() => sessionStorage.getItem('shagomer.referee'))).toBe(server.token);
    const before = await refereeView(server);
    expect(before.turn).toBe(2);

    const seen: string[] = [];
    context.on('request', (r) => {
      if (!r.url().startsWith(server.url)) return;
      let fromReferee = false;
      try {
        fromReferee = r.frame().page() === referee;
      } catch {
        // a request without a frame (a beacon may be one): not the referee's page
      }
      if (!fromReferee) seen.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const evil = await context.newPage();
    await evil.goto(attackerUrl);
    await evil.waitForFunction(() => (window as unknown as { done?: boolean }).done === true, undefined, { timeout: 20_000 });
    const attempts = await evil.evaluate(() => (window as unknown as { attempts: string[] }).attempts);
    // The simple requests left the browser (so the server saw them); the CORS ones never could.
    expect(attempts.filter((a) => a.endsWith(': sent')).map((a) => a.split(':')[0])).toEqual(['no-cors fetch', 'no-cors text/plain', 'no-cors form']);
    expect(attempts).toContain('beacon: true');
    expect(attempts.find((a) => a.startsWith('cors json'))).toMatch(/Failed to fetch/);
    expect(attempts.find((a) => a.startsWith('read view'))).toMatch(/Failed to fetch/);
    expect(seen.filter((r) => r === 'POST /api/intent').length).toBeGreaterThanOrEqual(3);
    // Give the beacons time to arrive, then: the game is exactly as it was.
    await referee.waitForTimeout(500);
    const after = await refereeView(server);
    expect(after.revision).toBe(before.revision);
    expect(after.turn).toBe(2);
    expect(after.history.filter((h) => h.type === 'undo')).toEqual([]);
    // The referee's own export still works: fetched with the header, saved as a file.
    await referee.bringToFront();
    await referee.getByTestId('games').click();
    const [download] = await Promise.all([referee.waitForEvent('download'), referee.getByTestId(`export-${after.gameId ?? ''}`).click()]);
    expect(download.suggestedFilename()).toBe(`${after.gameId ?? ''}.jsonl`);
    const saved = readFileSync(await download.path(), 'utf8').split('\n').filter(Boolean);
    expect(saved.length).toBe(after.history.length);
    await context.close();
  });

  it('answers a rebound host name with 403 and nothing else', async () => {
    const page = await browser.newPage();
    const port = new URL(server.url).port;
    const res = await page.goto(`http://${REBOUND}:${port}/`);
    expect(res?.status()).toBe(403);
    expect(await page.textContent('body')).toMatch(/host \\?"rebind\.test:\d+\\?" is not this app's address/);
    const api = await page.goto(`http://${REBOUND}:${port}/api/view`);
    expect(api?.status()).toBe(403);
    await page.close();
    // The same from a plain client that forges the Host header.
    expect(await statusWithHost(Number(port), `${REBOUND}:${port}`)).toBe(403);
  });

  it('refuses a second device until it pairs with the code from the referee screen, then accepts it', { timeout: 60_000 }, async () => {
    const refCtx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const referee = await refCtx.newPage();
    await referee.goto(server.refereeUrl);
    await referee.getByTestId('end-turn').waitFor();

    const deviceCtx = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const device = await deviceCtx.newPage();
    await device.goto(server.url);
    await device.getByTestId('pair-form').waitFor();
    expect(await device.getByTestId('end-turn').count()).toBe(0);
    const before = await refereeView(server);
    // Its own page, same origin, JSON: still no token, so 403 and the game unchanged.
    const tried = await device.evaluate(async () => {
      const r = await fetch('/api/intent', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'end-turn' }) });
      return { status: r.status, body: (await r.json()) as { problem: string } };
    });
    expect(tried.status).toBe(403);
    expect(tried.body.problem).toMatch(/^not the referee/);
    expect((await refereeView(server)).revision).toBe(before.revision);

    await referee.getByTestId('pair-device').click();
    const code = ((await referee.getByTestId('pairing-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^\d{6}$/);
    await referee.getByTestId('pairing-dialog-close').click();
    await device.getByTestId('pair-code').fill(code === '000000' ? '111111' : '000000');
    await device.getByTestId('pair-submit').click();
    await device.getByTestId('toast').filter({ hasText: 'wrong pairing code' }).waitFor();
    await device.getByTestId('pair-code').fill(code);
    await device.getByTestId('pair-submit').click();
    await device.getByTestId('end-turn').waitFor({ timeout: 10_000 });
    expect(await device.evaluate(() => window.__shagomer?.view()?.readOnly)).toBe(false);
    await device.getByTestId('end-turn').click();
    await referee.waitForFunction(() => window.__shagomer?.view()?.turn === 3);
    expect((await refereeView(server)).turn).toBe(3);
    await post(server, { type: 'undo' });
    await refCtx.close();
    await deviceCtx.close();
  });

  it('shows phones in portrait the table across the width, turn, last shot and score below, live, with no referee hints', { timeout: 60_000 }, async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    // Even holding the referee's token, /spectate is read-only: it never sends it.
    await page.goto(`${server.url}spectate#referee=${server.token}`);
    await page.getByTestId('spectator-turn').waitFor();
    expect(await page.evaluate(() => window.__shagomer?.view()?.readOnly)).toBe(true);
    const box = await page.evaluate(() => {
      const c = document.querySelector('[data-testid=table]') as HTMLCanvasElement;
      const p = document.querySelector('[data-testid=spectator-panel]') as HTMLElement;
      const r = c.getBoundingClientRect();
      return { w: r.width, h: r.height, bottom: r.bottom, panelTop: p.getBoundingClientRect().top, text: document.body.innerText };
    });
    expect(box.w).toBe(390);
    // The table itself spans the width but for the canvas's 8 px edge.
    expect(Math.abs(box.h - (((390 - 16) * 1200) / 1800 + 16))).toBeLessThanOrEqual(1);
    const tableWidthPx = await page.evaluate(() => {
      const s = window.__shagomer;
      return s ? s.table.toScreen(1800, 0).x - s.table.toScreen(0, 0).x : 0;
    });
    expect(Math.abs(tableWidthPx - (390 - 16))).toBeLessThanOrEqual(2);
    expect(box.panelTop).toBeGreaterThanOrEqual(box.bottom - 1);
    expect(box.text).toContain('Ход 2 · очередь: Красные');
    expect(box.text).toMatch(/Танк → Шагоход: попадание, падение/);
    // The score: Синие 2 standing, 0 lost, 2 damage dealt to the walker.
    expect(await page.getByTestId('spectator-score').locator('tr').nth(1).innerText()).toMatch(/^Синие\s+2\s+0\s+2$/);
    expect(box.text).not.toMatch(/еретаскивайте|Щёлкните|Конец хода|Отменить/);
    expect(await page.getByTestId('pair-form').count()).toBe(0);
    await page.screenshot({ path: join(ROOT, 'docs', 'spectate-phone.png') });
    // Live: the referee ends the turn, the phone follows.
    await post(server, { type: 'end-turn' });
    await page.getByTestId('spectator-turn').filter({ hasText: 'Ход 3' }).waitFor();
    await post(server, { type: 'undo' });
    await page.getByTestId('spectator-turn').filter({ hasText: 'Ход 2' }).waitFor();
    // Landscape as before: the table beside the panel.
    await page.setViewportSize({ width: 844, height: 390 });
    await page.waitForTimeout(200);
    const side = await page.evaluate(() => {
      const c = (document.querySelector('[data-testid=table]') as HTMLElement).getBoundingClientRect();
      const p = (document.querySelector('[data-testid=spectator-panel]') as HTMLElement).getBoundingClientRect();
      return { tableRight: c.right, panelLeft: p.left };
    });
    expect(side.panelLeft).toBeGreaterThanOrEqual(side.tableRight - 1);
    await phone.close();
  });

  it('with --host 0.0.0.0 shows the spectators\' address as a QR code that decodes to it', { timeout: 60_000 }, async () => {
    lanServer = await serve(['--host', '0.0.0.0', '--data', mkdtempSync(join(tmpdir(), 'shagomer-ui-lan-'))]);
    const port = new URL(lanServer.url).port;
    const phones = new RegExp(`phones watch at http://\\S+:${port}/spectate`);
    await until(() => phones.test(lanServer.output()), 'serve to print the spectators\' address');
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(lanServer.refereeUrl);
    await page.getByTestId('spectators').click();
    await page.getByTestId('spectators-dialog').waitFor();
    const url = await page.getByTestId('spectators-qr').locator('canvas').getAttribute('data-qr');
    expect(url).toMatch(new RegExp(`^http://[0-9.]+:${port}/spectate$`));
    // Decode the drawn QR code with OpenCV's own detector (opencv.js, as the app's vision uses it).
    // The canvas's own pixels, as drawn: a screenshot of the page would also take in whatever
    // happened to lie over it at that moment (a toast under load).
    const dataUrl = await page.getByTestId('spectators-qr').locator('canvas').evaluate((c) => (c as HTMLCanvasElement).toDataURL('image/png'));
    expect(await decodeQr(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'))).toBe(url);
    // The machine's own address is one of the names it answers to (sent over loopback here).
    const host = new URL(url as string).host;
    expect(await statusWithHost(Number(port), host)).toBe(200);
    await page.close();
  });
});
