/**
 * The printable sheets as one PDF at true scale (pdf-lib draws every marker cell as a vector
 * rectangle, so the printer's resolution does not matter): the ChArUco board, one page per
 * table anchor, the base tags. Each marker has its id beside it; each page a 100 mm scale bar
 * labelled in mm and a 50 mm square to measure, so a "fit to page" print is caught before it
 * spoils a calibration. The words are in Russian or English, set in an embedded Unicode TrueType
 * font (DejaVu Sans, subset to the glyphs used) that the caller hands in as bytes: Node reads it
 * with `sheet-font-node.ts`. Runs in Node and in a browser (pdf-lib and fontkit are plain JS).
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { OpenCv } from './cv-types.js';
import type { CharucoBoard } from './charuco.js';
import { isDictionaryName, type DictionaryName } from './dictionaries.js';
import { SHEET_LABELS, type SheetLabels, type SheetLang } from './marker-pdf-labels.js';
import { markerCells } from './marker-sheets.js';
import type { TableProfile } from './table-profile.js';

export type Paper = 'a4' | 'letter';

/** Paper in mm (portrait). A4 is 595.28 × 841.89 pt, Letter 612 × 792 pt. */
export const PAPER_MM: Record<Paper, [number, number]> = { a4: [210, 297], letter: [215.9, 279.4] };

const PT_PER_MM = 72 / 25.4;
/** The square printed on every page: a ruler across it must read this. */
export const CHECK_SQUARE_MM = 50;
const MARGIN_MM = 12;

/** A page addressed in mm from its top-left corner, as the sheets are laid out. */
class MmPage {
  constructor(
    readonly page: PDFPage,
    readonly widthMm: number,
    readonly heightMm: number,
    private readonly font: PDFFont,
    readonly l: SheetLabels,
  ) {}

  rect(xMm: number, yMm: number, wMm: number, hMm: number, grey: number): void {
    this.page.drawRectangle({ x: xMm * PT_PER_MM, y: (this.heightMm - yMm - hMm) * PT_PER_MM, width: wMm * PT_PER_MM, height: hMm * PT_PER_MM, color: rgb(grey, grey, grey) });
  }

  outline(xMm: number, yMm: number, wMm: number, hMm: number, lineMm: number): void {
    this.page.drawRectangle({
      x: xMm * PT_PER_MM,
      y: (this.heightMm - yMm - hMm) * PT_PER_MM,
      width: wMm * PT_PER_MM,
      height: hMm * PT_PER_MM,
      borderColor: rgb(0, 0, 0),
      borderWidth: lineMm * PT_PER_MM,
    });
  }

  /** Text with its baseline at yMm; `align` places xMm at its left, centre or right. */
  text(s: string, xMm: number, yMm: number, sizePt: number, align: 'left' | 'center' | 'right' = 'left'): void {
    const w = this.font.widthOfTextAtSize(s, sizePt) / PT_PER_MM;
    const x = align === 'left' ? xMm : align === 'center' ? xMm - w / 2 : xMm - w;
    this.page.drawText(s, { x: x * PT_PER_MM, y: (this.heightMm - yMm) * PT_PER_MM, size: sizePt, font: this.font, color: rgb(0, 0, 0) });
  }

  /** A marker's cells (1 = white) as a square of sideMm; runs of black cells in a row are one rectangle. */
  marker(cells: Uint8Array, n: number, xMm: number, yMm: number, sideMm: number): void {
    const cell = sideMm / n;
    for (let r = 0; r < n; r++) {
      let c = 0;
      while (c < n) {
        if (cells[r * n + c]) {
          c++;
          continue;
        }
        const start = c;
        while (c < n && !cells[r * n + c]) c++;
        // A hair of overlap between rows so no white seam shows between black cells.
        this.rect(xMm + start * cell, yMm + r * cell, (c - start) * cell, cell + (r < n - 1 ? 0.01 : 0), 0);
      }
    }
  }

  /** A 100 mm bar with a tick and a label every 10 mm. */
  scaleBar(xMm: number, yMm: number): void {
    this.rect(xMm, yMm, 100, 0.5, 0);
    for (let i = 0; i <= 10; i++) {
      const tall = i % 5 === 0 ? 4 : 2.5;
      this.rect(xMm + i * 10 - 0.15, yMm - tall, 0.3, tall, 0);
      this.text(`${i * 10}`, xMm + i * 10, yMm + 4, 6, 'center');
    }
    this.text(this.l.mm, xMm + 103, yMm + 0.5, 7);
    this.text(this.l.scaleBar, xMm, yMm + 8.5, 7);
  }

  /** The scale bar with the check square to its right (its bottom on the bar's line). */
  rulers(xMm: number, yMm: number): void {
    this.scaleBar(xMm, yMm);
    const sx = xMm + 120;
    const sy = yMm - CHECK_SQUARE_MM + 8;
    this.outline(sx, sy, CHECK_SQUARE_MM, CHECK_SQUARE_MM, 0.3);
    this.text(this.l.squareMust, sx + CHECK_SQUARE_MM / 2, sy + CHECK_SQUARE_MM / 2 - 1, 7, 'center');
    this.text(this.l.len(CHECK_SQUARE_MM), sx + CHECK_SQUARE_MM / 2, sy + CHECK_SQUARE_MM / 2 + 4, 9, 'center');
  }
}

/** Height of the rulers block (scale bar + check square) in mm. */
const RULERS_MM = CHECK_SQUARE_MM + 2;

