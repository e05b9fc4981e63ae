/**
 * The marker sheets as PDF, checked the way a printer sees them: `shagomer markers --pdf`
 * (the compiled binary, `npx tsc -p tsconfig.build.json` first), the pages rasterised by
 * poppler's pdftoppm at 300 dpi, the markers decoded back with the project's own ArUco
 * detector and measured in mm, the 100 mm scale bar measured on the raster, the labels (Russian
 * or English, in the embedded DejaVu Sans) read back with pdftotext.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarkerDetector, type DetectedMarker } from '../../src/vision/detect-markers.js';
import type { OpenCv } from '../../src/vision/cv-types.js';
import { loadOpenCvNode } from '../../src/vision/opencv-node.js';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../../dist/src/cli/main.js');
const DPI = 300;

let dir: string;
let cv: OpenCv;

async function shagomer(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { code: x.code ?? -1, stdout: x.stdout ?? '', stderr: x.stderr ?? '' };
  }
}

/** Page sizes in points as pdfinfo reports them, one per page. */
async function pageSizes(pdf: string): Promise<[number, number][]> {
  const { stdout } = await run('pdfinfo', ['-l', '999', pdf]);
  return [...stdout.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** Page n (1-based) at 300 dpi, decoded with the project's detector. */
async function markersOnPage(pdf: string, n: number): Promise<{ markers: DetectedMarker[]; widthPx: number }> {
  const prefix = join(dir, `p${n}-${Math.random().toString(36).slice(2)}`);
  await run('pdftoppm', ['-r', String(DPI), '-f', String(n), '-l', String(n), '-gray', '-png', pdf, prefix]);
  const file = (await readdir(dir)).find((f) => join(dir, f).startsWith(prefix));
  const { data, info } = await sharp(join(dir, file as string)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const detector = createMarkerDetector(cv, 'DICT_4X4_50');
  try {
    return { markers: detector.detect({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }), widthPx: info.width };
  } finally {
    detector.delete();
  }
}

/** Page n at 300 dpi, grey. */
async function rasterPage(pdf: string, n: number): Promise<{ data: Uint8Array; width: number; height: number }> {
  const prefix = join(dir, `r${n}-${Math.random().toString(36).slice(2)}`);
  await run('pdftoppm', ['-r', String(DPI), '-f', String(n), '-l', String(n), '-gray', '-png', pdf, prefix]);
  const file = (await readdir(dir)).find((f) => join(dir, f).startsWith(prefix));
  const { data, info } = await sharp(join(dir, file as string)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/**
 * The scale bar's length in mm: the longest run of dark pixels in one row of the page's lowest
 * 40 mm, left of `rightMm` (a tag or anchor page's check square starts 120 mm from the bar's
 * left end, 12 mm from the paper's edge).
 */
async function scaleBarMm(pdf: string, n: number, rightMm: number): Promise<number> {
  const { data, width, height } = await rasterPage(pdf, n);
  const px = (mm: number): number => Math.round((mm * DPI) / 25.4);
  let best = 0;
  for (let y = height - px(40); y < height; y++) {
    let run = 0;
    for (let x = 0; x < Math.min(width, px(rightMm)); x++) {
      run = (data[y * width + x] as number) < 128 ? run + 1 : 0;
      best = Math.max(best, run);
    }
  }
  return (best * 25.4) / DPI;
}

/** Mean of the four sides, in mm at the raster's DPI (the detector's corners are sub-pixel). */
function sideMm(m: DetectedMarker): number {
  const c = m.corners;
  let sum = 0;
  for (let i = 0; i < 4; i++) {
    const a = c[i] as [number, number];
    const b = c[(i + 1) % 4] as [number, number];
    sum += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return ((sum / 4) * 25.4) / DPI;
}

describe('shagomer markers --pdf', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shagomer-pdf-'));
    cv = await loadOpenCvNode();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const [paper, w, h, lang] of [
    ['a4', 595.28, 841.89, 'ru'],
    ['letter', 612, 792, 'en'],
  ] as const) {
    it(`${paper}, ${lang}: page size, markers decoded back at true scale, a 100 mm scale bar, ids and labels as text`, { timeout: 120_000 }, async () => {
      const out = join(dir, paper);
      const o = await shagomer('markers', '--pdf', '--paper', paper, '--lang', lang, '--out', out, '--tag-mm', '20', '--anchor-mm', '80');
      expect(o.stderr).toBe('');
      expect(o.code).toBe(0);
      const pdf = join(out, `markers-${paper}.pdf`);
      const sizes = await pageSizes(pdf);
      // Board (landscape), 4 anchors, 46 tags of 20 mm: 25 to an A4 page, 20 to a Letter page.
      expect(sizes.length).toBe(paper === 'a4' ? 7 : 8);
      expect(sizes[0]?.[0]).toBeCloseTo(h, 1);
      expect(sizes[0]?.[1]).toBeCloseTo(w, 1);
      for (const s of sizes.slice(1)) {
        expect(s[0]).toBeCloseTo(w, 1);
        expect(s[1]).toBeCloseTo(h, 1);
      }

      // The board: 17 markers of 22 mm (ids 0–16).
      const board = await markersOnPage(pdf, 1);
      expect(board.markers.map((m) => m.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => i));
      for (const m of board.markers) expect(Math.abs(sideMm(m) - 22)).toBeLessThan(0.5);
      // Anchor 2 on its own page, 80 mm.
      const anchor = await markersOnPage(pdf, 4);
      expect(anchor.markers.map((m) => m.id)).toEqual([2]);
      expect(Math.abs(sideMm(anchor.markers[0] as DetectedMarker) - 80)).toBeLessThan(0.5);
      // The first tag page: ids from 4 up, 20 mm each.
      const tags = await markersOnPage(pdf, 6);
      expect(tags.markers.length).toBe(paper === 'a4' ? 25 : 20);
      expect(Math.min(...tags.markers.map((m) => m.id))).toBe(4);
      for (const m of tags.markers) expect(Math.abs(sideMm(m) - 20)).toBeLessThan(0.5);
      // The raster is the paper at 300 dpi: nothing was scaled on the way.
      expect(Math.abs((tags.widthPx / DPI) * 72 - w)).toBeLessThan(1);
      // The scale bar (its line lies below the ticks) is 100 mm on the board and on a tag page.
      expect(Math.abs((await scaleBarMm(pdf, 1, 1000)) - 100)).toBeLessThan(0.3);
      expect(Math.abs((await scaleBarMm(pdf, 6, 12 + 115)) - 100)).toBeLessThan(0.3);

      const { stdout: text } = await run('pdftotext', ['-layout', pdf, '-']);
      // One embedded font (subset), whatever the language: nothing falls back to a WinAnsi font.
      const { stdout: fonts } = await run('pdffonts', [pdf]);
      expect(fonts).toMatch(/DejaVuSans/);
      expect(fonts).not.toMatch(/Helvetica/);
      if (lang === 'ru') {
        for (let id = 4; id <= 49; id++) expect(text).toMatch(new RegExp(`№\\s*${id}(?!\\d)`));
        for (let id = 0; id <= 3; id++) expect(text).toContain(`ЯКОРЬ ${id}`);
        expect(text).toContain('этот квадрат должен быть');
        expect(text).toContain('50,0 мм');
        expect(text).toContain('каждая клетка должна быть 30,0 мм');
        expect(text).toContain('Шкала 100 мм');
        expect(text).toContain('Метки для подставок: 20,0 мм');
        expect(text).toContain('верхним краем к дальней стороне стола');
        expect(text).toMatch(/мм\s*\n\s*0\s+10\s+20\s+30\s+40\s+50\s+60\s+70\s+80\s+90\s+100\n/);
        expect(text).not.toMatch(/square|scale bar|ANCHOR|\bid \d/);
        return;
      }

      for (let id = 4; id <= 49; id++) expect(text).toMatch(new RegExp(`\\bid ${id}\\b`));
      for (let id = 0; id <= 3; id++) expect(text).toContain(`ANCHOR ${id}`);
      expect(text).toContain('this square must measure');
      expect(text).toContain('50.0 mm');
      expect(text).toContain('each square must measure 30.0 mm');
      expect(text).toContain('100 mm scale bar');
      expect(text).toMatch(/\bmm\s*\n\s*0\s+10\s+20\s+30\s+40\s+50\s+60\s+70\s+80\s+90\s+100\n/);
    });
  }

  it('refuses an unknown paper and --paper without --pdf in one line, exit 2', async () => {
    const bad = await shagomer('markers', '--pdf', '--paper', 'a3', '--out', join(dir, 'x'));
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('--paper');
    const lang = await shagomer('markers', '--pdf', '--lang', 'de', '--out', join(dir, 'x'));
    expect(lang.code).toBe(2);
    expect(lang.stderr).toBe('markers: --lang: expected ru or en, got "de"\n');
    const lone = await shagomer('markers', '--paper', 'a4', '--out', join(dir, 'y'));
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain('--pdf');
  });
});
