import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import { loadVectors } from './vectors.js';

const fw = new URL('../../firmware-protocol/firmware/', import.meta.url).pathname;
const sources = ['src/proto.c', 'src/hub.c'].map((s) => join(fw, s));
const which = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const hasGcc = which('gcc');
const hasAvrGcc = which('avr-gcc');
const vectors = loadVectors();
const hex = (text: string): string => Buffer.from(text, 'latin1').toString('hex');

let dir = '';
let harness = '';
/** Runs harness commands; returns the output of each command (lines before its "."). */
function run(commands: string[]): string[][] {
  const out = execFileSync(harness, { input: `${commands.join('\n')}\n`, encoding: 'latin1' });
  const replies: string[][] = [];
  let current: string[] = [];
  for (const line of out.split('\n')) {
    if (line === '.') {
      replies.push(current);
      current = [];
    } else if (line !== '') current.push(line);
  }
  return replies;
}

describe.skipIf(!hasGcc)('reference firmware protocol code, compiled for the host', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shagomer-fw-'));
    harness = join(dir, 'harness');
    execFileSync('gcc', ['-std=c99', '-O1', '-Wall', '-Wextra', '-Werror', '-DHUB_TEST', '-o', harness, join(fw, 'test/harness.c'), ...sources]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('computes the CRC of vectors.json', () => {
    const replies = run(vectors.crc.map((c) => `crc ${c.input}`));
    expect(replies.map((r) => r[0])).toEqual(vectors.crc.map((c) => c.crc));
  });

  it('computes the CRC-32C of vectors.json (v2)', () => {
    const replies = run(vectors.crc32c.map((c) => `crc32c ${c.input}`));
    expect(replies.map((r) => r[0])).toEqual(vectors.crc32c.map((c) => c.crc));
  });

  it('decodes the host frames of vectors.json', () => {
    const replies = run(vectors.host_frames.map((v) => `rx ${hex(v.frame)}`));
    vectors.host_frames.forEach((v, i) => {
      const c = v.command ?? {};
      const expected =
        v.result !== 'ok'
          ? v.result
          : c.type === 'ACK'
            ? `ok ACK ${String(c.boot)} ${String(c.seq)}`
            : c.type === 'SYNC'
              ? `ok SYNC ${Math.floor(Number(c.host_ms) / 1000)}`
              : c.type === 'CFG'
                ? `ok CFG ${String(c.key)} ${String(c.value)}`
                : c.type === 'VER'
                  ? `ok VER ${String(c.version)}`
                  : `ok ${String(c.type)}`;
      expect(replies[i], v.name).toEqual([expected]);
    });
  });

  it('sends the canonical device frames of vectors.json byte for byte', () => {
    const helloVector = vectors.device_frames.find((v) => v.name === 'HELLO');
    expect(run(['start 1A2B3C4D 1.0.0 L1:L;H1:H;T1:T 12'])[0]).toEqual([`tx ${helloVector?.frame.trimEnd()}`]);

    const ids = ['L1', 'L2', 'H1', 'TGT8abcd', 'T1'];
    const commands = ['start 1A2B3C4D fw L1:L;L2:L;H1:H;TGT8abcd:H;T1:T 0', `hostrx 1 ${hex(encodeFrame('ACK,1a2b3c4d,0'))}`];
    const expected: string[] = [];
    for (const v of vectors.device_frames) {
      const m = v.message ?? {};
      if (!v.canonical || v.framing === 2 || !['SHOT', 'HIT', 'TILT'].includes(String(m.type))) continue;
      if (m.type === 'TILT' && !Number.isInteger(m.angle_deg)) continue; // whole degrees on this hub
      const node = ids.indexOf(String(m.launcher ?? m.node));
      commands.push(`seq ${String(m.seq)}`);
      if (m.type === 'SHOT') commands.push(`shot ${node} ${m.speed_mm_s === undefined ? '-' : String(m.speed_mm_s)} ${String(m.t_ms)}`);
      if (m.type === 'HIT') commands.push(`hit ${node} ${String(m.strength)} ${String(m.t_ms)}`);
      if (m.type === 'TILT') commands.push(`tilt ${node} ${String(m.state)} ${String(m.angle_deg)} ${String(m.t_ms)}`);
      commands.push(`hostrx ${String(m.t_ms)} ${hex(encodeFrame(`ACK,1a2b3c4d,${String(m.seq)}`))}`);
      expected.push(`tx ${v.frame.trimEnd()}`);
    }
    expect(expected.length).toBeGreaterThanOrEqual(5);
    const sent = run(commands).flat().filter((l) => l.startsWith('tx '));
    expect(sent.slice(1)).toEqual(expected);
  });

  it('speaks v2 after VER,2: a new HELLO with PROTO 2, every frame with length and CRC-32C, ACKs in either framing', () => {
    const r = run([
      'start 1A2B3C4D 1.0.0 L1:L;H1:H;T1:T 0', // 0: HELLO 0 in v1
      `hostrx 40 ${hex(encodeFrame('VER,2'))}`, // 1: HELLO 0 replaced by HELLO 1, v2
      `hostrx 41 ${hex(encodeFrame('WHO'))}`, // 2: HELLO 1 again
      `hostrx 42 ${hex(encodeFrame('ACK,1a2b3c4d,1', 2))}`, // 3: linked
      'seq 8',
      'tilt 2 DOWN 141 86240', // 5
      `hostrx 86241 ${hex(encodeFrame('ACK,1a2b3c4d,8'))}`, // 6: a v1 ACK still counts
      'queued', // 7
    ]);
    expect(r[0]).toEqual([expect.stringMatching(/^tx \$HELLO,0,0,1,1A2B3C4D,/)]);
    const v2Hello = vectors.device_frames.find((v) => v.name === 'v2 HELLO');
    expect(r[1]).toEqual([`tx ${v2Hello?.frame.trimEnd()}`]);
    expect(r[2]).toEqual(r[1]);
    const v2Tilt = vectors.device_frames.find((v) => v.name === 'v2 TILT');
    expect(r[5]).toEqual([`tx ${v2Tilt?.frame.trimEnd()}`, 'queued']);
    expect(r[7]).toEqual(['queued 0 linked 1 threshold 300']);
  });

  it('follows the delivery rules: HELLO gate, resend, queue of 32 with LOST, heartbeat, WHO, CFG', () => {
    const ack = (seq: number, t: number, boot = 'cafe0001'): string => `hostrx ${t} ${hex(encodeFrame(`ACK,${boot},${seq}`))}`;
    const r = run([
      'start CAFE0001 t H1:H 0', // 0: HELLO
      'hit 0 100 10', // 1: queued, not sent before the HELLO is acked
      'poll 150', // 2: nothing due
      'poll 200', // 3: HELLO again
      ack(0, 210, 'cafe0002'), // 4: another boot's ACK: ignored
      ack(0, 220), // 5: linked: the held HIT goes out
      ...Array.from({ length: 32 }, (_, i) => `hit 0 ${i} 300`), // 6..37: 31 fit (1 slot held by HIT seq 1)
      'queued', // 38
      ...Array.from({ length: 33 }, (_, i) => ack(i + 1, 400)), // 39..71: all acked
      'poll 401', // 72: LOST report
      ack(33, 402), // 73
      'poll 2000', // 74: heartbeat after 1 s silence
      `hostrx 2001 ${hex(encodeFrame('WHO'))}`, // 75: a new HELLO
      `hostrx 2002 ${hex(encodeFrame('CFG,HIT_THRESHOLD,512'))}`, // 76
      `hostrx 2003 ${hex(encodeFrame('CFG,COLOUR,red'))}`, // 77: refused with ERR
      'queued', // 78
    ]);
    expect(r[0]).toEqual([expect.stringMatching(/^tx \$HELLO,0,0,1,CAFE0001,t,H1:H\*/)]);
    expect(r[1]).toEqual(['queued']);
    expect(r[2]).toEqual([]);
    expect(r[3]).toEqual([expect.stringMatching(/^tx \$HELLO,0,0,/)]);
    expect(r[4]).toEqual([]);
    expect(r[5]).toEqual([expect.stringMatching(/^tx \$HIT,1,10,H1,100\*/)]);
    expect(r.slice(6, 37).every((x) => x[0]?.startsWith('tx $HIT,'))).toBe(true);
    expect(r[37]).toEqual(['lost']);
    expect(r[38]).toEqual(['queued 32 linked 1 threshold 300']);
    expect(r[72]).toEqual([expect.stringMatching(/^tx \$ERR,33,401,LOST,1\*/)]);
    expect(r[74]).toEqual([expect.stringMatching(/^tx \$HB,34,2000\*/)]);
    expect(r[75]).toEqual([expect.stringMatching(/^tx \$HELLO,35,2001,/)]);
    expect(r[77]).toEqual([expect.stringMatching(/^tx \$ERR,36,2003,CFG,/)]);
    expect(r[78]).toEqual(['queued 3 linked 1 threshold 512']);
  });
});

describe(hasAvrGcc ? 'reference firmware for the ATmega328P' : 'reference firmware for the ATmega328P (skipped: avr-gcc is not installed; apt-get install gcc-avr avr-libc)', () => {
  it.skipIf(!hasAvrGcc)('compiles with avr-gcc -Werror and fits in 32 KiB flash and 2 KiB RAM with room for the stack', () => {
    const out = mkdtempSync(join(tmpdir(), 'shagomer-avr-'));
    try {
      const elf = join(out, 'hub.elf');
      execFileSync('avr-gcc', ['-mmcu=atmega328p', '-DF_CPU=16000000UL', '-Os', '-std=gnu99', '-Wall', '-Wextra', '-Werror', '-o', elf, join(fw, 'src/main_avr.c'), ...sources]);
      expect(existsSync(elf)).toBe(true);
      const size = execFileSync('avr-size', [elf], { encoding: 'utf8' }).trim().split('\n')[1]?.trim().split(/\s+/).map(Number) ?? [];
      const [text = 0, data = 0, bss = 0] = size;
      expect(text + data).toBeLessThan(32 * 1024);
      expect(data + bss).toBeLessThan(1536);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
