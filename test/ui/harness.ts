import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const LOCK = join(tmpdir(), 'shagomer-ui-tests-chromium.lock');

/**
 * One Chromium at a time across test files (vitest runs files in parallel; the machine has two
 * cores): a lock directory, taken atomically, released when the browser closes. A lock left by
 * a killed run is taken over after five minutes.
 */
async function takeLock(): Promise<void> {
  const end = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 300_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // gone meanwhile: try again
      }
      if (Date.now() > end) throw new Error(`another test holds ${LOCK} for too long`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  await takeLock();
  try {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
    browser.on('disconnected', () => rmSync(LOCK, { recursive: true, force: true }));
    return browser;
  } catch (e) {
    rmSync(LOCK, { recursive: true, force: true });
    throw e;
  }
}

/** Resolves when `check` is true, polling; fails with `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A pair of connected ptys from socat: the app opens one end, the simulated hub the other. */
export async function ptyPair(dir: string): Promise<{ host: string; device: string; proc: ChildProcess }> {
  const host = join(dir, 'ttyHost');
  const device = join(dir, 'ttyDevice');
  const proc = spawn('socat', [`pty,raw,echo=0,link=${host}`, `pty,raw,echo=0,link=${device}`], { stdio: 'ignore' });
  await until(() => existsSync(host) && existsSync(device), 'socat ptys');
  return { host, device, proc };
}

export interface Served {
  /** The app's address (ends in /), as a spectator opens it. */
  url: string;
  /** The referee's address as serve printed it: `url` + `#referee=TOKEN`. */
  refereeUrl: string;
  /** Tonight's referee token, for requests a test makes itself (`Authorization: Bearer`). */
  token: string;
  proc: ChildProcess;
  output: () => string;
}

/** `shagomer serve` on a free port; resolves with its URL once it listens. */
export async function serve(args: string[]): Promise<Served> {
  const proc = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  await until(() => /serve: http:\/\/\S+/.test(out) || proc.exitCode !== null, 'serve to listen');
  const m = /serve: (http:\/\/\S+)#referee=([A-Za-z0-9_-]+)/.exec(out);
  if (!m) throw new Error(`serve did not start: ${out}`);
  return { url: m[1] as string, refereeUrl: `${m[1] as string}#referee=${m[2] as string}`, token: m[2] as string, proc, output: () => out };
}

/** A referee's JSON request to a served app, as a non-browser client makes it. */
export function refereeInit(token: string, body?: unknown): RequestInit {
  return {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
}

/**
 * `shagomer serve` on a fresh data folder and one 1440×810 Chromium page, for a browser test's
 * beforeAll (Chromium runs one at a time across test files: waiting for it is not a failure).
 */
export async function serveWithPage(name: string): Promise<{ server: Served; browser: Browser; page: Page }> {
  if (!existsSync(join(ROOT, 'dist', 'ui', 'index.html'))) throw new Error('the renderer is not built: npm run build first');
  const server = await serve(['--data', join(mkdtempSync(join(tmpdir(), `shagomer-ui-${name}-`)), 'data')]);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 810 } });
  return { server, browser, page };
}

/**
 * serveWithPage for the describe block it is called in: started before the block's tests (`use`
 * receives the server and page), the browser closed and the server stopped after them.
 */
export function servePageForSuite(name: string, use: (s: { server: Served; browser: Browser; page: Page }) => void): void {
  let started: { server: Served; browser: Browser } | null = null;
  beforeAll(async () => {
    const s = await serveWithPage(name);
    started = s;
    use(s);
  }, 240_000);
  afterAll(async () => {
    await started?.browser.close();
    if (started) await stop(started.server.proc);
  });
}
