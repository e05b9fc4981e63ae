import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/random/rng.js';
import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import { parseRecordLine, toRecordLine } from '../../src/link/record-line.js';
import { SimDevice } from '../../src/link/sim/sim-device.js';
import { flush, makeSession, ManualStore } from './session-helpers.js';

const FRAMES = 100_000;

describe('fuzz: the host never crashes on bad input', () => {
  it(`survives ${FRAMES} random and mutated frames`, async () => {
    const rng = Rng.fromSeed('fuzz-link-1');
    const store = new ManualStore(true);
    const { session, sent } = makeSession(store);
    const good: string[] = [];
    const sim = new SimDevice({ write: () => {}, seed: 'fuzz', nowMs: () => 0 });
    for (let i = 0; i < 200; i++) {
      const r = sim.randomReading();
      good.push(encodeFrame(`${r.type},${i},${i * 7},${Object.values(r).slice(1).join(',')}`));
    }
    good.push(encodeFrame('HELLO,0,0,1,1A2B3C4D,f,L1:L'), encodeFrame('ERR,9,9,X,a,b,c'), encodeFrame('HB,1,1'));
    session.connected();
    session.receive(Buffer.from(good[good.length - 3] as string));
    const special = [0x24, 0x2a, 0x2c, 0x0a, 0x0d, 0x00, 0xff, 0x3a, 0x3b];
    for (let n = 0; n < FRAMES; n++) {
      const kind = rng.nextUint32() % 4;
      let bytes: Buffer;
      if (kind === 0) {
        bytes = Buffer.alloc(1 + (rng.nextUint32() % 200));
        for (let i = 0; i < bytes.length; i++) bytes[i] = rng.nextUint32() & 0xff;
      } else {
        bytes = Buffer.from(good[rng.nextUint32() % good.length] as string, 'latin1');
        const edits = 1 + (rng.nextUint32() % 4);
        for (let e = 0; e < edits; e++) {
          const at = rng.nextUint32() % bytes.length;
          const op = rng.nextUint32() % 4;
          if (op === 0) bytes[at] = rng.nextUint32() & 0xff;
          else if (op === 1) bytes[at] = special[rng.nextUint32() % special.length] as number;
          else if (op === 2) bytes = bytes.subarray(0, at);
          else bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + 1 + (rng.nextUint32() % 5)), bytes.subarray(at)]);
        }
        // Some mutations keep a valid CRC over a changed body: fields must still be checked.
        if (kind === 3 && bytes.length > 8) {
          const body = bytes.toString('latin1').replace(/^\$|\*[0-9A-Fa-f]{0,4}\r?\n?$/g, '').replace(/[$*\n\r]/g, '');
          if (body.length <= 121 && /^[\x20-\x7e]*$/.test(body)) bytes = Buffer.from(encodeFrame(body), 'latin1');
        }
      }
      const cut = rng.nextUint32() % (bytes.length + 1);
      session.receive(bytes.subarray(0, cut));
      session.receive(bytes.subarray(cut));
      if (n % 5000 === 4999) {
        session.disconnected();
        session.connected();
        session.receive(Buffer.from(good[good.length - 3] as string));
      }
    }
    await flush();
    const s = session.stats;
    expect(s.framesGood + s.badCrc + s.malformed).toBeGreaterThan(FRAMES / 2);
    expect(s.recorded).toBe(store.events.length);
    for (const e of store.events) expect(parseRecordLine(toRecordLine(e))).toEqual(e);
    for (const f of sent) expect(f).toMatch(/^\$(VER,2|WHO|SYNC,\d+|ACK,[0-9a-f]{8},\d{1,5})\*[0-9A-F]{4}\n$/);
  });
});
