import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SaveFileRequest, type SaveFileReply } from '../src/app/api/save-file.js';
import type { CalibrationFiles } from '../src/app/setup/calibration-files.js';
import { parseCameraFile, parseTableProfile } from '../src/vision/parse-files.js';

/**
 * The main process's "Save as…": checks the renderer's request (zod), takes the bytes from its
 * own files, asks where (the system's save dialog, handed in so this runs and is tested without
 * Electron) and writes the file whole (temp + rename beside it). Every problem is one line.
 */
export interface SaveDialogAsk {
  defaultName: string;
  /** For the dialog's file-type filter: a label and extensions without the dot. */
  filter: { name: string; extensions: string[] };
}

export interface SaveFilesDeps {
  /** Shows the save dialog; the chosen path, or null when cancelled. */
  ask(question: SaveDialogAsk): Promise<string | null>;
  /** A game's journal as exported, or undefined for no such game. */
  exportText(gameId: string): string | undefined;
  calibration: Pick<CalibrationFiles, 'dir' | 'pdfFile'>;
}

type Content = { ok: true; bytes: string | Uint8Array; ask: SaveDialogAsk } | { ok: false; problem: string };

const JSON_FILTER = { name: 'JSON', extensions: ['json'] };

function calibrationJson(dir: string, name: 'camera.json' | 'table.json'): Content {
  const path = join(dir, name);
  if (!existsSync(path)) return { ok: false, problem: `${name}: not made yet (the wizard's ${name === 'camera.json' ? 'camera' : 'print'} step writes it)` };
  const text = readFileSync(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: `${path}: damaged (not JSON); run the wizard's step again` };
  }
  const parsed = name === 'camera.json' ? parseCameraFile(json) : parseTableProfile(json);
  if (!parsed.ok) return { ok: false, problem: `${path}: ${parsed.message}` };
  return { ok: true, bytes: text, ask: { defaultName: name, filter: JSON_FILTER } };
}

function content(req: SaveFileRequest, deps: SaveFilesDeps): Content {
  switch (req.kind) {
    case 'game': {
      const text = deps.exportText(req.gameId);
      return text === undefined ? { ok: false, problem: `${req.gameId}: no such game` } : { ok: true, bytes: text, ask: { defaultName: `${req.gameId}.jsonl`, filter: { name: 'Game journal', extensions: ['jsonl'] } } };
    }
    case 'markers-pdf': {
      const path = deps.calibration.pdfFile(req.paper);
      if (!path) return { ok: false, problem: `markers-${req.paper}.pdf: not printed yet (the wizard's print step makes it)` };
      return { ok: true, bytes: new Uint8Array(readFileSync(path)), ask: { defaultName: basename(path), filter: { name: 'PDF', extensions: ['pdf'] } } };
    }
    case 'camera':
      return calibrationJson(deps.calibration.dir, 'camera.json');
    case 'table':
      return calibrationJson(deps.calibration.dir, 'table.json');
    case 'roster': {
      try {
        const json: unknown = JSON.parse(req.text);
        if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, problem: 'roster: expected a JSON object' };
      } catch {
        return { ok: false, problem: 'roster: not JSON' };
      }
      return { ok: true, bytes: req.text, ask: { defaultName: req.name.endsWith('.json') ? req.name : `${req.name}.json`, filter: JSON_FILTER } };
    }
  }
}

export function saveFileHandler(deps: SaveFilesDeps): (raw: unknown) => Promise<SaveFileReply> {
  return async (raw) => {
    const req = SaveFileRequest.safeParse(raw);
    if (!req.success) {
      const issue = req.error.issues[0];
      return { ok: false, problem: `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}` };
    }
    let c: Content;
    try {
      c = content(req.data, deps);
    } catch (e) {
      return { ok: false, problem: `${req.data.kind}: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}` };
    }
    if (!c.ok) return c;
    const path = await deps.ask(c.ask);
    if (path === null) return { ok: true, path: null };
    const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
    try {
      writeFileSync(tmp, c.bytes);
      renameSync(tmp, path);
      return { ok: true, path };
    } catch (e) {
      rmSync(tmp, { force: true });
      return { ok: false, problem: `${path}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
    }
  };
}
