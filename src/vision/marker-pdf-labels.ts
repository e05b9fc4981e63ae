/**
 * The words printed on the marker sheets, in Russian and English. Numbers follow the
 * language (50,0 мм / 50.0 mm); ids, dictionary names and the scale bar's ticks do not change.
 */
export type SheetLang = 'ru' | 'en';

export interface SheetLabels {
  title: string;
  mm: string;
  /** A length with one decimal and its unit: 50,0 мм / 50.0 mm. */
  len(mm: number): string;
  scaleBar: string;
  squareMust: string;
  anchorTitle(id: number): string;
  anchorLine(tableMm: readonly [number, number], sideMm: number, dictionary: string, corner: readonly [number, number]): string;
  anchorTop: string;
  id(id: number): string;
  boardTitle(cols: number, rows: number, squareMm: number, markerMm: number, dictionary: string): string;
  boardFoot(squareMm: number, lastId: number): string;
  tagsTitle(sizeMm: number, dictionary: string): string;
}

/** A Russian decimal comma. */
const ru = (n: number): string => String(n).replace('.', ',');
const fixed1 = (lang: SheetLang, mm: number): string => (lang === 'ru' ? mm.toFixed(1).replace('.', ',') : mm.toFixed(1));

const RU: SheetLabels = {
  title: 'Шагомер: листы с метками',
  mm: 'мм',
  len: (mm) => `${fixed1('ru', mm)} мм`,
  scaleBar: 'Шкала 100 мм: печатайте в масштабе 100 %, без «вписать в страницу»',
  squareMust: 'этот квадрат должен быть',
  anchorTitle: (id) => `ЯКОРЬ ${id}`,
  anchorLine: (t, side, dict, c) => `стол ${ru(t[0] / 10)} × ${ru(t[1] / 10)} см: метка ${fixed1('ru', side)} мм, ${dict}; угол в точке (${ru(c[0])}; ${ru(c[1])}) мм на столе`,
  anchorTop: 'верхним краем к дальней стороне стола',
  id: (id) => `№ ${id}`,
  boardTitle: (cols, rows, sq, mk, dict) => `Доска ChArUco ${cols}×${rows}: клетки ${fixed1('ru', sq)} мм, метки ${fixed1('ru', mk)} мм, ${dict}`,
  boardFoot: (sq, last) => `каждая клетка должна быть ${fixed1('ru', sq)} мм; метки 0–${last}; наклейте на картон ровно, не сгибая`,
  tagsTitle: (size, dict) => `Метки для подставок: ${fixed1('ru', size)} мм, ${dict}; вырезайте по серым рамкам`,
};

const EN: SheetLabels = {
  title: 'Shagomer marker sheets',
  mm: 'mm',
  len: (mm) => `${fixed1('en', mm)} mm`,
  scaleBar: '100 mm scale bar: print at 100 %, no "fit to page"',
  squareMust: 'this square must measure',
  anchorTitle: (id) => `ANCHOR ${id}`,
  anchorLine: (t, side, dict, c) => `table ${t[0] / 10} x ${t[1] / 10} cm: marker ${fixed1('en', side)} mm, ${dict}; corner at (${c[0]}, ${c[1]}) mm on the table`,
  anchorTop: 'top edge towards the far side of the table',
  id: (id) => `id ${id}`,
  boardTitle: (cols, rows, sq, mk, dict) => `ChArUco board ${cols}x${rows}: squares ${fixed1('en', sq)} mm, markers ${fixed1('en', mk)} mm, ${dict}`,
  boardFoot: (sq, last) => `each square must measure ${fixed1('en', sq)} mm; markers 0-${last}; glue flat on card, keep it unbent`,
  tagsTitle: (size, dict) => `Base tags: ${fixed1('en', size)} mm, ${dict}; cut along the grey frames`,
};

export const SHEET_LABELS: Record<SheetLang, SheetLabels> = { ru: RU, en: EN };
