import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SerialPortLink } from '../../src/link/transport/serial-port-link.js';
import { hasSocat, PtyPair, sleep, stopAll } from './pty-pair.js';

describe.skipIf(!hasSocat())('a port that goes silent', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shagomer-silence-'));
  afterAll(async () => {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is closed after the heartbeat timeout and opened again; a port that never spoke is left open', async () => {
    const pty = new PtyPair(dir);
    await pty.start();
    const events: string[] = [];
    const host = new SerialPortLink(pty.a, { opened: () => events.push('open'), data: () => events.push('data'), lost: (why) => events.push(`lost ${why}`), waiting: () => {} }, 50, 600);
    const far = new SerialPortLink(pty.b, { opened: () => {}, data: () => {}, lost: () => {}, waiting: () => {} });
    await far.start(false);
    await host.start(false);
    await sleep(1500); // nothing sent yet: no device has spoken, nothing to time out
    expect(events).toEqual(['open']);
    far.write('$HB,0,0*0000\n'); // the device speaks once, then falls silent (the far end stays open)
    for (let i = 0; i < 300 && !events.some((e) => e.startsWith('lost')); i++) await sleep(10);
    expect(events.find((e) => e.startsWith('lost'))).toMatch(/heartbeat timeout/);
    for (let i = 0; i < 300 && events.filter((e) => e === 'open').length < 2; i++) await sleep(10);
    expect(events.filter((e) => e === 'open')).toHaveLength(2);
    await host.stop();
    await far.stop();
    await pty.stop();
  }, 20_000);
});
