import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import type { LinkNote } from '../../src/link/record-line.js';
import { JsonlStore } from '../../src/link/record/jsonl-store.js';
import { LinkSession } from '../../src/link/session/link-session.js';
import { formatStats } from '../../src/link/format-stats.js';

/** The frame of issue 13: a TILT whose SEQ lost three digits on the line and still matches its CRC-16. */
const COLLISION = '$TILT,8,86240,T1,DOWN,141*CF63\n';

async function open(path: string, notes: LinkNote[] = []) {
  const { store, history } = await JsonlStore.open(path);
  const acks: string[] = [];
  const session = new LinkSession({ store, send: (f) => acks.push(f), nowMs: () => 1_796_000_000_000, onNote: (n) => notes.push(n) });
  for (const e of history.events) session.markDelivered(e.boot, e.seq, e);
  for (const n of history.notes) session.markNote(n);
  session.connected();
  const feed = (frame: string): void => session.receive(Buffer.from(frame, 'latin1'));
  return { store, history, session, acks, feed };
}

describe('integrity beyond CRC-16', () => {
  it('the collision frame is a real CRC-16 frame', () => {
    expect(encodeFrame('TILT,8,86240,T1,DOWN,141')).toBe(COLLISION);
  });

  it('the collision frame followed by the real SEQ 8: a conflict recorded with both versions, acked, counted, not dropped', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'shagomer-integrity-')), 'events.jsonl');
    const notes: LinkNote[] = [];
    const a = await open(path, notes);
    a.feed(encodeFrame('HELLO,0,0,1,00C0FFEE,t-1,L1:L;H1:H;T1:T'));
    for (let s = 1; s < 8; s++) a.feed(encodeFrame(`HIT,${s},${s * 100},H1,${500 + s}`));
    a.feed(COLLISION);
    await a.session.drain();
    a.feed(encodeFrame('SHOT,8,86239,L1,4200')); // the real message 8
    await a.session.drain();
    expect(a.acks.filter((f) => f.startsWith('$ACK,00c0ffee,8*'))).toHaveLength(2);
    expect(a.session.stats.conflicts).toBe(1);
    expect(a.session.stats.duplicates).toBe(0);
    expect(formatStats(a.session.stats)).toContain('conflicts 1');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'CONFLICT', boot: '00c0ffee', seq: 8, stored: 'TILT,8,86240,T1,DOWN,141', received: 'SHOT,8,86239,L1,4200' });
    // The real 8 is resent (its ACK lost): acked again, not a second conflict.
    a.feed(encodeFrame('SHOT,8,86239,L1,4200'));
    await a.session.drain();
    expect(a.session.stats.conflicts).toBe(1);
    await a.store.close();
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.includes('"type":"CONFLICT"'))).toHaveLength(1);
    expect(lines.find((l) => l.includes('"type":"CONFLICT"'))).toContain('"received":"SHOT,8,86239,L1,4200"');

    // After a restart the stored contents are known again: a repeat of either version is no new conflict.
    const b = await open(path);
    expect(b.history.notes).toHaveLength(1);
    b.feed(encodeFrame('HELLO,9,900,1,00C0FFEE,t-1,L1:L;H1:H;T1:T'));
    b.feed(encodeFrame('SHOT,8,86239,L1,4200'));
    b.feed(COLLISION);
    await b.session.drain();
    expect(b.session.stats.conflicts).toBe(0);
    expect(b.session.stats.duplicates).toBe(2);
    b.feed(encodeFrame('HIT,3,300,H1,999')); // stored 3 said 503: a new conflict
    await b.session.drain();
    expect(b.session.stats.conflicts).toBe(1);
    await b.store.close();
  });

  it('a message stored long ago and a collision naming its SEQ: conflict, not a silent duplicate', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'shagomer-integrity-')), 'events.jsonl');
    const a = await open(path);
    a.feed(encodeFrame('HELLO,0,0,1,00C0FFEE,t-1,L1:L;H1:H;T1:T'));
    for (let s = 1; s <= 8300; s++) a.feed(encodeFrame(`HB,${s},${s * 10}`));
    // Message 8 was a heartbeat (acked, not recorded; its content is still known): a HIT naming 8 differs.
    a.feed(encodeFrame('HIT,8,80,H1,3'));
    await a.session.drain();
    expect(a.session.stats.conflicts).toBe(1);
    a.feed(COLLISION);
    await a.session.drain();
    expect(a.session.stats.conflicts).toBe(2);
    await a.store.close();
  });

  it('a SEQ far outside its boot window is recorded as suspect, not as an event', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'shagomer-integrity-')), 'events.jsonl');
    const notes: LinkNote[] = [];
    const a = await open(path, notes);
    a.feed(encodeFrame('HELLO,0,0,1,00C0FFEE,t-1,L1:L;H1:H;T1:T'));
    a.feed(encodeFrame('HIT,1,100,H1,10'));
    a.feed(encodeFrame('TILT,30001,86240,T1,DOWN,90'));
    a.feed(encodeFrame('HIT,2,200,H1,11'));
    await a.session.drain();
    expect(a.session.stats.suspects).toBe(1);
    expect(a.session.stats.recorded).toBe(3);
    expect(notes[0]).toMatchObject({ type: 'SUSPECT', seq: 30001, newestSeq: 1 });
    expect(a.acks.some((f) => f.startsWith('$ACK,00c0ffee,30001*'))).toBe(true);
    await a.store.close();
    const again = await JsonlStore.open(path);
    expect(again.history.events.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(again.history.notes.map((n) => n.type)).toEqual(['SUSPECT']);
    await again.store.close();
  });
});
