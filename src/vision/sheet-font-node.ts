/**
 * Node's way to the font the marker sheets are printed in: DejaVu Sans, committed with its
 * licence under `fonts/` (found by walking up from this file: src/ under vitest, dist/src/ when
 * built), so a fresh machine or a packaged Electron app needs nothing installed. Debian's copy
 * (fonts-dejavu-core) is the fallback when the committed one is missing.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHEET_FONT_FILE = 'fonts/DejaVuSans.ttf';
const SYSTEM_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
/** DejaVu Sans is 757 KB; anything far bigger is not it. */
const MAX_FONT_BYTES = 4 * 1024 * 1024;

export function sheetFontPath(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const p = join(dir, SHEET_FONT_FILE);
    if (existsSync(p)) return p;
    dir = dirname(dir);
  }
  return existsSync(SYSTEM_FONT) ? SYSTEM_FONT : null;
}

let cached: Promise<Uint8Array> | null = null;

/** The font's bytes, read once per process; a missing or oversized file is one line naming it. */
export function loadSheetFontNode(): Promise<Uint8Array> {
  cached ??= (async () => {
    const p = sheetFontPath();
    if (!p) throw new Error(`${SHEET_FONT_FILE}: no such file (nor ${SYSTEM_FONT})`);
    const bytes = await readFile(p);
    if (bytes.length > MAX_FONT_BYTES) throw new Error(`${p}: ${bytes.length} bytes, not the sheet font`);
    return new Uint8Array(bytes);
  })();
  cached.catch(() => (cached = null));
  return cached;
}
