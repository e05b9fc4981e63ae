import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRecordLine } from '../../src/link/record-line.js';
import { SimDevice } from '../../src/link/sim/sim-device.js';
import { SerialPortLink } from '../../src/link/transport/serial-port-link.js';
import { cliPath, CliProcess, hasSocat, PtyPair, sleep, stopAll } from './pty-pair.js';

const UNPLUGS = 100;
const ready = hasSocat() && existsSync(cliPath) && existsSync('/proc/self/status');

/** Resident memory (kB) and CPU time (clock ticks, user + system) of a process, from /proc. */
function usage(pid: number): { rssKb: number; cpuTicks: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssKb, cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

describe.skipIf(!ready)(`${UNPLUGS} unplugs of a real pty (socat restarts)`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'shagomer-unplug-'));
  afterAll(async () => {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('notices each one at once, reconnects each time, stays idle while unplugged, memory flat', async () => {
    const pty = new PtyPair(dir);
    const record = join(dir, 'events.jsonl');
    await pty.start();
    const host = new CliProcess(['link', '--port', pty.a, '--record', record, '--wait']);
    await host.waitFor(/open/);
    const pid = host.proc.pid as number;

    const acked = new Set<string>();
    const readings: string[] = [];
    let port: SerialPortLink | null = null;
    const device = new SimDevice({ write: (b) => port?.writeBytes(b), seed: 'unplug', boot: '0dead0ff', onAcked: (boot, m) => acked.add(`${boot}:${m.seq}`) });
    let heard = "";
    port = new SerialPortLink(pty.b, { opened: () => {}, data: (c) => { heard = (heard + c.toString("latin1")).slice(-4000); device.receive(c); }, lost: () => {}, waiting: () => {} });
    await port.start(true);
    const ticker = setInterval(() => device.tick(), 5);
    const opens = (): number => (host.stderr.match(/: open\n/g) ?? []).length;
    const losses = (): number => (host.stderr.match(/: lost \(/g) ?? []).length;

    let rssAfter10 = 0;
    let idleCpu = 0;
    const hz = 100; // USER_HZ on Linux
    try {
      for (let i = 0; i < UNPLUGS; i++) {
        // One reading per connection, acknowledged: the link works after every reconnect.
        while (!device.linked || !device.hasRoom) await sleep(10);
        const m = device.reading(device.randomReading());
        const key = `${device.boot}:${m?.seq ?? -1}`;
        readings.push(key);
        for (let t = 0; !acked.has(key); t++) {
          if (t > 500) throw new Error(`unplug ${i}: reading ${key} not acknowledged; device ${JSON.stringify(device.stats)} q=${device.queued} linked=${device.linked} heard=${JSON.stringify(heard.slice(-600))} record tail:\n${readFileSync(record, "utf8").slice(-1500)}`);
          await sleep(10);
        }
        // Traffic on the line while the cable goes: the host is mid-read when the far end closes.
        for (let b = 0; b < 5 && device.queued < 16; b++) {
          const r = device.reading(device.randomReading());
          if (r) readings.push(`${device.boot}:${r.seq}`);
        }
        await sleep(i % 3);
        const lostBefore = losses();
        await pty.stop();
        // The host must notice the dead port at once, not after a timeout.
        for (let t = 0; losses() === lostBefore; t++) {
          if (t > 150) throw new Error(`unplug ${i}: the host did not notice; stderr:\n${host.stderr.slice(-2000)}`);
          await sleep(10);
        }
        // Unplugged for a while: the host must not spin.
        if (i % 10 === 5) {
          const before = usage(pid).cpuTicks;
          await sleep(500);
          idleCpu = Math.max(idleCpu, (usage(pid).cpuTicks - before) / hz / 0.5);
        }
        const opensBefore = opens();
        await pty.start();
        for (let t = 0; opens() === opensBefore; t++) {
          if (t > 300) throw new Error(`unplug ${i}: no reconnect; stderr:\n${host.stderr.slice(-2000)}`);
          await sleep(10);
        }
        if (i === 9) rssAfter10 = usage(pid).rssKb;
      }
      const rssEnd = usage(pid).rssKb;
      console.log(`unplug: RSS after 10 unplugs ${rssAfter10} kB, after ${UNPLUGS} ${rssEnd} kB; worst CPU while unplugged ${(idleCpu * 100).toFixed(0)} %`);
      expect(rssEnd - rssAfter10).toBeLessThan(20 * 1024);
      expect(idleCpu).toBeLessThan(0.3);
      expect(opens()).toBe(UNPLUGS + 1);
    } finally {
      clearInterval(ticker);
      await port.stop();
    }
    expect(await host.stop('SIGTERM')).toBe(0);
    const keys = new Set(readFileSync(record, 'utf8').split('\n').filter((l) => l).map((l) => parseRecordLine(l)).map((e) => `${e?.boot}:${e?.seq}`));
    for (const k of readings) if (acked.has(k)) expect(keys.has(k), `acked reading ${k} is recorded`).toBe(true);
    expect(host.stderr).toMatch(new RegExp(`reconnects ${UNPLUGS}\\b`));
  }, 240_000);
});
