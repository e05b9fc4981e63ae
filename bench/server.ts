import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppController } from '../src/app/app-controller.js';
import { createAppServer } from '../src/app/server/http-server.js';

/**
 * The referee's intents while spectators watch: time from POST to answer and to the update
 * reaching every stream, with 0 streams (the baseline, same run) and with N (default 300).
 * `node dist/bench/server.js [N]`.
 */

const N = Number(process.argv[2] ?? 300);
const ROUNDS = 200;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

async function run(streamsWanted: number): Promise<{ answerMs: number[]; fanOutMs: number[] }> {
  const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-bench-server-')) });
  const { server, stop, access } = createAppServer({ app, uiDir: join(tmpdir(), 'no-ui') });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const headers = { host: `127.0.0.1:${port}`, authorization: `Bearer ${access.nightToken}`, 'content-type': 'application/json' };
  const post = (body: unknown): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/intent', headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode ?? 0}`))));
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  await post({ type: 'new-game', ruleset: 'vtorzhenie', title: 'bench', players: [{ id: 'A', name: 'A', colour: '#aa0000' }, { id: 'B', name: 'B', colour: '#0000aa' }] });
  const counts: number[] = new Array<number>(streamsWanted).fill(0);
  const sockets: (() => void)[] = [];
  await Promise.all(
    counts.map(
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path: '/api/events', agent: false, headers: { host: headers.host } }, (res) => {
            res.on('data', (c: Buffer) => {
              // Count whole frames: every view is one `data:` line.
              counts[i] = (counts[i] ?? 0) + (c.toString().match(/^data: /gm)?.length ?? 0);
              if (counts[i] === 1) resolve();
            });
          });
          req.on('error', reject);
          req.end();
          sockets.push(() => req.destroy());
        }),
    ),
  );
  const answerMs: number[] = [];
  const fanOutMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    await post({ type: 'select', shooterId: null, targetId: null, weaponId: r % 2 === 0 ? 'x' : null });
    answerMs.push(performance.now() - t0);
    while (counts.some((c) => c < r + 2)) await new Promise((res) => setImmediate(res));
    fanOutMs.push(performance.now() - t0);
  }
  for (const s of sockets) s();
  await stop();
  app.close();
  return { answerMs, fanOutMs };
}

async function main(): Promise<void> {
  const base = await run(0);
  const loaded = await run(N);
  const line = (name: string, xs: number[]): string => `${name}: p50 ${percentile(xs, 50).toFixed(2)} ms, p95 ${percentile(xs, 95).toFixed(2)} ms`;
  process.stdout.write(`${line('referee intent answered, no spectators', base.answerMs)}\n`);
  process.stdout.write(`${line(`referee intent answered, ${N} spectator streams`, loaded.answerMs)}\n`);
  process.stdout.write(`${line(`update on all ${N} streams`, loaded.fanOutMs)}\n`);
  process.stdout.write(`ratio (answer p50 with ${N} streams / without): ${(percentile(loaded.answerMs, 50) / percentile(base.answerMs, 50)).toFixed(2)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench server: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
