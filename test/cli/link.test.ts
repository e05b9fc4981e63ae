import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, CliProcess, hasSocat, PtyPair, sleep, stopAll } from '../link/pty-pair.js';

const ready = existsSync(cliPath);
const scenario = {
  fw: 'scn-2',
  nodes: [
    { id: 'L1', kind: 'L' },
    { id: 'H7', kind: 'H' },
    { id: 'T1', kind: 'T' },
  ],
  events: [
    { at_ms: 0, type: 'SHOT', launcher: 'L1', speed_mm_s: 4200 },
    { at_ms: 5, type: 'SHOT', launcher: 'L1' },
    { at_ms: 10, type: 'HIT', node: 'H7', strength: 812 },
    { at_ms: 20, type: 'TILT', node: 'T1', state: 'DOWN', angle_deg: -87.5 },
  ],
};

describe.skipIf(!ready)('shagomer link / sim-device', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shagomer-cli-link-'));
    writeFileSync(join(dir, 'scenario.json'), JSON.stringify(scenario));
  });
  afterAll(async () => {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 2 with one clear line for a port that does not exist', async () => {
    const p = new CliProcess(['link', '--port', join(dir, 'nope'), '--record', join(dir, 'x.jsonl')]);
    expect(await p.exited).toBe(2);
    expect(p.stderr).toBe(`link: ${join(dir, 'nope')}: no such port\n`);
    expect(existsSync(join(dir, 'x.jsonl'))).toBe(false);
  });

  it('exits 2 for a record file it cannot create, and for bad flags', async () => {
    const p = new CliProcess(['link', '--port', '/dev/null', '--record', join(dir, 'no/such/dir.jsonl')]);
    expect(await p.exited).toBe(2);
    expect(p.stderr).toMatch(/^link: .*no such directory/);
    const s = new CliProcess(['sim-device', '--port', join(dir, 'nope')]);
    expect(await s.exited).toBe(2);
    expect(s.stderr).toMatch(/^sim-device: .*no such port\n$/);
    const b = new CliProcess(['sim-device', '--port', '/dev/null', '--boot', 'xyz']);
    expect(await b.exited).toBe(2);
    expect(b.stderr).toMatch(/--boot: expected 8 hex digits/);
  });

  it.skipIf(!hasSocat())('records a scenario as typed JSON lines, and a restarted host records no resend twice', async () => {
    const pty = new PtyPair(dir);
    await pty.start();
    const record = join(dir, 'scenario.jsonl');
    const runOnce = async (): Promise<string> => {
      const host = new CliProcess(['link', '--port', pty.a, '--record', record]);
      await host.waitFor(/open/);
      const sim = new CliProcess(['sim-device', '--port', pty.b, '--boot', 'ABCDEF01', '--scenario', join(dir, 'scenario.json')]);
      expect(await sim.exited).toBe(0);
      expect(await host.stop('SIGINT')).toBe(0);
      return host.stderr;
    };
    const first = await runOnce();
    expect(first).toMatch(/hub abcdef01 \(firmware scn-2\) connected/);
    // The simulator speaks v2: its power-up HELLO (v1), then after the host's VER,2 a new HELLO in v2.
    expect(first).toMatch(/link: stats: frames good \d+, bad CRC 0, malformed 0, duplicates 0, reconnects 0, recorded 6, lost at device 0, conflicts 0, suspect 0/);
    const lines = readFileSync(record, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.boot, l.seq, l.type])).toEqual([
      ['abcdef01', 0, 'HELLO'],
      ['abcdef01', 1, 'HELLO'],
      ['abcdef01', 2, 'SHOT'],
      ['abcdef01', 3, 'SHOT'],
      ['abcdef01', 4, 'HIT'],
      ['abcdef01', 5, 'TILT'],
    ]);
    expect(lines[0]).toMatchObject({ proto: 1, fw: 'scn-2', nodes: scenario.nodes, t_ms: expect.any(Number), host_ms: expect.any(Number) });
    expect(lines[1]).toMatchObject({ proto: 2, fw: 'scn-2', nodes: scenario.nodes });
    expect(lines[2]).toMatchObject({ launcher: 'L1', speed_mm_s: 4200 });
    expect(lines[3]).not.toHaveProperty('speed_mm_s');
    expect(lines[4]).toMatchObject({ node: 'H7', strength: 812 });
    expect(lines[5]).toMatchObject({ node: 'T1', state: 'DOWN', angle_deg: -87.5 });
    expect(Math.abs((lines[2]?.host_ms as number) - Date.now())).toBeLessThan(60_000);

    // The same boot sends the same SEQs again: to the restarted host none is a new event. Those
    // with the same content are resends (duplicates); those whose device time differs this run are
    // conflicts, recorded as such and never as a second event.
    // Which of the two a message is depends on the device clock this run (under load, every one
    // may differ): together they are all six, and none is recorded again.
    const second = await runOnce();
    expect(second).toMatch(/duplicates \d+, reconnects 0, recorded 0/);
    expect(Number(/duplicates (\d+)/.exec(second)?.[1]) + Number(/conflicts (\d+)/.exec(second)?.[1])).toBe(6);
    const after = readFileSync(record, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(after.filter((l) => l.type !== 'CONFLICT')).toHaveLength(6);
    const conflicts = Number(/conflicts (\d+)/.exec(second)?.[1]);
    expect(second).toMatch(/bad CRC 0, malformed 0/);
    expect(after.filter((l) => l.type === 'CONFLICT')).toHaveLength(conflicts);
    await pty.stop();
  }, 30_000);

  it.skipIf(!hasSocat())('sim-device --corrupt: every reading recorded once or reported lost by the device', async () => {
    mkdirSync(join(dir, 'c'), { recursive: true });
    const pty = new PtyPair(join(dir, 'c'));
    await pty.start();
    const record = join(dir, 'corrupt.jsonl');
    const host = new CliProcess(['link', '--port', pty.a, '--record', record]);
    await host.waitFor(/open/);
    const sim = new CliProcess(['sim-device', '--port', pty.b, '--events', '150', '--rate', '150', '--corrupt', '0.01', '--seed', 'c1']);
    expect(await sim.exited).toBe(0);
    expect(await host.stop('SIGTERM')).toBe(0);
    const lines = readFileSync(record, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { boot: string; seq: number; type: string; code?: string; text?: string });
    const readings = lines.filter((l) => ['SHOT', 'HIT', 'TILT'].includes(l.type)).length;
    const lost = lines.filter((l) => l.type === 'ERR' && l.code === 'LOST').reduce((n, l) => n + Number(l.text), 0);
    expect(readings + lost).toBe(150);
    expect(new Set(lines.map((l) => `${l.boot}:${l.seq}`)).size).toBe(lines.length);
    expect(host.stderr).toMatch(/bad CRC [1-9]\d*, malformed [1-9]\d*, duplicates \d+/);
    await pty.stop();
  }, 30_000);

  it.skipIf(!hasSocat())('--wait waits for a port that appears later; --duration ends the run', async () => {
    // Its own folder: a pty left by a test before must not be the port that "appears".
    mkdirSync(join(dir, 'w'), { recursive: true });
    const pty = new PtyPair(join(dir, 'w'));
    const record = join(dir, 'wait.jsonl');
    const host = new CliProcess(['link', '--port', pty.a, '--record', record, '--wait', '--duration', '4']);
    await host.waitFor(/not available .*retrying every 200 ms/);
    await sleep(300);
    await pty.start();
    await host.waitFor(/open/);
    const sim = new CliProcess(['sim-device', '--port', pty.b, '--events', '20', '--rate', '200', '--seed', 'w']);
    expect(await sim.exited).toBe(0);
    expect(await host.exited).toBe(0);
    // 20 readings and two HELLOs (v1 at power-up, v2 after VER,2).
    expect(host.stderr).toMatch(/recorded 22/);
    expect(readFileSync(record, 'utf8').trimEnd().split('\n')).toHaveLength(22);
    await pty.stop();
  }, 30_000);
});
