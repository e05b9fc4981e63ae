import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEvent } from '../../src/app/api/game-events.js';
import type { SensorReading } from '../../src/app/api/game-events.js';
import { parseJournalText } from '../../src/app/journal/journal.js';
import { seedRng, Rng } from '../../src/core/random/rng.js';

const CHILD = join(import.meta.dirname, 'fixtures', 'sensor-recorder-child.mjs');
const BUILT = join(import.meta.dirname, '..', '..', 'dist', 'src', 'app', 'session', 'game-session.js');

function reading(i: number): SensorReading {
  const kinds = ['SHOT', 'HIT', 'TILT'] as const;
  const kind = kinds[i % 3] as (typeof kinds)[number];
  return { key: `00c0ffee:${i}`, kind, node: `N${i % 7}`, deviceTMs: i * 10, hostMs: 1_700_000_000_000 + i, ...(kind === 'HIT' ? { strength: i % 1024 } : {}), ...(kind === 'TILT' ? { state: 'DOWN' as const, angleDeg: 80 } : {}) };
}

interface Run {
  acked: string[];
  tornBytesAtStart: number;
}

/**
 * Starts the session process, feeds it readings, and kills it (SIGKILL) after `killAfterMs` or
 * as soon as `killAtAck` acknowledgements have come back, whichever is first: on an idle machine
 * the child can finish a whole batch inside any fixed delay, so the ack count makes sure the
 * kill lands mid-stream.
 */
function runOnce(dir: string, toSend: SensorReading[], killAfterMs: number, killAtAck = Infinity): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CHILD, dir], { stdio: 'pipe' });
    const acked: string[] = [];
    let torn = 0;
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      let nl: number;
      while ((nl = out.indexOf('\n')) >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        if (line.startsWith('ready ')) {
          torn = Number(line.slice(6));
          // Feed everything at once: the kill lands at a random point of the stream.
          child.stdin.write(toSend.map((r) => `${JSON.stringify(r)}\n`).join(''));
          timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        } else if (line.startsWith('ack ')) {
          acked.push(line.slice(4));
          if (acked.length >= killAtAck) child.kill('SIGKILL');
        }
      }
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdin.on('error', () => undefined); // the pipe breaks when the child is killed mid-write
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal !== 'SIGKILL' && code !== 0 && code !== null) reject(new Error(`child exited ${code}: ${err}`));
      else resolve({ acked, tornBytesAtStart: torn });
    });
    child.on('error', reject);
  });
}

describe('crash: the session process killed at random points while events arrive', () => {
  it('keeps every acknowledged event exactly once, and invents none', { timeout: 120_000 }, async () => {
    expect(existsSync(BUILT), 'the child runs the compiled app: npm run build first').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-crash-'));
    const rng = new Rng(seedRng('crash-test'));
    const all = Array.from({ length: 250 }, (_, i) => reading(i));
    const acked = new Set<string>();
    let runs = 0;
    let powerCuts = 0;
    while (acked.size < all.length && runs < 300) {
      runs++;
      // Like a hub after a lost ACK: resend everything not acknowledged, plus a few that were.
      const pending = all.filter((r) => !acked.has(r.key));
      const resent = all.filter((r) => acked.has(r.key) && rng.die(10) === 1);
      const batch = [...resent, ...pending];
      const run = await runOnce(dir, batch, 10 + rng.die(150), rng.die(40));
      for (const k of run.acked) acked.add(k);
      // Now and then a power cut leaves half a record behind (never one that was acknowledged).
      if (rng.die(3) === 1) {
        const half = JSON.stringify({ seq: 99999, tMs: 0, event: { type: 'sensor', reading: reading(9999) } });
        appendFileSync(join(dir, 'games', 'crash.jsonl'), `{"crc":"12345678","len":${half.length},"rec":${half.slice(0, rng.die(half.length - 1))}`);
        powerCuts++;
      }
    }
    // One last clean run drops any torn tail and finishes.
    await runOnce(dir, [], 200);
    expect(acked.size).toBe(all.length);
    const parsed = parseJournalText(readFileSync(join(dir, 'games', 'crash.jsonl')), GameEvent);
    expect(parsed.report.damaged).toEqual([]);
    const keys = parsed.records.flatMap((r) => (r.event.type === 'sensor' ? [r.event.reading.key] : []));
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const k of acked) expect(counts.get(k), k).toBe(1);
    expect(keys.every((k) => all.some((r) => r.key === k))).toBe(true);
    expect(runs).toBeGreaterThan(2); // the kills really interrupted the stream
    console.log(`crash test: ${runs} runs killed with SIGKILL, ${powerCuts} torn tails, ${keys.length} events kept once each`);
  });
});
