import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { ROOT } from './harness.js';

/**
 * What a player reads on the screen, gathered from the page: visible text, the selected option
 * of each select, button labels, placeholders, and every text drawn on the table canvas.
 */
export async function screenText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script,style,option') || !el.checkVisibility()) continue;
      const text = (n.textContent ?? '').trim();
      if (text) out.push(text);
    }
    for (const s of document.querySelectorAll('select')) if (s.checkVisibility()) out.push(s.selectedOptions[0]?.textContent ?? '');
    for (const i of document.querySelectorAll('input[placeholder]')) if ((i as HTMLElement).checkVisibility()) out.push((i as HTMLInputElement).placeholder);
    out.push(...(window.__shagomer?.table.labels ?? []));
    return out.filter((x) => x !== '');
  });
}

/** Latin tokens a Russian screen may carry: model and player ids, sensor nodes, dice names, the language button. */
const LATIN_ALLOWED = /^(?:[A-Z]\d{0,3}T?|D\d{1,2}|EN|RU)$/;

/** Every string that is not in the player's language or shows an engine key, with the reason. */
export function untranslated(texts: string[], lang: 'ru' | 'en'): string[] {
  const bad: string[] = [];
  for (const text of texts) {
    if (/\b[a-z_]+=[\w-]+/.test(text)) bad.push(`engine key: ${text}`);
    else if (/\b[a-z]+-[a-z]+\b/.test(text)) bad.push(`kebab key: ${text}`);
    else if (/\b[a-z]+[A-Z][a-zA-Z]*\b/.test(text)) bad.push(`camelCase key: ${text}`);
    else if (/\b(?:undefined|null|NaN|\[object)\b/.test(text)) bad.push(`raw value: ${text}`);
    else if (/\((?:неизвестно|unknown)\)/.test(text)) bad.push(`missing term: ${text}`);
    else if (lang === 'ru' && wrongPlural(text)) bad.push(`wrong plural: ${text}`);
    else if (lang === 'ru') {
      // A file's name is the player's own (roster-B.json): not a string of the app.
      const latin = (text.replace(/[\w.-]+\.jsonl?\b/g, '').match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter((w) => !LATIN_ALLOWED.test(w));
      if (latin.length > 0) bad.push(`English in Russian: ${text}`);
    }
  }
  return bad;
}

const FORMS: Record<string, Record<string, string>> = {
  шаг: { one: 'шаг', few: 'шага', many: 'шагов', other: 'шага' },
  дюйм: { one: 'дюйм', few: 'дюйма', many: 'дюймов', other: 'дюйма' },
};

/** «20 шаги», «2 шагов»: a counted шаг or дюйм whose form does not follow the Russian plural rule. */
function wrongPlural(text: string): boolean {
  const rules = new Intl.PluralRules('ru');
  for (const m of text.matchAll(/(\d+(?:,\d+)?)\s(шаг(?:а|ов|и)?|дюйм(?:а|ов|ы)?)(?![а-я])/g)) {
    const n = Number((m[1] ?? '').replace(',', '.'));
    const stem = (m[2] ?? '').startsWith('шаг') ? 'шаг' : 'дюйм';
    if (FORMS[stem]?.[rules.select(n)] !== m[2]) return true;
  }
  return false;
}

async function lang(p: Page): Promise<'ru' | 'en'> {
  return (await p.evaluate(() => document.documentElement.lang)) === 'en' ? 'en' : 'ru';
}

/**
 * Checks the view in Russian and in English (toggling with the header button) and saves it as
 * `docs/<name>-<lang>.png`; ends in Russian.
 */
export async function walk(p: Page, name: string): Promise<void> {
  for (const want of ['ru', 'en'] as const) {
    if ((await lang(p)) !== want) await p.getByTestId('lang').click();
    await p.waitForTimeout(150);
    const bad = untranslated(await screenText(p), want);
    expect(bad, `${name} in ${want}`).toEqual([]);
    // Palette PNGs keep docs/ small.
    await sharp(await p.screenshot()).png({ palette: true, colours: 96 }).toFile(join(ROOT, 'docs', `${name}-${want}.png`));
  }
  if ((await lang(p)) !== 'ru') await p.getByTestId('lang').click();
}
