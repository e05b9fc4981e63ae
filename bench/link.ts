/**
 * npm run bench:link — wire codec throughput, end-to-end delivery over a socat pty beside
 * the 115200-baud line rate, and device-write → durable-record latency at 200 events/s.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFrame } from '../src/link/codec/encode-frame.js';
import { formatDeviceBody } from '../src/link/codec/format-device-message.js';
import { FrameReader } from '../src/link/codec/frame-reader.js';
import { parseDeviceBody } from '../src/link/codec/parse-device-message.js';
import type { LinkEvent } from '../src/link/events.js';
import { JsonlStore } from '../src/link/record/jsonl-store.js';
import { LinkSession } from '../src/link/session/link-session.js';
import { SimDevice } from '../src/link/sim/sim-device.js';
import { BAUD_RATE, SerialPortLink } from '../src/link/transport/serial-port-link.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

function codecBench(): void {
  const sim = new SimDevice({ write: () => {}, seed: 'bench', nowMs: () => 0 });
  const frames: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const r = sim.randomReading();
    frames.push(encodeFrame(formatDeviceBody({ ...r, seq: i, tMs: i * 13 } as Parameters<typeof formatDeviceBody>[0])));
  }
  const bytes = Buffer.from(frames.join(''), 'latin1');
  let good = 0;
  const reader = new FrameReader({ frame: (b) => void (parseDeviceBody(b).ok && good++), reject: () => {} });
  const rounds = 600;
  for (let i = 0; i < 50; i++) reader.push(bytes); // warm-up
  good = 0;
  let t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < rounds; i++) reader.push(bytes);
  const codecS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // On a shared, overloaded box wall time counts other people's work; CPU time does not.
  const codecCpuS = (cpu.user + cpu.system) / 1e6;
  if (good !== rounds * frames.length) throw new Error(`codec decoded ${good} of ${rounds * frames.length}`);
  // Baseline: only finding the line ends in the same bytes, the least any decoder must do.
  let lines = 0;
  t0 = performance.now();
  for (let i = 0; i < rounds; i++) for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
  const scanS = (performance.now() - t0) / 1000;
  const fps = good / codecS;
  const cpuFps = good / codecCpuS;
  console.log(
    `codec: ${fmt(fps)} frames/s decoded+parsed in process, wall clock; ${fmt(cpuFps)} frames per CPU-second ` +
      `(aim ≥ 500,000/s: ${fps >= 500_000 ? 'met' : 'NOT met'} by wall clock, ${cpuFps >= 500_000 ? 'met' : 'NOT met'} per CPU-second); newline scan alone ${fmt(lines / scanS)} lines/s (ratio ${(fps / (lines / scanS)).toFixed(2)})`,
  );
}

async function withPty<T>(body: (a: string, b: string, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'shagomer-bench-'));
  const a = join(dir, 'ttyA');
  const b = join(dir, 'ttyB');
  const socat = spawn('socat', [`pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: 'ignore' });
  // An interrupted bench must not leave socat behind.
  const onSignal = (): void => {
    socat.kill('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    for (let i = 0; i < 200 && !(existsSync(a) && existsSync(b)); i++) await sleep(10);
    return await body(a, b, dir);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    socat.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Rig {
  device: SimDevice;
  session: LinkSession;
  stop(): Promise<void>;
}

/** Host (session + fsync'd JSONL) on one end, simulated hub on the other, both in this process. */
async function rig(a: string, b: string, dir: string, onEvent: (e: LinkEvent) => void, onWrite: (bytes: Buffer) => void): Promise<Rig> {
  const { store } = await JsonlStore.open(join(dir, 'bench.jsonl'));
  let hostPort: SerialPortLink | null = null;
  const session = new LinkSession({ store, send: (f) => hostPort?.write(f), onEvent });
  hostPort = new SerialPortLink(a, { opened: () => session.connected(), data: (c) => session.receive(c), lost: () => {}, waiting: () => {} });
  let devicePort: SerialPortLink | null = null;
  const device = new SimDevice({
    write: (bytes) => {
      onWrite(bytes);
      devicePort?.writeBytes(bytes);
    },
    seed: 'bench',
    queueSize: 1024,
  });
  devicePort = new SerialPortLink(b, { opened: () => {}, data: (c) => device.receive(c), lost: () => {}, waiting: () => {} });
  await devicePort.start(false);
  await hostPort.start(false);
  const ticker = setInterval(() => device.tick(), 5);
  for (let i = 0; i < 500 && !device.linked; i++) await sleep(5);
  return {
    device,
    session,
    stop: async () => {
      clearInterval(ticker);
      await session.drain();
      await hostPort.stop();
      await devicePort.stop();
      await store.close();
    },
  };
}

