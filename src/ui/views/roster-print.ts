import type { GameSystem } from '../../core/rulesets/game-system.js';
import { countOf } from '../../core/rulesets/labels.js';
import { POINTS, type Roster, type RosterCheck } from '../../core/rulesets/roster.js';
import { currentLang, t } from '../i18n.js';

const escape = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** The roster as one printable HTML page (the table's copy for each player). */
export function rosterPage(system: GameSystem, roster: Roster, check: RosterCheck): string {
  const lang = currentLang();
  const units = check.units ?? [];
  const weaponName = (id: string): string => system.catalogue.weapons[id]?.label[lang] ?? id;
  const typeName = (id: string): string => system.catalogue.unit_types.find((u) => u.id === id)?.label[lang] ?? id;
  const rows = units
    .map(
      (u) =>
        `<tr><td>${escape(u.id)}</td><td>${escape(typeName(u.type))}${u.name !== typeName(u.type) ? `<br><i>${escape(u.name)}</i>` : ''}</td><td>${u.figures}</td><td>${u.armour}</td><td>${u.stamina}</td><td>${u.speed_steps}</td><td>${escape(u.weapons.map(weaponName).join(', '))}</td><td>${u.points > 0 ? u.points : ''}</td></tr>`,
    )
    .join('');
  const use = check.use;
  const total = use
    ? [system.catalogue.limits.points_max !== null ? `${countOf(use.points, POINTS, lang)} / ${system.catalogue.limits.points_max}` : '', countOf(use.units, system.labels.unit, lang), countOf(use.figures, system.labels.figure, lang)].filter((x) => x !== '').join(' · ')
    : '';
  const problems = check.ok ? '' : `<p class="bad">${escape(t('rosterInvalid'))}: ${check.problems.map((p) => escape(lang === 'ru' && p.ru ? p.ru : p.problem)).join('; ')}</p>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escape(roster.name ?? t('roster'))}</title>
<style>body{font:12pt/1.35 "DejaVu Sans",sans-serif;margin:15mm}h1{font-size:16pt;margin:0 0 2mm}table{border-collapse:collapse;width:100%}th,td{border:1px solid #444;padding:1.5mm 2mm;text-align:left;vertical-align:top}th{background:#eee}.bad{color:#b00}p{margin:2mm 0}</style></head>
<body><h1>${escape(roster.name ?? t('roster'))}</h1><p>${escape(system.labels.name[lang])} · ${escape(t('player'))} ${roster.player} · ${escape(total)}</p>${problems}
<table><thead><tr><th></th><th>${escape(t('rosterUnitType'))}</th><th>${escape(t('rosterFigures'))}</th><th>${escape(t('armourShort'))}</th><th>${escape(t('staminaShort'))}</th><th>${escape(t('speedShort'))}</th><th>${escape(t('rosterWeapons'))}</th><th>${escape(t('rosterPoints'))}</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}

/** Opens the page in a new window and asks the browser to print it. */
export function printRoster(system: GameSystem, roster: Roster, check: RosterCheck): void {
  const w = window.open('', '_blank');
  if (!w) return;
  w.document.open();
  w.document.write(rosterPage(system, roster, check));
  w.document.close();
  w.focus();
  w.print();
}
