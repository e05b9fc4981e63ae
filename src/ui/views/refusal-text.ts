import { currentLang } from '../i18n.js';

/**
 * Why the live calibration refused a view or left one out, in the player's language. The
 * reasons come from the vision layer in English (calibrate.ts, live-calibration.ts); each known
 * one is matched here, an unknown one is shown as it came rather than hidden.
 */
const REASONS: { re: RegExp; ru: (m: RegExpExecArray) => string; en: (m: RegExpExecArray) => string }[] = [
  { re: /^no board found$/, ru: () => 'доска не найдена', en: () => 'no board found' },
  { re: /^only (\d+) board corners found$/, ru: (m) => `найдено только ${m[1]} углов доски`, en: (m) => `only ${m[1]} board corners found` },
  { re: /^board corners found along one line only$/, ru: () => 'углы доски найдены только на одной линии', en: () => 'board corners found along one line only' },
  { re: /^close to view (\d+) already kept: move or tilt the board$/, ru: (m) => `почти как кадр ${m[1]}: сдвиньте или наклоните доску`, en: (m) => `close to view ${m[1]} already kept: move or tilt the board` },
  { re: /^the image is (\d+)×(\d+), the views so far (\d+)×(\d+)$/, ru: (m) => `кадр ${m[1]}×${m[2]}, а прежние ${m[3]}×${m[4]}`, en: (m) => m[0] },
  { re: /^(\d+) views kept already$/, ru: (m) => `уже взято ${m[1]} кадров`, en: (m) => m[0] },
  { re: /^reprojection ([\d.]+) px, far above the others$/, ru: (m) => `ошибка ${m[1]} px, намного больше, чем у остальных`, en: (m) => m[0] },
  { re: /^(\d+) usable views, need at least (\d+)$/, ru: (m) => `годных кадров ${m[1]}, нужно не меньше ${m[2]}`, en: (m) => m[0] },
  { re: /^OpenCV could not fit a lens to these views/, ru: () => 'OpenCV не смог подобрать объектив по этим кадрам', en: (m) => m.input },
];

export function refusalText(reason: string): string {
  for (const r of REASONS) {
    const m = r.re.exec(reason);
    if (m) return currentLang() === 'ru' ? r.ru(m) : r.en(m);
  }
  return reason;
}

/** A view's name as the worker gives it (`view 3`), in the player's language. */
export function viewName(name: string): string {
  const m = /^view (\d+)$/.exec(name);
  if (!m) return name === 'fit' ? (currentLang() === 'ru' ? 'расчёт' : 'fit') : name;
  return currentLang() === 'ru' ? `кадр ${m[1]}` : name;
}
