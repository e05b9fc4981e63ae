import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import { SeqWindow } from '../../src/link/session/seq-window.js';
import { ack, flush, hello, makeSession, ManualStore } from './session-helpers.js';

describe('LinkSession', () => {
  it('says WHO on connect and drops frames before a HELLO unacknowledged', async () => {
    const { session, sent, feed } = makeSession(new ManualStore(true));
    session.connected();
    // v2 is offered first; a v1 hub ignores VER and answers the WHO.
    expect(sent).toEqual([encodeFrame('VER,2'), encodeFrame('WHO')]);
    feed('HIT,5,100,H1,10');
    await flush();
    expect(sent).toHaveLength(2);
    expect(session.stats.beforeHello).toBe(1);
  });

  it('acknowledges only after the store resolves', async () => {
    const store = new ManualStore();
    const { session, sent, feed } = makeSession(store);
    session.connected();
    feed(hello(0));
    feed('SHOT,1,10,L1,4000');
    await flush();
    expect(sent).toEqual([encodeFrame('VER,2'), encodeFrame('WHO'), encodeFrame('VER,2')]);
    expect(store.pendingCount).toBe(2);
    store.commitAll();
    await flush();
    expect(sent).toContain(ack(0));
    expect(sent).toContain(ack(1));
    expect(store.events.map((e) => e.type)).toEqual(['HELLO', 'SHOT']);
    expect(store.events[1]).toMatchObject({ boot: '1a2b3c4d', seq: 1, tMs: 10, launcher: 'L1', speedMmS: 4000 });
  });

  it('acks a duplicate again without recording it, also while the first is still being stored', async () => {
    const store = new ManualStore();
    const { session, sent, feed } = makeSession(store);
    session.connected();
    feed(hello(0));
    feed('HIT,1,10,H1,99');
    feed('HIT,1,10,H1,99');
    await flush();
    expect(sent.filter((f) => f === ack(1))).toHaveLength(0);
    store.commitAll();
    await flush();
    expect(sent.filter((f) => f === ack(1))).toHaveLength(2);
    feed('HIT,1,10,H1,99');
    await flush();
    expect(sent.filter((f) => f === ack(1))).toHaveLength(3);
    expect(store.events.filter((e) => e.type === 'HIT')).toHaveLength(1);
    expect(session.stats.duplicates).toBe(2);
  });

  it('acks HB and unknown types without recording them; never acks bad frames', async () => {
    const store = new ManualStore(true);
    const { session, sent, feed } = makeSession(store);
    session.connected();
    feed(hello(0));
    feed('HB,1,1000');
    feed('TEMP,2,1001,21.5');
    session.receive(Buffer.from('$HB,3,1002*0000\n$HB,x,1*1234\n$HIT,4,5,H1,2000*'));
    session.receive(Buffer.from(encodeFrame('HIT,4,5,H1,2000')));
    await flush();
    // VER on connect, and once more for the boot whose HELLO said PROTO 1.
    expect([...sent].sort()).toEqual([encodeFrame('VER,2'), encodeFrame('VER,2'), encodeFrame('WHO'), ack(0), encodeFrame('SYNC,1796000000000'), ack(1), ack(2)].sort());
    expect(store.events.map((e) => e.type)).toEqual(['HELLO']);
    expect(session.stats).toMatchObject({ framesGood: 3, badCrc: 2, malformed: 2, unknownTypes: 1 });
  });

  it('keeps a SEQ space per boot and forgets the boot on reconnect', async () => {
    const store = new ManualStore(true);
    const { session, sent, feed } = makeSession(store);
    session.connected();
    feed(hello(0));
    feed('HIT,1,10,H1,1');
    feed(hello(0, 'CAFEF00D'));
    feed('HIT,1,10,H1,1');
    await flush();
    expect(store.events.map((e) => `${e.boot}:${e.seq}:${e.type}`)).toEqual(['1a2b3c4d:0:HELLO', '1a2b3c4d:1:HIT', 'cafef00d:0:HELLO', 'cafef00d:1:HIT']);
    session.disconnected();
    sent.length = 0;
    session.connected();
    feed('HIT,2,20,H1,1');
    await flush();
    expect(sent).toEqual([encodeFrame('VER,2'), encodeFrame('WHO')]);
    expect(session.stats.reconnects).toBe(1);
  });

  it('records every message once across two SEQ wrap-arounds', async () => {
    const store = new ManualStore(true);
    const { session, feed } = makeSession(store);
    session.connected();
    feed(hello(65000));
    for (let i = 1; i <= 140_000; i++) {
      const seq = (65000 + i) & 0xffff;
      feed(`HIT,${seq},${i},H1,${i % 1024}`);
      // A resend of a recent message, as a lost ACK would cause.
      if (i % 1000 === 0) feed(`HIT,${(seq - 5) & 0xffff},${i - 5},H1,${(i - 5) % 1024}`);
    }
    await flush();
    expect(store.events).toHaveLength(140_001);
    expect(session.stats.duplicates).toBe(140);
  });

  it('does not ack a message whose store failed, and takes its resend', async () => {
    const store = new ManualStore();
    const errors: unknown[] = [];
    const sent: string[] = [];
    const { LinkSession } = await import('../../src/link/session/link-session.js');
    const session = new LinkSession({ store, send: (f) => sent.push(f), onStoreError: (e) => errors.push(e) });
    const feed = (b: string): void => session.receive(Buffer.from(encodeFrame(b)));
    session.connected();
    feed(hello(0));
    store.commitAll();
    await flush();
    feed('HIT,1,10,H1,5');
    await flush();
    store.failAll();
    await flush();
    expect(errors).toHaveLength(1);
    expect(sent).not.toContain(ack(1));
    feed('HIT,1,10,H1,5');
    await flush();
    store.commitAll();
    await flush();
    expect(sent).toContain(ack(1));
  });

  it('sums LOST reports from the device', async () => {
    const store = new ManualStore(true);
    const { session, feed } = makeSession(store);
    session.connected();
    feed(hello(0));
    feed('ERR,1,5,LOST,7');
    feed('ERR,2,6,LOST,3');
    feed('ERR,3,7,PIEZO,stuck, high');
    await flush();
    expect(session.stats.deviceLost).toBe(10);
    expect(store.events[3]).toMatchObject({ type: 'ERR', code: 'PIEZO', text: 'stuck, high' });
  });
});