export interface MarkerPdfOptions {
  board: CharucoBoard;
  profile: TableProfile;
  tagIds: readonly number[];
  paper: Paper;
  /** The language of the printed words. */
  lang: SheetLang;
  /** A TrueType font with Latin and Cyrillic (DejaVu Sans: `loadSheetFontNode()`). */
  font: Uint8Array;
}

export async function markerPdf(cv: OpenCv, o: MarkerPdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreator('shagomer');
  doc.setLanguage(o.lang);
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(o.font, { subset: true });
  const l = SHEET_LABELS[o.lang];
  doc.setTitle(l.title);
  const [pw, ph] = PAPER_MM[o.paper];
  const newPage = (landscape: boolean): MmPage => {
    const [w, h] = landscape ? [ph, pw] : [pw, ph];
    return new MmPage(doc.addPage([w * PT_PER_MM, h * PT_PER_MM]), w, h, font, l);
  };
  boardPage(cv, o.board, newPage);
  const anchorDict = dictionaryOf(o.profile.anchors.dictionary);
  for (const a of o.profile.anchors.markers) {
    const side = Math.hypot(a.corners_mm[1][0] - a.corners_mm[0][0], a.corners_mm[1][1] - a.corners_mm[0][1]);
    const page = newPage(false);
    const x = (page.widthMm - side) / 2;
    const y = MARGIN_MM + 30;
    page.text(l.anchorTitle(a.id), page.widthMm / 2, MARGIN_MM + 8, 20, 'center');
    page.text(l.anchorLine([o.profile.table.width_mm, o.profile.table.depth_mm], side, anchorDict, a.corners_mm[3]), page.widthMm / 2, MARGIN_MM + 15, 8, 'center');
    const { cells, n } = markerCells(cv, anchorDict, a.id);
    page.marker(cells, n, x, y, side);
    page.text(l.id(a.id), x + side + 4, y + side / 2, 14);
    page.text(l.anchorTop, page.widthMm / 2, y - 4, 8, 'center');
    page.rulers(MARGIN_MM, page.heightMm - MARGIN_MM - 10);
  }
  tagPages(cv, o.profile, o.tagIds, newPage);
  return doc.save();
}

function dictionaryOf(name: string): DictionaryName {
  if (!isDictionaryName(name)) throw new Error(`unknown dictionary ${name}`);
  return name;
}

function boardPage(cv: OpenCv, b: CharucoBoard, newPage: (landscape: boolean) => MmPage): void {
  const boardW = b.squaresX * b.squareMm;
  const boardH = b.squaresY * b.squareMm;
  const page = newPage(boardW > boardH);
  if (boardW > page.widthMm - 2 * MARGIN_MM || boardH + 60 > page.heightMm) {
    throw new Error(`a ${boardW}×${boardH} mm board does not fit on this paper with its scale bar`);
  }
  const x0 = (page.widthMm - boardW) / 2;
  const y0 = MARGIN_MM + 14;
  page.text(page.l.boardTitle(b.squaresX, b.squaresY, b.squareMm, b.markerMm, b.dictionary), page.widthMm / 2, MARGIN_MM + 6, 10, 'center');
  const inset = (b.squareMm - b.markerMm) / 2;
  let id = 0;
  for (let r = 0; r < b.squaresY; r++) {
    for (let c = 0; c < b.squaresX; c++) {
      const x = x0 + c * b.squareMm;
      const y = y0 + r * b.squareMm;
      if ((r + c) % 2 === 0) page.rect(x, y, b.squareMm, b.squareMm, 0);
      else {
        const { cells, n } = markerCells(cv, b.dictionary, id++);
        page.marker(cells, n, x + inset, y + inset, b.markerMm);
      }
    }
  }
  // The board's own squares are the check here: there is no room for a second square.
  page.text(page.l.boardFoot(b.squareMm, id - 1), x0, y0 + boardH + 5, 7);
  page.scaleBar(x0, page.heightMm - MARGIN_MM - 10);
}

function tagPages(cv: OpenCv, profile: TableProfile, ids: readonly number[], newPage: (landscape: boolean) => MmPage): void {
  const dict = dictionaryOf(profile.tags.dictionary);
  const size = profile.tags.size_mm;
  const quiet = size / 6 + 1;
  const labelMm = 5;
  const pitchX = size + 2 * quiet + 4;
  const pitchY = size + 2 * quiet + labelMm + 3;
  let page: MmPage | null = null;
  let perRow = 1;
  let rows = 1;
  ids.forEach((id, i) => {
    if (!page || i % (perRow * rows) === 0) {
      page = newPage(false);
      perRow = Math.max(1, Math.floor((page.widthMm - 2 * MARGIN_MM) / pitchX));
      rows = Math.max(1, Math.floor((page.heightMm - 2 * MARGIN_MM - 12 - RULERS_MM - 10) / pitchY));
      page.text(page.l.tagsTitle(size, dict), MARGIN_MM, MARGIN_MM + 5, 9);
      page.rulers(MARGIN_MM, page.heightMm - MARGIN_MM - 10);
    }
    const k = i % (perRow * rows);
    const cx = MARGIN_MM + (k % perRow) * pitchX + pitchX / 2;
    const top = MARGIN_MM + 12 + Math.floor(k / perRow) * pitchY;
    const x = cx - size / 2;
    const y = top + quiet;
    page.rect(x - quiet - 0.2, y - quiet - 0.2, size + 2 * quiet + 0.4, size + 2 * quiet + 0.4, 0.78);
    page.rect(x - quiet, y - quiet, size + 2 * quiet, size + 2 * quiet, 1);
    const { cells, n } = markerCells(cv, dict, id);
    page.marker(cells, n, x, y, size);
    page.text(page.l.id(id), cx, y + size + quiet + labelMm - 0.5, 8, 'center');
  });
}
