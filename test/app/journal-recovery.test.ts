import { mkdtempSync, readFileSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SensorReading } from '../../src/app/api/game-events.js';
import { AppController } from '../../src/app/app-controller.js';
import { encodeRecordLine } from '../../src/app/journal/record-line.js';
import { JOURNAL_WRITER } from '../../src/app/journal/writer.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const hit = (i: number): SensorReading => ({ key: `00c0ffee:${i}`, kind: 'HIT', node: 'H1', strength: 500 + i, deviceTMs: i, hostMs: 1_796_000_000_000 + i });

function newGame(): { app: AppController; path: string; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'shagomer-recovery-'));
  const app = new AppController({ dataDir, clock: () => 1_796_000_000_000 });
  const r = app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 'проба', players: [{ id: 'A', name: 'Аня', colour: '#aa0000' }, { id: 'B', name: 'Боря', colour: '#0000aa' }] } as never);
  expect(r).toEqual({ ok: true });
  for (let i = 0; i < 3; i++) expect(app.recordSensor(hit(i))).toBe('recorded');
  const id = app.game?.gameId ?? '';
  app.close();
  return { app, path: join(dataDir, 'games', `${id}.jsonl`), dataDir };
}

describe('journal recovery on open', () => {
  it('records name their writer, equal to package.json', () => {
    expect(JOURNAL_WRITER).toBe(`shagomer ${pkg.version}`);
    const { path } = newGame();
    expect(readFileSync(path, 'utf8')).toContain(`"by":"${JOURNAL_WRITER}"`);
  });

  it('keeps records of a newer version untouched and opens the game read-only, naming that version', () => {
    const { path, dataDir } = newGame();
    const count = readFileSync(path, 'utf8').trim().split('\n').length;
    appendFileSync(path, encodeRecordLine(JSON.stringify({ seq: count + 1, tMs: 5, by: 'shagomer 0.9.0', event: { type: 'fog-of-war', density: 3 } })));
    appendFileSync(path, encodeRecordLine(JSON.stringify({ seq: count + 2, tMs: 6, by: 'shagomer 0.9.0', event: { type: 'turn-ended' } })));
    const before = readFileSync(path);
    const app = new AppController({ dataDir });
    const view = app.view(false);
    const note = view.warnings.find((w) => w.includes('read-only'));
    expect(note).toMatch(/shagomer 0\.9\.0/);
    expect(note).toMatch(/fog-of-war/);
    expect(view.readOnly).toBe(true);
    // The game is there, with everything this build can read.
    expect(app.game?.records().length).toBe(count + 1);
    expect(() => app.recordSensor(hit(10))).toThrow(/read-only/);
    app.close();
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('quarantines a damaged last complete record and keeps every record before it and the damaged one on disk', () => {
    const { path, dataDir } = newGame();
    const lines = readFileSync(path, 'utf8').split('\n');
    const last = lines.length - 2;
    lines[last] = (lines[last] as string).replace('"tMs":', '"tMX":'); // same length, checksum no longer matches
    writeFileSync(path, lines.join('\n'));
    const before = readFileSync(path);
    const app = new AppController({ dataDir });
    expect(app.game?.records().length).toBe(last);
    const warnings = app.view(false).warnings.join('\n');
    expect(warnings).toContain('.quarantine');
    expect(warnings).toMatch(/checksum/);
    const q = readFileSync(`${path}.quarantine`, 'utf8').trim().split('\n');
    expect(q).toHaveLength(1);
    expect(Buffer.from((JSON.parse(q[0] as string) as { bytes_base64: string }).bytes_base64, 'base64').toString()).toBe(lines[last]);
    // Still writable: the damaged record stays where it was, the new one goes after it.
    expect(app.recordSensor(hit(10))).toBe('recorded');
    app.close();
    expect(readFileSync(path).subarray(0, before.length).equals(before)).toBe(true);
    const again = new AppController({ dataDir });
    expect(again.game?.records().length).toBe(last + 1);
    again.close();
    expect(readFileSync(`${path}.quarantine`, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('never truncates a journal of garbage: it is kept, copied aside, and opened read-only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shagomer-recovery-'));
    new AppController({ dataDir }).close();
    const path = join(dataDir, 'games', 'g1.jsonl');
    const garbage = Buffer.alloc(5000);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) & 0xff;
    writeFileSync(path, garbage);
    const app = new AppController({ dataDir });
    expect(app.openGame('g1')).toEqual({ ok: true });
    expect(app.view(false).warnings.join('\n')).toMatch(/read-only/);
    app.close();
    expect(readFileSync(path).equals(garbage)).toBe(true);
    expect(existsSync(`${path}.quarantine`)).toBe(true);
  });
});