describe('protocol v2', () => {
  it('after a PROTO 2 HELLO in a v2 frame: answers in v2, refuses v1 frames; a v1 hub gets v1 exactly as before', async () => {
    const store = new ManualStore(true);
    const { session, sent } = makeSession(store);
    const feed2 = (b: string): void => session.receive(Buffer.from(encodeFrame(b, 2), 'latin1'));
    session.connected();
    session.receive(Buffer.from(encodeFrame('HELLO,0,0,2,1A2B3C4D,t-2,T1:T'), 'latin1')); // PROTO 2 in a v1 frame: refused
    feed2('HELLO,1,5,2,1A2B3C4D,t-2,T1:T');
    await flush();
    expect(session.stats.malformed).toBe(1);
    expect(sent).toContain(encodeFrame('ACK,1a2b3c4d,1', 2));
    expect(sent).toContain(encodeFrame('SYNC,1796000000000', 2));
    // The collision frame of issue 13 in v1 framing: a v2 link no longer takes it.
    session.receive(Buffer.from('$TILT,8,86240,T1,DOWN,141*CF63\n', 'latin1'));
    feed2('TILT,8,86240,T1,DOWN,90');
    await flush();
    expect(session.stats.malformed).toBe(2);
    expect(store.events.map((e) => `${e.type}:${e.seq}`)).toEqual(['HELLO:1', 'TILT:8']);
    expect(sent).toContain(encodeFrame('ACK,1a2b3c4d,8', 2));
    // Reconnect: back to v1 until the hub says otherwise.
    session.disconnected();
    sent.length = 0;
    session.connected();
    expect(sent).toEqual([encodeFrame('VER,2'), encodeFrame('WHO')]);
  });
});

