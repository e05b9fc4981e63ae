import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceMessage } from '../../src/link/codec/device-message.js';
import { formatDeviceBody } from '../../src/link/codec/format-device-message.js';
import { parseRecordLine } from '../../src/link/record-line.js';
import { SimDevice } from '../../src/link/sim/sim-device.js';
import { SerialPortLink } from '../../src/link/transport/serial-port-link.js';
import type { LinkEvent } from '../../src/link/events.js';
import { cliPath, CliProcess, hasSocat, PtyPair, sleep, stopAll } from './pty-pair.js';

const EVENTS = 10_000;
const ready = hasSocat() && existsSync(cliPath);

/** A recorded event as the BODY the device sent, to compare content, not just keys. */
function bodyOfEvent(e: LinkEvent): string {
  const m: DeviceMessage =
    e.type === 'HELLO'
      ? { type: 'HELLO', seq: e.seq, tMs: e.tMs, proto: e.proto, boot: e.boot, fw: e.fw, nodes: e.nodes }
      : ({ ...e } as unknown as DeviceMessage);
  return formatDeviceBody(m);
}

describe.skipIf(!ready)('link over real socat ptys', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shagomer-link-'));
  });
  /** Run even when an assertion or the timeout fails the test: no socat or host may outlive it. */
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.splice(0)) await c().catch(() => {});
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`records ${EVENTS} events exactly once through noise, lost ACKs, a reset, unplugs and a host crash`, async () => {
    const pty = new PtyPair(dir);
    const record = join(dir, 'events.jsonl');
    await pty.start();
    let host = new CliProcess(['link', '--port', pty.a, '--record', record]);
    await host.waitFor(/open/);

    const sent = new Map<string, string>(); // boot:seq → BODY, every message the device made
    const acked = new Set<string>();
    let port: SerialPortLink | null = null;
    const device = new SimDevice({
      write: (b) => port?.writeBytes(b),
      seed: 'pty-integration',
      boot: '0badc0de',
      queueSize: 512,
      noise: { byteCorrupt: 0.01, garbage: 0.05, truncate: 0.02, ackLoss: 0.05 },
      onAcked: (boot, m) => acked.add(`${boot}:${m.seq}`),
    });
    const remember = (m: DeviceMessage | null): void => {
      if (m) sent.set(`${device.boot}:${m.seq}`, formatDeviceBody(m));
    };
    remember({ type: 'HELLO', seq: 0, tMs: 0, proto: 1, boot: device.boot, fw: 'sim-1.0', nodes: [] });
    port = new SerialPortLink(pty.b, { opened: () => {}, data: (c) => device.receive(c), lost: () => {}, waiting: () => {} });
    await port.start(true);
    const ticker = setInterval(() => device.tick(), 2);
    cleanups.push(async () => {
      clearInterval(ticker);
      await port?.stop();
    });

    let readings = 0;
    const readingSeqs: string[] = [];
    const ratePerMs = 2.5;
    const t0 = performance.now();
    const milestones = new Map<number, () => Promise<void>>([
      // Mid-stream but with few messages in RAM, so the reset loses (at most) those few.
      [2500, async () => {
        while (device.queued > 5) await sleep(1);
        device.powerUp();
      }],
      [4000, async () => { await pty.stop(); await sleep(300); await pty.start(); }],
      [5500, async () => { await host.stop('SIGKILL'); host = new CliProcess(['link', '--port', pty.a, '--record', record]); await host.waitFor(/open/); }],
      [7000, async () => { await pty.stop(); await sleep(150); await pty.start(); }],
      [8500, async () => { await pty.stop(); await sleep(500); await pty.start(); }],
    ]);
    const progress = process.env.LINK_TEST_VERBOSE ? setInterval(() => console.log('progress', readings, device.queued, device.linked, device.stats), 2000) : null;
    if (progress) cleanups.push(async () => clearInterval(progress));
    while (readings < EVENTS) {
      const action = milestones.get(readings);
      if (action) {
        milestones.delete(readings);
        await action();
      }
      const due = Math.min(EVENTS, Math.floor((performance.now() - t0) * ratePerMs));
      while (readings < due && device.linked && device.hasRoom && !milestones.has(readings)) {
        const m = device.reading(device.randomReading());
        remember(m);
        if (m) readingSeqs.push(`${device.boot}:${m.seq}`);
        readings++;
      }
      await sleep(2);
    }
    if (progress) clearInterval(progress);
    const tDrain = Date.now();
    while (!device.idle && Date.now() - tDrain < 30_000) await sleep(20);
    clearInterval(ticker);
    expect(device.idle).toBe(true);
    await port.stop();
    expect(await host.stop('SIGTERM')).toBe(0);
    await pty.stop();

    // HELLO answers to WHO are messages too: remember every HELLO the host could have seen.
    const lines = readFileSync(record, 'utf8').split('\n').filter((l) => l !== '');
    const keys = new Set<string>();
    let notes = 0;
    for (const line of lines) {
      // A conflict or suspect note is kept beside the events, never counted as one.
      const kind = (JSON.parse(line) as { type?: string }).type;
      if (kind === 'SUSPECT' || kind === 'CONFLICT') {
        notes++;
        continue;
      }
      const e = parseRecordLine(line);
      expect(e, line).toBeDefined();
      if (!e) continue;
      const key = `${e.boot}:${e.seq}`;
      expect(keys.has(key), `recorded twice: ${key}`).toBe(false);
      keys.add(key);
      if (e.type !== 'HELLO') expect(bodyOfEvent(e), `invented or altered: ${line}`).toBe(sent.get(key));
      else expect(['0badc0de', device.boot]).toContain(e.boot);
    }
    for (const k of acked) expect(keys.has(k), `acked but not recorded: ${k}`).toBe(true);
    if (notes > 0) console.log(`pty-integration: ${notes} conflict/suspect notes beside the events`);
    const recordedReadings = readingSeqs.filter((k) => keys.has(k)).length;
    // Only messages still queued when the device reset may be missing (their RAM is gone).
    expect(readingSeqs.length).toBe(EVENTS);
    expect(device.stats.lostInReset).toBeLessThanOrEqual(5);
    expect(EVENTS - recordedReadings).toBeLessThanOrEqual(device.stats.lostInReset);
    expect(device.stats.boots).toBe(2);
    if (process.env.LINK_TEST_VERBOSE) console.log(lines.length, recordedReadings, device.stats, host.stderr);
    expect(host.stderr).toMatch(/stats: frames good \d+, bad CRC \d+, malformed \d+, duplicates \d+, reconnects [1-9]\d*/);
  }, 90_000);
});
