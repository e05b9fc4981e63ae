import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, CliProcess, hasSocat, PtyPair, sleep } from './pty-pair.js';

const fw = new URL('../../firmware-protocol/firmware/', import.meta.url).pathname;
const libsimavr = '/usr/lib/x86_64-linux-gnu/libsimavr.so.2';
const which = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const missing = [
  ...(which('avr-gcc') ? [] : ['avr-gcc (gcc-avr, avr-libc)']),
  ...(which('gcc') ? [] : ['gcc']),
  ...(existsSync(libsimavr) ? [] : ['libsimavr2 (simavr)']),
  ...(hasSocat() ? [] : ['socat']),
  ...(existsSync(cliPath) ? [] : ['dist/ (npm run build)']),
];
const PRESSES = 5;

describe(missing.length ? `firmware under simavr (skipped: missing ${missing.join(', ')})` : 'firmware under simavr, end to end with shagomer link', () => {
  it.skipIf(missing.length > 0)(`records the real firmware's HELLO and ${PRESSES} launcher presses exactly once`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-simavr-'));
    const pty = new PtyPair(dir);
    let bridge: ReturnType<typeof spawn> | null = null;
    let host: CliProcess | null = null;
    try {
      const elf = join(dir, 'hub.elf');
      const bridgeBin = join(dir, 'simavr-bridge');
      execFileSync('avr-gcc', ['-mmcu=atmega328p', '-DF_CPU=16000000UL', '-Os', '-std=gnu99', '-o', elf, ...['src/main_avr.c', 'src/hub.c', 'src/proto.c'].map((s) => join(fw, s))]);
      execFileSync('gcc', ['-std=c99', '-O2', '-Wall', '-Wextra', '-Werror', '-o', bridgeBin, join(fw, 'test/simavr-bridge.c'), libsimavr]);
      await pty.start();
      const record = join(dir, 'hub.jsonl');
      host = new CliProcess(['link', '--port', pty.a, '--record', record]);
      await host.waitFor(/open/);
      bridge = spawn(bridgeBin, [elf, pty.b, String(PRESSES)], { stdio: 'ignore' });
      const lines = (): string[] => (existsSync(record) ? readFileSync(record, 'utf8').split('\n').filter((l) => l !== '') : []);
      const t0 = Date.now();
      while (lines().length < PRESSES + 2 && Date.now() - t0 < 40_000) await sleep(100);
      // Let resends (if any) arrive: none may be recorded twice.
      await sleep(500);
      bridge.kill('SIGTERM');
      expect(await host.stop('SIGTERM')).toBe(0);
      const events = lines().map((l) => JSON.parse(l) as { boot: string; seq: number; type: string; launcher?: string; proto?: number });
      // The firmware's power-up HELLO (v1), then, after the host's VER,2, its v2 HELLO: v2 from there on.
      expect(events.map((e) => e.type)).toEqual(['HELLO', 'HELLO', ...Array<string>(PRESSES).fill('SHOT')]);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: PRESSES + 2 }, (_, i) => i));
      expect(events.slice(0, 2).map((e) => e.proto)).toEqual([1, 2]);
      expect(new Set(events.map((e) => e.boot)).size).toBe(1);
      expect(events.slice(2).every((e) => e.launcher === 'L1')).toBe(true);
      expect(host.stderr).toMatch(/firmware ref-1\.0/);
    } finally {
      if (bridge && bridge.exitCode === null) bridge.kill('SIGKILL');
      if (host) await host.stop('SIGKILL');
      await pty.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
