import { appendFileSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Journal } from '../../src/app/journal/journal.js';
import { encodeFrame } from '../../src/link/codec/encode-frame.js';
import { JsonlStore } from '../../src/link/record/jsonl-store.js';
import { LinkSession } from '../../src/link/session/link-session.js';
import { mountSmallTmpfs } from './tmpfs.js';

const fs = mountSmallTmpfs('64k');
afterAll(() => fs.unmount());
if (fs.reason) console.warn(`full-disk tests ${fs.reason}`);

/** Fills most of the disk with a file we can delete later to free space. */
function filler(dir: string, bytes: number): string {
  const p = join(dir, 'filler.bin');
  writeFileSync(p, Buffer.alloc(bytes, 0x55));
  return p;
}

describe.skipIf(fs.dir === null)(`a full disk (64 KiB tmpfs)${fs.reason ? ` — ${fs.reason}` : ''}`, () => {
  // Each test starts with an empty disk, whatever the one before left.
  beforeEach(() => {
    for (const f of readdirSync(fs.dir as string)) rmSync(join(fs.dir as string, f), { force: true, recursive: true });
  });

  it('link: every ACKed event is a whole readable line; after freeing space the next one is readable after reopen', async () => {
    const dir = fs.dir as string;
    const path = join(dir, 'events.jsonl');
    const fill = filler(dir, 32 * 1024);
    const { store } = await JsonlStore.open(path);
    const acked = new Set<number>();
    const session = new LinkSession({
      store,
      send: (f) => {
        const m = /^\$ACK,1a2b3c4d,(\d+)\*/.exec(f);
        if (m) acked.add(Number(m[1]));
      },
      nowMs: () => 1_796_000_000_000,
    });
    session.connected();
    const feed = (body: string): void => session.receive(Buffer.from(encodeFrame(body), 'latin1'));
    feed('HELLO,0,0,1,1A2B3C4D,t-1,L1:L;H1:H;T1:T');
    await session.drain();
    // Bursts of events (group commit) until the disk refuses; the device would resend the rest.
    let seq = 1;
    for (let burst = 0; burst < 80; burst++) {
      for (let i = 0; i < 7; i++, seq++) feed(`ERR,${seq},${seq * 10},BOOT,${'x'.repeat(60)} padding so that a line is long ${seq}`);
      await session.drain();
    }
    expect(acked.size).toBeGreaterThan(10);
    expect(acked.size).toBeLessThan(seq); // the disk did fill
    expect(session.stats.recorded).toBe(acked.size);
    await store.close();

    let reopened = await JsonlStore.open(path);
    const seqs = new Set(reopened.history.events.map((e) => e.seq));
    for (const s of acked) expect(seqs.has(s), `acked seq ${s} is in the record file`).toBe(true);
    expect(reopened.history.badLines).toBe(0);
    expect(reopened.history.events.length).toBe(acked.size);

    // Space comes back: the next event is written after the last whole record and reads back.
    unlinkSync(fill);
    await reopened.store.append({ type: 'HIT', boot: '1a2b3c4d', seq: 9999, tMs: 1, hostMs: 2, node: 'H1', strength: 700 });
    await reopened.store.close();
    reopened = await JsonlStore.open(path);
    expect(reopened.history.events.some((e) => e.seq === 9999)).toBe(true);
    expect(reopened.history.badLines).toBe(0);
    await reopened.store.close();
    expect(readFileSync(path, 'utf8').endsWith('\n')).toBe(true);
    unlinkSync(path);
  });

  it('journal: every ok append reads back; a failed append leaves nothing; a record after freeing space survives a reopen', () => {
    const dir = fs.dir as string;
    const path = join(dir, 'game.jsonl');
    const fill = filler(dir, 32 * 1024);
    const Ev = z.object({ n: z.int(), text: z.string() }).strict();
    const opened = Journal.open(path, Ev, () => 5);
    if (!opened.ok) throw new Error(opened.problem);
    const ok: number[] = [];
    let failures = 0;
    for (let n = 0; n < 400 && failures < 5; n++) {
      try {
        opened.journal.append({ n, text: `ход ${n} `.repeat(20) });
        ok.push(n);
      } catch (e) {
        expect((e as NodeJS.ErrnoException).code ?? String(e)).toMatch(/ENOSPC|no progress/);
        failures++;
      }
    }
    expect(failures).toBeGreaterThan(0);
    unlinkSync(fill);
    opened.journal.append({ n: 1000, text: 'after the disk was freed' });
    ok.push(1000);
    opened.journal.close();
    const again = Journal.open(path, Ev);
    if (!again.ok) throw new Error(again.problem);
    expect(again.journal.records().map((r) => r.event.n)).toEqual(ok);
    expect(again.report.damaged).toEqual([]);
    expect(again.report.tornBytes).toBe(0);
    again.journal.close();
    unlinkSync(path);
  });

  it('a torn tail on a full disk: nothing is cut that could not be copied aside; the log still opens and writes after it once space is back', async () => {
    const dir = fs.dir as string;
    const path = join(dir, 'events.jsonl');
    const { store } = await JsonlStore.open(path);
    await store.append({ type: 'HIT', boot: '1a2b3c4d', seq: 1, tMs: 1, hostMs: 2, node: 'H1', strength: 5 });
    await store.close();
    appendFileSync(path, '{"boot":"1a2b3c4d","seq":2,"ty');
    const before = readFileSync(path);
    // Fill the disk to the last byte.
    const fill = join(dir, 'filler.bin');
    writeFileSync(fill, Buffer.alloc(0));
    try {
      for (;;) appendFileSync(fill, Buffer.alloc(512));
    } catch {
      // ENOSPC: full
    }
    const full = await JsonlStore.open(path);
    expect(full.history.messages.join('\n')).toMatch(/could not copy .*ENOSPC/);
    expect(readFileSync(path).equals(before)).toBe(true);
    await full.store.close();
    unlinkSync(fill);
    const later = await JsonlStore.open(path);
    expect(later.history.events.map((e) => e.seq)).toEqual([1]);
    await later.store.append({ type: 'HIT', boot: '1a2b3c4d', seq: 3, tMs: 3, hostMs: 4, node: 'H1', strength: 6 });
    await later.store.close();
    const last = await JsonlStore.open(path);
    expect(last.history.events.map((e) => e.seq)).toEqual([1, 3]);
    await last.store.close();
  });
});
