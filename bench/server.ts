import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * The referee's intents while spectators watch, against a real `shagomer serve` process: time
 * from POST to answer, and until the update has reached every stream, with 0 streams (the
 * baseline, same run) and with N (default 300). The streams are read in a worker thread so
 * their parsing does not delay the referee's answers in this process.
 * `node dist/bench/server.js [N]` (after `npm run build`).
 */

const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'main.js');
const ROUNDS = 200;

interface StreamJob {
  port: number;
  streams: number;
}

/** Worker: N spectator streams; reports the fewest views any stream has seen, whenever it grows. */
function spectators({ port, streams }: StreamJob): void {
  const counts = new Array<number>(streams).fill(0);
  let lastMin = -1;
  const report = (): void => {
    const min = Math.min(...counts);
    if (min !== lastMin) {
      lastMin = min;
      parentPort?.postMessage(min);
    }
  };
  for (let i = 0; i < streams; i++) {
    const req = request({ host: '127.0.0.1', port, path: '/api/events', agent: false, headers: { host: `127.0.0.1:${port}` } }, (res) => {
      res.on('data', (c: Buffer) => {
        counts[i] = (counts[i] ?? 0) + (c.toString().match(/^data: /gm)?.length ?? 0);
        report();
      });
    });
    req.on('error', (e) => parentPort?.postMessage(`error ${e.message}`));
    req.end();
  }
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

async function serve(): Promise<{ port: number; token: string; stop: () => void }> {
  const proc = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', mkdtempSync(join(tmpdir(), 'shagomer-bench-server-'))], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const end = Date.now() + 20_000;
  while (!/#referee=/.test(out)) {
    if (Date.now() > end || proc.exitCode !== null) throw new Error(`serve did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const m = /http:\/\/[^:]+:(\d+)\/#referee=([A-Za-z0-9_-]+)/.exec(out);
  if (!m) throw new Error(`unexpected serve output: ${out}`);
  return { port: Number(m[1]), token: m[2] as string, stop: () => proc.kill('SIGTERM') };
}

async function run(streams: number): Promise<{ answerMs: number[]; fanOutMs: number[] }> {
  const s = await serve();
  const headers = { host: `127.0.0.1:${s.port}`, authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };
  const post = (body: unknown): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: s.port, method: 'POST', path: '/api/intent', headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode ?? 0}`))));
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  await post({ type: 'new-game', ruleset: 'vtorzhenie', title: 'bench', players: [{ id: 'A', name: 'A', colour: '#aa0000' }, { id: 'B', name: 'B', colour: '#0000aa' }] });
  let seen = 0;
  let failed: string | null = null;
  let worker: Worker | null = null;
  const waiters: { n: number; resolve: () => void }[] = [];
  const seenAtLeast = (n: number): Promise<void> => (seen >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })));
  if (streams > 0) {
    worker = new Worker(new URL(import.meta.url), { workerData: { port: s.port, streams } satisfies StreamJob });
    worker.on('message', (m: number | string) => {
      if (typeof m === 'string') failed = m;
      else seen = m;
      for (let i = waiters.length - 1; i >= 0; i--) {
        const w = waiters[i] as { n: number; resolve: () => void };
        if (seen >= w.n || failed !== null) {
          waiters.splice(i, 1);
          w.resolve();
        }
      }
    });
    await seenAtLeast(1);
  }
  const answerMs: number[] = [];
  const fanOutMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    await post({ type: 'select', shooterId: null, targetId: null, weaponId: r % 2 === 0 ? 'x' : null });
    answerMs.push(performance.now() - t0);
    if (worker) {
      await seenAtLeast(r + 2);
      if (failed !== null) throw new Error(`a spectator stream failed: ${String(failed)}`);
      fanOutMs.push(performance.now() - t0);
    }
  }
  await worker?.terminate();
  s.stop();
  return { answerMs, fanOutMs };
}

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 300);
  const base = await run(0);
  const loaded = await run(n);
  const line = (name: string, xs: number[]): string => `${name}: p50 ${percentile(xs, 50).toFixed(2)} ms, p95 ${percentile(xs, 95).toFixed(2)} ms`;
  process.stdout.write(`${line('referee intent answered, no spectators (baseline)', base.answerMs)}\n`);
  process.stdout.write(`${line(`referee intent answered, ${n} spectator streams`, loaded.answerMs)}\n`);
  process.stdout.write(`${line(`update on all ${n} streams`, loaded.fanOutMs)}\n`);
  process.stdout.write(`ratio (answer p50 with ${n} streams / without): ${(percentile(loaded.answerMs, 50) / percentile(base.answerMs, 50)).toFixed(2)}\n`);
}

if (isMainThread) {
  main().catch((e: unknown) => {
    process.stderr.write(`bench server: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
} else spectators(workerData as StreamJob);
