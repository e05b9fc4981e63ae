/**
 * The Electron main process's "Save as…" (electron/save-files.ts) as a unit: Electron's binary
 * cannot be installed here, so the save dialog is the one thing handed in (it records what it
 * was asked and answers a path or a cancel). Everything else is real: the app's game store, the
 * wizard's CalibrationFiles writing a real PDF, camera and table file, real files written.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveFileHandler, type SaveDialogAsk } from '../../electron/save-files.js';
import { MAX_SAVED_TEXT_BYTES } from '../../src/app/api/save-file.js';
import { AppController } from '../../src/app/app-controller.js';
import { CalibrationFiles } from '../../src/app/setup/calibration-files.js';
import { cameraFileFromIntrinsics } from '../../src/vision/camera-file.js';
import { webcamIntrinsics } from '../synthetic/index.js';

let dir: string;
let app: AppController;
let calibration: CalibrationFiles;
let gameId: string;
const asked: SaveDialogAsk[] = [];
let answer: string | null = null;
let save: ReturnType<typeof saveFileHandler>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shagomer-save-'));
  app = new AppController({ dataDir: join(dir, 'data') });
  const r = app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 'сохранение', seed: 'save-1', players: [{ id: 'A', name: 'А', colour: '#112233' }, { id: 'B', name: 'Б', colour: '#332211' }] });
  expect(r.ok).toBe(true);
  gameId = app.view(false).gameId ?? '';
  calibration = new CalibrationFiles(join(dir, 'data'));
  save = saveFileHandler({
    calibration,
    exportText: (id) => app.store.exportText(id),
    ask: (q) => {
      asked.push(q);
      return Promise.resolve(answer);
    },
  });
  mkdirSync(join(dir, 'out'));
});

afterAll(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('saveFileHandler', () => {
  it('saves a game journal exactly as exported, suggesting ID.jsonl', async () => {
    answer = join(dir, 'out', 'game.jsonl');
    expect(await save({ kind: 'game', gameId })).toEqual({ ok: true, path: answer });
    expect(asked.at(-1)).toEqual({ defaultName: `${gameId}.jsonl`, filter: { name: 'Game journal', extensions: ['jsonl'] } });
    const text = readFileSync(answer, 'utf8');
    expect(text).toBe(app.store.exportText(gameId));
    expect(text.split('\n').filter(Boolean).length).toBeGreaterThan(0);
  });

  it('a cancelled dialog writes nothing and is no problem', async () => {
    answer = null;
    const before = readdirSync(join(dir, 'out')).sort();
    expect(await save({ kind: 'game', gameId })).toEqual({ ok: true, path: null });
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(before);
  });

  it('before the wizard made them: the PDF, table and camera file are refused in one line, no dialog', async () => {
    const n = asked.length;
    for (const [req, mention] of [
      [{ kind: 'markers-pdf', paper: 'a4' }, 'markers-a4.pdf: not printed yet'],
      [{ kind: 'table' }, 'table.json: not made yet'],
      [{ kind: 'camera' }, 'camera.json: not made yet'],
    ] as const) {
      const r = await save(req);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.problem).toContain(mention);
    }
    expect(asked.length).toBe(n);
  });

  it('after printing and calibrating: the marker PDF, table and camera files, byte for byte', { timeout: 60_000 }, async () => {
    expect((await calibration.handle({ type: 'print', paper: 'letter', widthMm: 1500, depthMm: 1000, lang: 'ru' })).ok).toBe(true);
    expect((await calibration.handle({ type: 'save-camera', camera: cameraFileFromIntrinsics(webcamIntrinsics()), rmsPx: 0.04, viewsUsed: 9 })).ok).toBe(true);
    for (const [req, name, ext] of [
      [{ kind: 'markers-pdf', paper: 'letter' }, 'markers-letter.pdf', 'pdf'],
      [{ kind: 'table' }, 'table.json', 'json'],
      [{ kind: 'camera' }, 'camera.json', 'json'],
    ] as const) {
      answer = join(dir, 'out', `copy-${name}`);
      expect(await save(req)).toEqual({ ok: true, path: answer });
      expect(asked.at(-1)?.defaultName).toBe(name);
      expect(asked.at(-1)?.filter.extensions).toEqual([ext]);
      expect(readFileSync(answer).equals(readFileSync(join(calibration.dir, name)))).toBe(true);
    }
    expect(readFileSync(join(dir, 'out', 'copy-markers-letter.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    // A4 was never printed.
    const a4 = await save({ kind: 'markers-pdf', paper: 'a4' });
    expect(!a4.ok && a4.problem).toMatch(/^markers-a4\.pdf: not printed yet/);
  });

  it('a roster is saved as the JSON text it came with', async () => {
    answer = join(dir, 'out', 'roster.json');
    const text = `${JSON.stringify({ system: 'x', units: [] }, null, 2)}\n`;
    expect(await save({ kind: 'roster', name: 'Отряд А', text })).toEqual({ ok: true, path: answer });
    expect(asked.at(-1)?.defaultName).toBe('Отряд А.json');
    expect(readFileSync(answer, 'utf8')).toBe(text);
  });

  it('refuses bad requests in one line naming the field, before any dialog', async () => {
    const n = asked.length;
    for (const [req, mention] of [
      [null, 'request'],
      [{ kind: 'format-disk' }, 'kind'],
      [{ kind: 'game', gameId: '../../etc/passwd' }, 'gameId'],
      [{ kind: 'game', gameId: 'no-such-game' }, 'no-such-game: no such game'],
      [{ kind: 'markers-pdf', paper: 'a3' }, 'paper'],
      [{ kind: 'camera', path: '/etc/shadow' }, 'path'],
      [{ kind: 'roster', name: '../evil', text: '{}' }, 'name'],
      [{ kind: 'roster', name: 'r', text: 'not json' }, 'roster: not JSON'],
      [{ kind: 'roster', name: 'r', text: '[1]' }, 'roster: expected a JSON object'],
      [{ kind: 'roster', name: 'r', text: `"${'x'.repeat(MAX_SAVED_TEXT_BYTES)}"` }, 'text'],
    ] as const) {
      const r = await save(req);
      expect(r.ok, JSON.stringify(req).slice(0, 80)).toBe(false);
      const problem = r.ok ? '' : r.problem;
      expect(problem).toContain(mention);
      expect(problem.includes('\n')).toBe(false);
    }
    expect(asked.length).toBe(n);
  });

  it('a path it cannot write: one line naming the path, no temp file left', async () => {
    // The chosen name is a folder (root writes anywhere, so permissions would not do).
    const folder = join(dir, 'out', 'a-folder');
    mkdirSync(folder);
    answer = folder;
    expect(await save({ kind: 'game', gameId })).toEqual({ ok: false, problem: `${folder}: cannot write (EISDIR)` });
    expect(readdirSync(join(dir, 'out')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    answer = join(dir, 'no-such-folder', 'game.jsonl');
    expect(await save({ kind: 'game', gameId })).toEqual({ ok: false, problem: `${answer}: cannot write (ENOENT)` });
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
  });
});
