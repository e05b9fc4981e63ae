/**
 * Printable pages at true scale: the ChArUco board, the table anchors and the base tags as
 * 8-bit grey pixels at a stated DPI. Every page carries a 100 mm scale bar so a printer
 * that "fits to page" is caught with a ruler before it spoils a calibration.
 */
import type { OpenCv } from './cv-types.js';
import type { CharucoBoard } from './charuco.js';
import { dictionaryConstant, isDictionaryName, type DictionaryName } from './dictionaries.js';
import { withMats } from './mats.js';
import type { TableProfile } from './table-profile.js';

export interface SheetPage {
  name: string;
  widthPx: number;
  heightPx: number;
  dpi: number;
  /** One byte a pixel, 0 black, 255 white. */
  pixels: Uint8Array;
}

const A4_MM: [number, number] = [210, 297];

class Page {
  readonly pixels: Uint8Array;
  readonly widthPx: number;
  readonly heightPx: number;
  constructor(
    readonly widthMm: number,
    readonly heightMm: number,
    readonly dpi: number,
  ) {
    this.widthPx = Math.round(this.px(widthMm));
    this.heightPx = Math.round(this.px(heightMm));
    this.pixels = new Uint8Array(this.widthPx * this.heightPx).fill(255);
  }

  px(mm: number): number {
    return (mm / 25.4) * this.dpi;
  }

  /** Fills [x0, x1) × [y0, y1) given in mm, edges rounded to whole pixels. */
  rect(x0Mm: number, y0Mm: number, x1Mm: number, y1Mm: number, value: number): void {
    const ax = Math.max(0, Math.round(this.px(x0Mm)));
    const ay = Math.max(0, Math.round(this.px(y0Mm)));
    const bx = Math.min(this.widthPx, Math.round(this.px(x1Mm)));
    const by = Math.min(this.heightPx, Math.round(this.px(y1Mm)));
    for (let y = ay; y < by; y++) this.pixels.fill(value, y * this.widthPx + ax, y * this.widthPx + bx);
  }

  /** A marker's cells (row-major, 1 = white) as a square of sideMm with its top-left at (x, y). */
  marker(cells: Uint8Array, n: number, xMm: number, yMm: number, sideMm: number): void {
    const cell = sideMm / n;
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) this.rect(xMm + c * cell, yMm + r * cell, xMm + (c + 1) * cell, yMm + (r + 1) * cell, cells[r * n + c] ? 255 : 0);
  }

  /** 100 mm bar with 10 mm ticks: measure it after printing. */
  scaleBar(xMm: number, yMm: number): void {
    this.rect(xMm, yMm, xMm + 100, yMm + 0.6, 0);
    for (let i = 0; i <= 10; i++) this.rect(xMm + i * 10 - 0.2, yMm - (i % 5 === 0 ? 4 : 2), xMm + i * 10 + 0.2, yMm, 0);
  }

  finish(name: string): SheetPage {
    return { name, widthPx: this.widthPx, heightPx: this.heightPx, dpi: this.dpi, pixels: this.pixels };
  }
}

/** The marker's cells with OpenCV's one-cell black border, from cv.generateImageMarker. */
export function markerCells(cv: OpenCv, dictionary: DictionaryName, id: number): { cells: Uint8Array; n: number } {
  return withMats((keep) => {
    const dict = keep(cv.getPredefinedDictionary(dictionaryConstant(cv, dictionary)));
    const n = dict.markerSize + 2;
    const m = keep(new cv.Mat());
    cv.generateImageMarker(dict, id, n, m, 1);
    const cells = new Uint8Array(n * n);
    for (let i = 0; i < n * n; i++) cells[i] = (m.data[i] as number) > 127 ? 1 : 0;
    return { cells, n };
  });
}

