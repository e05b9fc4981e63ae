import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppController } from '../../src/app/app-controller.js';
import { connectHub } from '../../src/app/link/hub-link.js';
import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import { SerialPortLink } from '../../src/link/transport/serial-port-link.js';
import { hasSocat, PtyPair, sleep, stopAll } from '../link/pty-pair.js';

describe.skipIf(!hasSocat())('a CRC-16 collision reaches the referee', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shagomer-conflict-'));
  afterAll(async () => {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the collision frame then the real seq 8 over a pty: both versions in the game journal and in the view, the real one acked', async () => {
    const pty = new PtyPair(dir);
    await pty.start();
    const app = new AppController({ dataDir: join(dir, 'data') });
    expect(app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 'x', players: [{ id: 'A', name: 'А', colour: '#aa0000' }, { id: 'B', name: 'Б', colour: '#0000aa' }] } as never)).toEqual({ ok: true });
    const hub = await connectHub(app, pty.a);
    if (!hub.ok) throw new Error(hub.problem);
    let heard = '';
    const device = new SerialPortLink(pty.b, { opened: () => {}, data: (c) => (heard += c.toString('latin1')), lost: () => {}, waiting: () => {} });
    await device.start(false);
    const until = async (what: () => boolean, label: string): Promise<void> => {
      for (let i = 0; !what(); i++) {
        if (i > 300) throw new Error(`timed out: ${label}; heard ${JSON.stringify(heard)}`);
        await sleep(10);
      }
    };
    // A v1 hub: it ignores VER, answers WHO.
    device.write(encodeFrame('HELLO,0,0,1,00C0FFEE,t-1,L1:L;H1:H;T1:T'));
    await until(() => heard.includes('$ACK,00c0ffee,0*'), 'HELLO acked');
    device.write('$TILT,8,86240,T1,DOWN,141*CF63\n');
    await until(() => (heard.match(/\$ACK,00c0ffee,8\*/g) ?? []).length === 1, 'collision acked');
    device.write(encodeFrame('SHOT,8,86239,L1,4200'));
    await until(() => (heard.match(/\$ACK,00c0ffee,8\*/g) ?? []).length === 2, 'real 8 acked');
    const view = app.view(false);
    expect(view.sensorConflicts).toEqual([{ kind: 'conflict', key: '00c0ffee:8', stored: 'TILT,8,86240,T1,DOWN,141', received: 'SHOT,8,86239,L1,4200' }]);
    expect(hub.handle.stats.conflicts).toBe(1);
    await device.stop();
    await hub.handle.stop();
    const id = app.game?.gameId ?? '';
    app.close();
    const journal = readFileSync(join(dir, 'data', 'games', `${id}.jsonl`), 'utf8');
    expect(journal).toContain('"type":"sensor-conflict"');
    expect(journal).toContain('SHOT,8,86239,L1,4200');
    // Reopened, the referee still sees it.
    const again = new AppController({ dataDir: join(dir, 'data') });
    expect(again.view(false).sensorConflicts).toHaveLength(1);
    again.close();
    await pty.stop();
  }, 30_000);
});