async function throughputBench(): Promise<void> {
  const total = 20_000;
  await withPty(async (a, b, dir) => {
    let recorded = 0;
    let firstTxBytes = 0;
    let counting = false;
    const r = await rig(a, b, dir, () => recorded++, (bytes) => void (counting && (firstTxBytes += bytes.length)));
    const before = r.session.stats.recorded;
    const t0 = performance.now();
    let made = 0;
    while (made < total) {
      counting = true;
      while (made < total && r.device.hasRoom) {
        r.device.reading(r.device.randomReading());
        made++;
      }
      counting = false;
      await new Promise((res) => setImmediate(res));
    }
    while (!r.device.idle) await new Promise((res) => setImmediate(res));
    const s = (performance.now() - t0) / 1000;
    const got = r.session.stats.recorded - before;
    await r.stop();
    const eps = got / s;
    // 8N1: ten bit times per byte.
    const lineEps = total / ((firstTxBytes * 10) / BAUD_RATE);
    console.log(
      `end to end over a pty: ${fmt(eps)} events/s recorded+fsync'd+acked, ${total - got} lost; 115200-baud line limit for the same frames ${fmt(lineEps)} events/s (${(firstTxBytes / total).toFixed(1)} B/frame) → ratio ${(eps / lineEps).toFixed(2)} (aim ≥ 0.95)`,
    );
    if (got !== total || recorded < total) throw new Error(`lost events: ${total - got}`);
  });
}

async function latencyBench(): Promise<void> {
  const rateHz = 200;
  const count = 600;
  await withPty(async (a, b, dir) => {
    const writtenAt = new Map<number, number>();
    const latencies: number[] = [];
    let lastWriteMs = 0;
    const r = await rig(
      a,
      b,
      dir,
      (e) => {
        const t = writtenAt.get(e.seq);
        if (t !== undefined && e.type !== 'HELLO') latencies.push(performance.now() - t);
      },
      () => void (lastWriteMs = performance.now()),
    );
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const due = t0 + (i * 1000) / rateHz;
      if (due > performance.now()) await sleep(due - performance.now());
      const m = r.device.reading(r.device.randomReading());
      // reading() wrote the frame synchronously: lastWriteMs is its write time.
      if (m) writtenAt.set(m.seq, lastWriteMs);
    }
    while (!r.device.idle) await sleep(5);
    await r.stop();
    // Baseline: the same kind of line appended and fsync'd alone, at the same pace, same disk.
    const fsyncMs: number[] = [];
    const { open } = await import('node:fs/promises');
    const fh = await open(join(dir, 'fsync-baseline.jsonl'), 'a');
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await fh.write(`{"boot":"00000000","seq":${i},"type":"HIT","t_ms":${i},"host_ms":0,"node":"H1","strength":1}\n`);
      await fh.sync();
      fsyncMs.push(performance.now() - t);
      await sleep(1000 / rateHz);
    }
    await fh.close();
    const q = (xs: number[], p: number): number => {
      const s = [...xs].sort((x, y) => x - y);
      return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
    };
    console.log(
      `latency at ${rateHz} events/s, device write → record line fsync'd (${latencies.length} events): p50 ${q(latencies, 0.5).toFixed(2)} ms, p99 ${q(latencies, 0.99).toFixed(2)} ms ` +
        `(aim p99 ≤ 5 ms: ${q(latencies, 0.99) <= 5 ? 'met' : 'NOT met'}); baseline append+fsync alone on this disk: p50 ${q(fsyncMs, 0.5).toFixed(2)} ms, p99 ${q(fsyncMs, 0.99).toFixed(2)} ms`,
    );
  });
}

async function main(): Promise<void> {
  // Figures swing with machine load: say what it was.
  console.log(`bench:link on ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}`);
  codecBench();
  await throughputBench();
  await latencyBench();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`bench:link: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
