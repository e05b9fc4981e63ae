/**
 * `shagomer sim-device --proto 1`: a v1 hub (PROTOCOL.md §1–§9, no length and no CRC-32C) on
 * a real pty, with `shagomer link` on the other end. socat sits in the middle with `-v`, so the
 * test reads the bytes each side put on the line, not what the codec made of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliPath, CliProcess, hasSocat, sleep, stopAll } from './pty-pair.js';

const missing = [...(hasSocat() ? [] : ['socat']), ...(existsSync(cliPath) ? [] : ['dist/ (npm run build)'])];
const EVENTS = 12;
const V1 = /^\$[^$*]+\*[0-9A-F]{4}$/;
const V2 = /^\$[^$*]+\*[0-9A-F]{10}$/;

interface Wire {
  /** Frames the device sent (socat's `<` blocks: right to left). */
  device: string[];
  /** Frames the host sent. */
  host: string[];
}

/** socat -v's log: a header line `> date length=…` or `< …`, then the bytes, one frame a line. */
function parseTap(log: string): Wire {
  const wire: Wire = { device: [], host: [] };
  let side: string[] | null = null;
  for (const raw of log.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const header = /^([<>]) \d{4}\/\d\d\/\d\d [\d:.]+\s+length=\d+/.exec(line);
    if (header) side = header[1] === '<' ? wire.device : wire.host;
    else if (side && line !== '') side.push(line);
  }
  return wire;
}

async function session(proto: string[]): Promise<{ wire: Wire; records: { type: string; seq: number; proto?: number }[]; sim: CliProcess; host: CliProcess }> {
  const dir = mkdtempSync(join(tmpdir(), 'shagomer-proto-'));
  const a = join(dir, 'ttyA');
  const b = join(dir, 'ttyB');
  let tapLog = '';
  const tap: ChildProcess = spawn('socat', ['-v', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  tap.stderr?.on('data', (d: Buffer) => (tapLog += d.toString('latin1')));
  try {
    for (let i = 0; i < 200 && !(existsSync(a) && existsSync(b)); i++) await sleep(10);
    const record = join(dir, 'hub.jsonl');
    const host = new CliProcess(['link', '--port', a, '--record', record]);
    await host.waitFor(/open/);
    const sim = new CliProcess(['sim-device', '--port', b, '--events', String(EVENTS), '--rate', '100', '--seed', 'proto-test', ...proto]);
    // The simulator ends by itself once every reading is acknowledged.
    const simCode = await Promise.race([sim.exited, sleep(30_000).then(() => 'timeout' as const)]);
    expect(simCode, sim.stderr).toBe(0);
    await sleep(200);
    expect(await host.stop('SIGTERM')).toBe(0);
    const records = readFileSync(record, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { type: string; seq: number; proto?: number });
    return { wire: parseTap(tapLog), records, sim, host };
  } finally {
    const exited = new Promise<void>((r) => (tap.exitCode !== null ? r() : tap.once('exit', () => r())));
    tap.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

afterAll(stopAll);

describe(missing.length ? `sim-device --proto (skipped: missing ${missing.join(', ')})` : 'sim-device --proto over a socat pty pair', () => {
  it.skipIf(missing.length > 0)('--proto 1: a v1 hub ignores VER,2, every frame it sends is v1, and the host records each event once', { timeout: 60_000 }, async () => {
    const { wire, records, sim } = await session(['--proto', '1']);
    expect(sim.stderr).toMatch(/protocol v1 only/);
    // The host offered v2 (on connect and again after the v1 HELLO); the hub never took it.
    expect(wire.host.filter((f) => f.startsWith('$VER,2*')).length).toBeGreaterThanOrEqual(1);
    expect(wire.device.length).toBeGreaterThanOrEqual(EVENTS + 1);
    for (const f of wire.device) expect(f).toMatch(V1);
    // The host talks v1 back (its ACKs carry a CRC-16, no length).
    const acks = wire.host.filter((f) => f.startsWith('$ACK,'));
    expect(acks.length).toBeGreaterThanOrEqual(EVENTS + 1);
    for (const f of acks) expect(f).toMatch(V1);
    expect(records[0]?.type).toBe('HELLO');
    expect(records.filter((r) => r.type === 'HELLO').map((r) => r.proto)).toEqual([1]);
    expect(records.map((r) => r.seq)).toEqual(Array.from({ length: EVENTS + 1 }, (_, i) => i));
    expect(records.slice(1).every((r) => ['SHOT', 'HIT', 'TILT'].includes(r.type))).toBe(true);
  });

  it.skipIf(missing.length > 0)('without --proto the same hub switches to v2 after VER,2 (so the tap tells the framings apart)', { timeout: 60_000 }, async () => {
    const { wire, records, sim } = await session([]);
    expect(sim.stderr).toMatch(/protocol v2/);
    expect(wire.device.filter((f) => V2.test(f)).length).toBeGreaterThanOrEqual(EVENTS + 1);
    expect(records.filter((r) => r.type === 'HELLO').map((r) => r.proto)).toEqual([1, 2]);
    expect(records.filter((r) => r.type !== 'HELLO')).toHaveLength(EVENTS);
  });
});

describe('sim-device --proto: bad values and help', () => {
  const cli = (args: string[]): Promise<{ code: number | null; stderr: string; stdout: string }> => {
    const p = new CliProcess(args);
    return p.exited.then((code) => ({ code, stderr: p.stderr, stdout: p.stdout }));
  };

  it.skipIf(!existsSync(cliPath))('refuses --proto 3, v1 and 1.5 in one line, exit 2', async () => {
    for (const bad of ['3', 'v1', '1.5', '0']) {
      const r = await cli(['sim-device', '--port', '/tmp/no-such-shagomer-port', '--proto', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toBe(`sim-device: --proto: expected 1 or 2, got "${bad}"\n`);
    }
  });

  it.skipIf(!existsSync(cliPath))('--help explains --proto', async () => {
    const r = await cli(['sim-device', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--proto 1\|2\s+the highest protocol version the hub speaks \(default 2\): 1 is an old hub/);
  });
});