/** The board as cv.aruco draws it: square (0, 0) black, markers 0, 1, … in the white squares. */
export function charucoSheet(cv: OpenCv, b: CharucoBoard, dpi: number): SheetPage {
  const boardW = b.squaresX * b.squareMm;
  const boardH = b.squaresY * b.squareMm;
  const landscape = boardW > boardH;
  const [pw, ph] = landscape ? [Math.max(A4_MM[1], boardW + 30), Math.max(A4_MM[0], boardH + 40)] : [Math.max(A4_MM[0], boardW + 30), Math.max(A4_MM[1], boardH + 40)];
  const page = new Page(pw, ph, dpi);
  const x0 = (pw - boardW) / 2;
  const y0 = (ph - boardH - 15) / 2;
  const inset = (b.squareMm - b.markerMm) / 2;
  let id = 0;
  for (let r = 0; r < b.squaresY; r++) {
    for (let c = 0; c < b.squaresX; c++) {
      const x = x0 + c * b.squareMm;
      const y = y0 + r * b.squareMm;
      if ((r + c) % 2 === 0) {
        page.rect(x, y, x + b.squareMm, y + b.squareMm, 0);
      } else {
        const { cells, n } = markerCells(cv, b.dictionary, id++);
        page.marker(cells, n, x + inset, y + inset, b.markerMm);
      }
    }
  }
  page.scaleBar(x0, y0 + boardH + 12);
  return page.finish(`charuco-${b.squaresX}x${b.squaresY}-${b.squareMm}mm`);
}

/** One A4 page per anchor, the marker centred with a quiet zone of a quarter of its side. */
export function anchorSheets(cv: OpenCv, profile: TableProfile, dpi: number): SheetPage[] {
  const dict = profile.anchors.dictionary;
  if (!isDictionaryName(dict)) throw new Error(`unknown dictionary ${dict}`);
  return profile.anchors.markers.map((a) => {
    const side = Math.hypot(a.corners_mm[1][0] - a.corners_mm[0][0], a.corners_mm[1][1] - a.corners_mm[0][1]);
    const page = new Page(A4_MM[0], A4_MM[1], dpi);
    const { cells, n } = markerCells(cv, dict, a.id);
    const x = (A4_MM[0] - side) / 2;
    const y = (A4_MM[1] - side) / 2 - 20;
    page.marker(cells, n, x, y, side);
    page.scaleBar((A4_MM[0] - 100) / 2, y + side + 40);
    return page.finish(`anchor-${a.id}`);
  });
}

/** Base tags on A4 pages, each with a one-cell white quiet zone and a cutting gap. */
export function tagSheets(cv: OpenCv, profile: TableProfile, ids: readonly number[], dpi: number): SheetPage[] {
  const dict = profile.tags.dictionary;
  if (!isDictionaryName(dict)) throw new Error(`unknown dictionary ${dict}`);
  const size = profile.tags.size_mm;
  const marginMm = 12;
  const pitch = size * (8 / 6) + 4;
  const perRow = Math.max(1, Math.floor((A4_MM[0] - 2 * marginMm) / pitch));
  const rows = Math.max(1, Math.floor((A4_MM[1] - 2 * marginMm - 15) / pitch));
  const pages: SheetPage[] = [];
  for (let start = 0; start < ids.length; start += perRow * rows) {
    const page = new Page(A4_MM[0], A4_MM[1], dpi);
    ids.slice(start, start + perRow * rows).forEach((id, i) => {
      const { cells, n } = markerCells(cv, dict, id);
      const x = marginMm + (i % perRow) * pitch + (pitch - size) / 2;
      const y = marginMm + Math.floor(i / perRow) * pitch + (pitch - size) / 2;
      // A thin grey cutting frame around the quiet zone.
      const q = size / 6 + 1;
      page.rect(x - q - 0.2, y - q - 0.2, x + size + q + 0.2, y + size + q + 0.2, 200);
      page.rect(x - q, y - q, x + size + q, y + size + q, 255);
      page.marker(cells, n, x, y, size);
    });
    page.scaleBar(marginMm, A4_MM[1] - marginMm);
    pages.push(page.finish(`tags-${pages.length + 1}`));
  }
  return pages;
}
