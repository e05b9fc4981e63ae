import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GameStore } from '../../src/app/journal/game-store.js';
import { Journal } from '../../src/app/journal/journal.js';
import { encodeRecordLine } from '../../src/app/journal/record-line.js';

const Ev = z.object({ n: z.int(), text: z.string() }).strict();
const dir = () => mkdtempSync(join(tmpdir(), 'shagomer-journal-'));

function openOk(path: string) {
  const o = Journal.open(path, Ev, () => 1000);
  if (!o.ok) throw new Error(o.problem);
  return o;
}

describe('journal', () => {
  it('reads back what it wrote, in order, after reopening', () => {
    const path = join(dir(), 'g.jsonl');
    const { journal } = openOk(path);
    for (let n = 0; n < 5; n++) journal.append({ n, text: `шаг ${n}` });
    journal.close();
    const again = openOk(path);
    expect(again.journal.records().map((r) => r.event.n)).toEqual([0, 1, 2, 3, 4]);
    expect(again.journal.records().map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(again.report).toEqual({ tornBytes: 0, damaged: [], foreign: [], readOnly: null, messages: [] });
  });

  it('drops a record torn at any byte and keeps every one before it', () => {
    const path = join(dir(), 'g.jsonl');
    const { journal } = openOk(path);
    for (let n = 0; n < 3; n++) journal.append({ n, text: 'ок' });
    journal.close();
    const whole = readFileSync(path);
    const lastStart = whole.subarray(0, whole.length - 1).lastIndexOf(0x0a) + 1;
    for (let cut = lastStart; cut < whole.length; cut++) {
      writeFileSync(path, whole.subarray(0, cut));
      const o = openOk(path);
      expect(o.journal.records().map((r) => r.event.n)).toEqual([0, 1]);
      expect(o.report.tornBytes).toBe(cut - lastStart);
      // The torn bytes are cut away so the next record starts on a clean line.
      o.journal.append({ n: 9, text: 'после' });
      o.journal.close();
      expect(openOk(path).journal.records().map((r) => r.event.n)).toEqual([0, 1, 9]);
    }
  });

  it('skips and reports a damaged record in the middle, keeping those after it', () => {
    const path = join(dir(), 'g.jsonl');
    const { journal } = openOk(path);
    for (let n = 0; n < 3; n++) journal.append({ n, text: 'abc' });
    journal.close();
    const text = readFileSync(path, 'utf8').split('\n');
    text[1] = (text[1] as string).replace('"abc"', '"abd"'); // same length, checksum no longer matches
    writeFileSync(path, text.join('\n'));
    const o = openOk(path);
    expect(o.journal.records().map((r) => r.event.n)).toEqual([0, 2]);
    expect(o.report.damaged).toEqual([{ line: 2, problem: expect.stringContaining('checksum') }]);
  });

  it('keeps intact records it cannot validate (zod on read) and opens read-only, file untouched', () => {
    const path = join(dir(), 'g.jsonl');
    writeFileSync(path, encodeRecordLine(JSON.stringify({ seq: 1, tMs: 0, event: { n: 'x', text: '' } })) + encodeRecordLine(JSON.stringify({ seq: 2, tMs: 0, event: { n: 1, text: '' } })));
    const before = readFileSync(path);
    const o = openOk(path);
    expect(o.journal.records()).toHaveLength(1);
    expect(o.report.damaged).toEqual([]);
    expect(o.report.foreign[0]?.problem).toContain('an unknown version');
    expect(o.report.readOnly).toMatch(/read-only/);
    expect(() => o.journal.append({ n: 3, text: '' })).toThrow(/read-only/);
    o.journal.close();
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('keeps garbage after the last record (zero blocks of a power cut) on disk, copied aside, and writes after it', () => {
    const path = join(dir(), 'g.jsonl');
    const { journal } = openOk(path);
    journal.append({ n: 1, text: '' });
    journal.close();
    appendFileSync(path, Buffer.alloc(40)); // zero-filled blocks a file system may leave
    appendFileSync(path, '\n{"crc":"00000000","len":2,"rec":{}}\n');
    const size = readFileSync(path).length;
    const o = openOk(path);
    expect(o.journal.records()).toHaveLength(1);
    expect(o.report.damaged.map((d) => d.line)).toEqual([2, 3]);
    expect(o.report.tornBytes).toBe(0);
    expect(o.report.messages.join('\n')).toContain('g.jsonl.quarantine');
    expect(readFileSync(`${path}.quarantine`, 'utf8').trim().split('\n')).toHaveLength(2);
    o.journal.append({ n: 2, text: 'after' });
    o.journal.close();
    expect(readFileSync(path).length).toBeGreaterThan(size);
    const again = openOk(path);
    expect(again.journal.records().map((r) => r.event.n)).toEqual([1, 2]);
    // Opened twice, quarantined once.
    expect(readFileSync(`${path}.quarantine`, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('says which file it cannot open, without throwing', () => {
    const o = Journal.open(join(dir(), 'missing-dir', 'x', 'g.jsonl'), Ev);
    expect(o.ok).toBe(false);
    if (!o.ok) expect(o.problem).toMatch(/cannot open the journal \(ENOENT\)/);
  });
});

describe('game store', () => {
  it('lists, exports and imports games; import is all or nothing', () => {
    const store = new GameStore(dir(), Ev);
    const o = store.open('g1');
    if (!o.ok) throw new Error(o.problem);
    o.journal.append({ n: 1, text: 'a' });
    o.journal.append({ n: 2, text: 'b' });
    o.journal.close();
    expect(store.ids()).toEqual(['g1']);
    const exported = store.exportText('g1') ?? '';
    // The same game twice is refused, naming the one already there.
    expect(store.importText(exported, 'g2')).toEqual({ ok: false, problem: 'the same game is already here as "g1"' });
    const other = new GameStore(dir(), Ev);
    expect(other.importText(exported, 'g2')).toEqual({ ok: true, records: 2 });
    expect(other.read('g2')?.records.map((r) => r.event.n)).toEqual([1, 2]);
    expect(other.importText(exported, 'g2')).toEqual({ ok: false, problem: 'a game "g2" already exists' });
    const damaged = exported.replace('"a"', '"z"');
    expect(store.importText(damaged, 'g3').ok).toBe(false);
    expect(store.importText(exported.slice(0, -5), 'g4').ok).toBe(false);
    expect(store.importText('', 'g5').ok).toBe(false);
    expect(store.ids()).toEqual(['g1']);
    expect(other.ids()).toEqual(['g2']);
    expect(() => store.pathOf('../etc')).toThrow();
  });
});