describe('protocol negotiation with the simulator, in memory', () => {
  it.each([1, 2] as const)('a hub that speaks up to v%i: every frame each way in that framing once linked, every reading recorded once', async (maxProto) => {
    const store = new ManualStore(true);
    const toDevice: string[] = [];
    const toHost: string[] = [];
    let session: import('../../src/link/session/link-session.js').LinkSession | null = null;
    let t = 0;
    const { SimDevice } = await import('../../src/link/sim/sim-device.js');
    const device = new SimDevice({ write: (b) => { toHost.push(b.toString('latin1')); session?.receive(b); }, seed: `neg-${maxProto}`, nowMs: () => t, maxProto });
    const { LinkSession } = await import('../../src/link/session/link-session.js');
    session = new LinkSession({ store, send: (f) => { toDevice.push(f); device.receive(Buffer.from(f, 'latin1')); }, nowMs: () => 1_796_000_000_000 + t });
    session.connected();
    for (let i = 0; i < 40; i++) {
      await flush();
      t += 50;
      device.tick();
      if (device.linked && i % 2 === 0) device.reading(device.randomReading());
    }
    await session.drain();
    const v2 = /\*[0-9A-F]{10}\n$/;
    const v1 = /\*[0-9A-F]{4}\n$/;
    const lastHello = toHost.map((f) => f.startsWith('$HELLO,')).lastIndexOf(true);
    for (const f of toHost.slice(lastHello)) expect(f).toMatch(maxProto === 2 ? v2 : v1);
    if (maxProto === 1) for (const f of toDevice) expect(f).toMatch(v1);
    const hellos = store.events.filter((e) => e.type === 'HELLO');
    expect(hellos.map((h) => h.type === 'HELLO' && h.proto)).toEqual(maxProto === 2 ? [1, 2].slice(-hellos.length) : [1]);
    const readings = store.events.filter((e) => e.type !== 'HELLO' && e.type !== 'ERR');
    expect(readings.length).toBeGreaterThanOrEqual(15);
    expect(new Set(store.events.map((e) => `${e.boot}:${e.seq}`)).size).toBe(store.events.length);
    expect(session.stats.conflicts + session.stats.suspects + session.stats.malformed + session.stats.badCrc).toBe(0);
  });
});

describe('protocol v2: a hub reset on a v2 connection', () => {
  it('its v1 HELLO is not taken but answered with VER,2 and WHO; a hub that stays in v1 is taken after 8 tries', async () => {
    let nowMs = 0;
    const store = new ManualStore(true);
    const sent: string[] = [];
    const { LinkSession } = await import('../../src/link/session/link-session.js');
    const session = new LinkSession({ store, send: (f) => sent.push(f), nowMs: () => nowMs });
    const feed = (b: string, framing: 1 | 2): void => session.receive(Buffer.from(encodeFrame(b, framing), 'latin1'));
    session.connected();
    feed('HELLO,1,5,2,1A2B3C4D,t-2,T1:T', 2);
    await flush();
    sent.length = 0;
    nowMs = 1000;
    feed('HELLO,0,0,1,CAFEF00D,t-2,T1:T', 1); // the hub was reset: v1 again
    await flush();
    expect(sent).toEqual([encodeFrame('VER,2', 2), encodeFrame('WHO', 2)]);
    feed('HELLO,1,3,2,CAFEF00D,t-2,T1:T', 2); // it switched: a new HELLO in v2
    await flush();
    expect(sent).toContain(encodeFrame('ACK,cafef00d,1', 2));
    expect(store.events.map((e) => `${e.boot}:${e.seq}`)).toEqual(['1a2b3c4d:1', 'cafef00d:1']);
    // A v1 hub plugged in without the port closing: after 8 v1 HELLOs the connection is v1 again.
    for (let i = 0; i < 8; i++) {
      nowMs += 250;
      feed('HELLO,0,0,1,0BADF00D,old,T1:T', 1);
    }
    await flush();
    expect(sent).toContain(encodeFrame('ACK,0badf00d,0'));
    expect(store.events.map((e) => `${e.boot}:${e.seq}`)).toEqual(['1a2b3c4d:1', 'cafef00d:1', '0badf00d:0']);
  });
});

describe('WHO repeat', () => {
  it('asks again (at most every 200 ms) while frames come without a HELLO', async () => {
    let nowMs = 0;
    const sent: string[] = [];
    const { LinkSession } = await import('../../src/link/session/link-session.js');
    const session = new LinkSession({ store: new ManualStore(true), send: (f) => sent.push(f), nowMs: () => nowMs });
    session.connected();
    const hb = (seq: number): void => session.receive(Buffer.from(encodeFrame(`HB,${seq},1`)));
    hb(1);
    nowMs = 150;
    hb(2);
    nowMs = 210;
    hb(3);
    expect(sent).toEqual([encodeFrame('VER,2'), encodeFrame('WHO'), encodeFrame('WHO')]);
  });
});

describe('SeqWindow', () => {
  it('sees recent SEQs as seen and old values coming round again as new', () => {
    const w = new SeqWindow();
    for (let s = 0; s < 40000; s++) w.mark(s);
    expect(w.has(39999)).toBe(true);
    expect(w.has(39999 - 32767)).toBe(true);
    // 0..7231 left the window: after the wrap they are new messages.
    expect(w.has(100)).toBe(false);
    expect(w.has(40000)).toBe(false);
  });
});
