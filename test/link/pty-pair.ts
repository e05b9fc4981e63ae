import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Everything started here, so a failed or timed-out test can still end it (see stopAll). */
const started = new Set<{ stop(): Promise<unknown> }>();

/** For afterAll: ends every socat and CLI process this file started and that still runs. */
export async function stopAll(): Promise<void> {
  for (const s of [...started]) await s.stop().catch(() => {});
  started.clear();
}

/** A socat pty pair with stable link names, killable and restartable (a cable pulled and plugged). */
export class PtyPair {
  readonly a: string;
  readonly b: string;
  private proc: ChildProcess | null = null;

  constructor(dir: string) {
    this.a = join(dir, 'ttyA');
    this.b = join(dir, 'ttyB');
    started.add(this);
  }

  async start(): Promise<void> {
    const proc = spawn('socat', [`pty,raw,echo=0,link=${this.a}`, `pty,raw,echo=0,link=${this.b}`], { stdio: 'ignore' });
    this.proc = proc;
    for (let i = 0; i < 200 && !(existsSync(this.a) && existsSync(this.b)); i++) await sleep(10);
    if (!existsSync(this.a) || !existsSync(this.b)) throw new Error('socat did not create the pty links');
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    await exited;
    for (let i = 0; i < 100 && (existsSync(this.a) || existsSync(this.b)); i++) await sleep(10);
  }
}

export function hasSocat(): boolean {
  return ['/usr/bin/socat', '/bin/socat', '/usr/local/bin/socat'].some((p) => existsSync(p));
}

export const cliPath = new URL('../../dist/src/cli/main.js', import.meta.url).pathname;

/** `node dist/src/cli/main.js ARGS` with stderr collected. */
export class CliProcess {
  readonly proc: ChildProcess;
  stderr = '';
  stdout = '';
  readonly exited: Promise<number | null>;

  constructor(args: string[]) {
    this.proc = spawn(process.execPath, [cliPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.proc.stdout?.on('data', (d: Buffer) => (this.stdout += d.toString()));
    this.exited = new Promise((r) => this.proc.once('exit', (code) => r(code)));
    started.add({ stop: () => this.stop('SIGKILL') });
  }

  async waitFor(pattern: RegExp, timeoutMs = 10_000): Promise<void> {
    const t0 = Date.now();
    while (!pattern.test(this.stderr)) {
      if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${pattern}; stderr:\n${this.stderr}`);
      if (this.proc.exitCode !== null) throw new Error(`exited ${this.proc.exitCode} before ${pattern}; stderr:\n${this.stderr}`);
      await sleep(20);
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill(signal);
    return this.exited;
  }
}

export { sleep };
