/**
 * `shagomer markers [--out DIR] [--dpi 300] [--table 1800x1200] [--anchor-mm 80] [--tag-mm 20]
 * [--tag-height-mm 4] [--tags 4-49] [--board charuco:7x5:30:22:DICT_4X4_50] [--pdf] [--paper a4|letter] [--lang ru|en]`:
 * true-scale printable PNG pages (or, with --pdf, one PDF of them all for the paper given) and
 * the table profile that matches them.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { numberFlag, parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { ensureWritableDir } from '../ensure-dir.js';
import { loadOpenCvNode } from '../../vision/opencv-node.js';
import { DEFAULT_CHARUCO, formatBoardSpec, parseBoardSpec } from '../../vision/charuco.js';
import { anchorSheets, charucoSheet, tagSheets, type SheetPage } from '../../vision/marker-sheets.js';
import { defaultTableProfile } from '../../vision/table-profile.js';
import { writePng } from '../../vision/image-file-node.js';
import { markerPdf, type Paper } from '../../vision/marker-pdf.js';
import { loadSheetFontNode } from '../../vision/sheet-font-node.js';

/** DICT_4X4_50 holds ids 0–49. */
const DICTIONARY_SIZE = 50;

export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['out', 'dpi', 'table', 'anchor-mm', 'tag-mm', 'tag-height-mm', 'tags', 'board', 'name', 'paper', 'lang'], ['pdf']);
  if (p.positional.length > 0) throw new CliError(`unexpected argument "${p.positional[0]}"; options only (see the command's header)`);
  const out = stringFlag(p, 'out') ?? 'calibration';
  const dpi = numberFlag(p, 'dpi', 300, 72, 1200);
  const [widthMm, depthMm] = tableSize(stringFlag(p, 'table') ?? '1800x1200');
  const anchorMm = numberFlag(p, 'anchor-mm', 80, 20, 300);
  const tagMm = numberFlag(p, 'tag-mm', 20, 8, 100);
  const tagHeightMm = numberFlag(p, 'tag-height-mm', 4, 0, 300);
  const board = parseBoardSpec(stringFlag(p, 'board') ?? formatBoardSpec(DEFAULT_CHARUCO));
  if (typeof board === 'string') throw new CliError(`--board: ${board}`);
  if (2 * (anchorMm + 25) > Math.min(widthMm, depthMm)) throw new CliError(`--anchor-mm ${anchorMm}: anchors would overlap on a ${widthMm}x${depthMm} mm table`);
  const profile = defaultTableProfile({ widthMm, depthMm, anchorMm, tagMm, tagHeightMm, name: stringFlag(p, 'name') ?? `${widthMm / 10}x${depthMm / 10} cm table` });
  const anchorIds = new Set(profile.anchors.markers.map((m) => m.id));
  const tagIds = idRange(stringFlag(p, 'tags') ?? `0-${DICTIONARY_SIZE - 1}`).filter((id) => !anchorIds.has(id));

  ensureWritableDir(out, '--out');
  const paperFlag = stringFlag(p, 'paper');
  if (paperFlag !== undefined && paperFlag !== 'a4' && paperFlag !== 'letter') throw new CliError(`--paper: expected a4 or letter, got "${paperFlag}"`);
  const pdf = p.flags.get('pdf') === true;
  if (paperFlag !== undefined && !pdf) throw new CliError('--paper goes with --pdf (the PNG pages are sized to their content)');
  const paper: Paper = paperFlag ?? 'a4';
  const langFlag = stringFlag(p, 'lang');
  if (langFlag !== undefined && langFlag !== 'ru' && langFlag !== 'en') throw new CliError(`--lang: expected ru or en, got "${langFlag}"`);
  if (langFlag !== undefined && !pdf) throw new CliError('--lang goes with --pdf (the PNG pages carry no words)');
  const lang = langFlag ?? 'ru';

  const cv = await loadOpenCvNode();
  let pdfBytes: Uint8Array | null = null;
  if (pdf) {
    try {
      const font = await loadSheetFontNode().catch((e: unknown) => {
        throw new CliError(`font: ${e instanceof Error ? e.message : String(e)}`);
      });
      pdfBytes = await markerPdf(cv, { board, profile, tagIds, paper, lang, font });
    } catch (e) {
      if (e instanceof CliError) throw e;
      throw new CliError(`--board: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const pages: SheetPage[] = pdf ? [] : [charucoSheet(cv, board, dpi), ...anchorSheets(cv, profile, dpi), ...tagSheets(cv, profile, tagIds, dpi)];
  try {
    for (const page of pages) await writePng(join(out, `${page.name}.png`), page.pixels, page.widthPx, page.heightPx, 1, dpi);
    if (pdfBytes) await writeFile(join(out, `markers-${paper}.pdf`), pdfBytes);
    const profilePath = join(out, `${widthMm / 10}x${depthMm / 10}.table.json`);
    await writeFile(profilePath, `${JSON.stringify(profile, null, 2)}\n`);
    process.stdout.write(
      [
        pdf ? `wrote ${join(out, `markers-${paper}.pdf`)} (${paper === 'a4' ? 'A4' : 'Letter'}, true scale)` : `wrote ${pages.length} pages at ${dpi} dpi to ${out}/: ${pages.map((pg) => `${pg.name}.png`).join(', ')}`,
        `wrote ${profilePath} (anchors ${[...anchorIds].join(', ')} of ${anchorMm} mm, tags ${tagIds[0]}–${tagIds[tagIds.length - 1]} of ${tagMm} mm)`,
        'print at 100 % (no "fit to page") and check each page\'s 100 mm scale bar (and the PDF\'s 50 mm square) with a ruler;',
        'tape anchor N with its top edge towards the far side of the table, as placed in the profile.',
      ].join('\n') + '\n',
    );
  } catch (e) {
    throw new CliError(`${out}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  return 0;
}

function tableSize(s: string): [number, number] {
  const m = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(s);
  if (!m) throw new CliError(`--table: expected WIDTHxDEPTH in mm (e.g. 1800x1200), got "${s}"`);
  const w = Number(m[1]);
  const d = Number(m[2]);
  if (w < 300 || d < 300 || w > 5000 || d > 5000) throw new CliError(`--table: sides from 300 to 5000 mm, got ${s}`);
  return [w, d];
}

function idRange(s: string): number[] {
  const m = /^(\d+)-(\d+)$/.exec(s);
  if (!m) throw new CliError(`--tags: expected FIRST-LAST (e.g. 4-49), got "${s}"`);
  const a = Number(m[1]);
  const b = Number(m[2]);
  if (a > b || b >= DICTIONARY_SIZE) throw new CliError(`--tags: ids run 0–${DICTIONARY_SIZE - 1}, got ${s}`);
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
