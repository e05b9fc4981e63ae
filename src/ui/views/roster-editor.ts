import type { Intent } from '../../app/api/intents.js';
import type { CatalogueUnitType } from '../../core/rulesets/catalogue.js';
import type { GameSystem } from '../../core/rulesets/game-system.js';
import { countOf, labelOf } from '../../core/rulesets/labels.js';
import { POINTS, RosterSchema, validateRoster, type Roster, type RosterCheck, type RosterUnit } from '../../core/rulesets/roster.js';
import { h, option } from '../dom.js';
import { keepFocusIn } from '../typed-inputs.js';
import { currentLang, t } from '../i18n.js';
import { printRoster } from './roster-print.js';
import { bridgeSave } from '../save-client.js';

type Send = (intent: Intent) => void;
type Player = Roster['player'];

/**
 * The army list editor, like BattleScribe's: the system's catalogue on the left, the roster on
 * the right, checked live by the engine's own `validateRoster` (the same check as
 * `shagomer roster validate` and the server's `add-roster`). Rosters are kept per system and
 * player in this browser, saved and loaded as JSON files, printed as a page, and put into the
 * game's setup as models.
 */
export class RosterEditor {
  readonly element = h('section', { class: 'roster', 'data-testid': 'roster-editor' });
  private player: Player = 'A';
  private roster: Roster;

  /** The last thing the editor has to tell (a file loaded or refused). */
  private status = '';

  constructor(
    private readonly system: GameSystem,
    private send: Send,
  ) {
    this.roster = this.load(this.player);
    this.render();
  }

  private storageKey(player: Player): string {
    return `shagomer.roster.${this.system.id}.${player}`;
  }

  private load(player: Player): Roster {
    const saved = globalThis.localStorage?.getItem(this.storageKey(player));
    if (saved) {
      try {
        const parsed = JSON.parse(saved) as Roster;
        if (parsed.system === this.system.id && Array.isArray(parsed.units)) return { ...parsed, player };
      } catch {
        // A damaged entry starts an empty roster; the file on disk, if any, is the player's copy.
      }
    }
    return { system: this.system.id, player, units: [] };
  }

  private changed(): void {
    globalThis.localStorage?.setItem(this.storageKey(this.player), JSON.stringify(this.roster));
    this.render();
  }

  /** The next free id for a unit of this player: A1, A2… (B1… for the second player). */
  private nextId(): string {
    const taken = new Set(this.roster.units.map((u) => u.id));
    let n = 1;
    while (taken.has(`${this.player}${n}`)) n++;
    return `${this.player}${n}`;
  }

  private add(type: CatalogueUnitType): void {
    this.roster.units.push({ id: this.nextId(), type: type.id, figures: type.figures.default, options: [], stats: {} });
    this.changed();
  }

  private typeOf(u: RosterUnit): CatalogueUnitType | undefined {
    return this.system.catalogue.unit_types.find((x) => x.id === u.type);
  }

  private render(): void {
    const lang = currentLang();
    const check = validateRoster(this.roster);
    const playerSelect = h('select', { 'data-testid': 'roster-player' }, option('A', `${t('player')} A`, this.player === 'A'), option('B', `${t('player')} B`, this.player === 'B'));
    playerSelect.addEventListener('change', () => {
      this.player = playerSelect.value as Player;
      this.roster = this.load(this.player);
      this.render();
    });
    const name = h('input', { value: this.roster.name ?? '', placeholder: t('rosterName'), 'data-testid': 'roster-name' });
    name.addEventListener('change', () => {
      this.roster.name = name.value.trim() === '' ? undefined : name.value.trim().slice(0, 80);
      this.changed();
    });
    this.element.replaceChildren(
      ...[
      h('h2', {}, `${t('roster')} — ${this.system.labels.name[lang]}`),
      h('div', { class: 'row' }, playerSelect, name, ...this.fileButtons(check)),
      this.status ? h('div', { class: 'muted', 'data-testid': 'roster-status' }, this.status) : null,
      this.summary(check),
      h('div', { class: 'roster-columns' }, this.catalogueColumn(), this.unitsColumn(check)),
      ].filter((x): x is HTMLElement => x !== null),
    );
  }

  private summary(check: RosterCheck): HTMLElement {
    const lang = currentLang();
    const limits = this.system.catalogue.limits;
    const use = check.use ?? { points: 0, figures: 0, units: this.roster.units.length };
    const parts = [
      limits.points_max !== null ? `${t('rosterPoints')}: ${use.points.toLocaleString(lang)} / ${limits.points_max.toLocaleString(lang)}` : t('rosterNoPoints'),
      `${countOf(use.units, this.system.labels.unit, lang)}${limits.units_max !== null ? ` / ${limits.units_max}` : ''}`,
      `${countOf(use.figures, this.system.labels.figure, lang)}${limits.figures_max !== null ? ` / ${limits.figures_max}` : ''}`,
    ];
    const problems = check.ok ? [] : check.problems;
    return h(
      'div',
      { class: `roster-summary ${check.ok ? 'ok' : 'bad'}`, 'data-testid': 'roster-summary' },
      h('div', {}, parts.join(' · '), ' — ', check.ok ? t('rosterValid') : t('rosterInvalid')),
      problems.length > 0 ? h('ul', { 'data-testid': 'roster-problems' }, ...problems.map((p) => h('li', {}, lang === 'ru' && p.ru ? p.ru : `${p.field}: ${p.problem}`))) : null,
    );
  }

  private catalogueColumn(): HTMLElement {
    const lang = currentLang();
    const { catalogue } = this.system;
    return h(
      'div',
      { class: 'roster-catalogue' },
      h('h3', {}, t('rosterCatalogue')),
      ...catalogue.unit_types.map((type) =>
        h(
          'div',
          { class: 'roster-type' },
          h('div', {}, h('b', {}, type.label[lang]), type.points_per_figure > 0 ? h('span', { class: 'muted' }, ` · ${countOf(type.points_per_figure, POINTS, lang)} ${t('perFigure')}`) : null),
          h('div', { class: 'muted' }, this.statLine(type)),
          h('button', { 'data-testid': `roster-add-${type.id}`, onclick: () => this.add(type) }, t('addModel')),
        ),
      ),
    );
  }

  private statLine(type: CatalogueUnitType): string {
    const lang = currentLang();
    const weapons = type.weapons.map((w) => this.system.catalogue.weapons[w]?.label[lang] ?? w).join(', ');
    // "5–10 бойцов": a range takes the form of its upper end.
    const upper = countOf(type.figures.max, this.system.labels.figure, lang);
    const figures = type.figures.min === type.figures.max ? countOf(type.figures.min, this.system.labels.figure, lang) : `${type.figures.min}–${upper}`;
    return `${t('armourShort')} ${type.armour} · ${t('staminaShort')} ${type.stamina} · ${t('speedShort')} ${type.speed_steps} · ${figures}${weapons ? ` · ${weapons}` : ''}`;
  }

  private unitsColumn(check: RosterCheck): HTMLElement {
    const lang = currentLang();
    const resolved = new Map((check.units ?? []).map((u) => [u.id, u]));
    const rows = this.roster.units.map((u, i) => {
      const type = this.typeOf(u);
      const unit = resolved.get(u.id);
      const field = `units[${i}]`;
      const problems = check.ok ? [] : check.problems.filter((p) => p.field === field || p.field.startsWith(`${field}.`));
      return h(
        'div',
        { class: `roster-unit${problems.length > 0 ? ' bad' : ''}`, 'data-testid': `roster-unit-${i}` },
        h(
          'div',
          { class: 'row' },
          this.textInput(u.id, 6, (v) => (u.id = v), `roster-id-${i}`),
          h('b', {}, type?.label[lang] ?? u.type),
          this.textInput(u.name ?? '', 18, (v) => (u.name = v === '' ? undefined : v), `roster-unit-name-${i}`, t('name')),
          type && type.figures.max > 1 ? h('label', {}, `${t('rosterFigures')}: `, this.numberInput(u.figures ?? type.figures.default, type.figures.min, type.figures.max, (n) => (u.figures = n), `roster-figures-${i}`)) : null,
          unit ? h('span', { class: 'muted' }, unit.points > 0 ? countOf(unit.points, POINTS, lang) : '') : null,
          h('button', { 'data-testid': `roster-remove-${i}`, onclick: () => (this.roster.units.splice(i, 1), this.changed()) }, '✕'),
        ),
        type ? this.optionsRow(u, type, i) : null,
        this.statsRow(u, i),
        problems.length > 0 ? h('div', { class: 'problem' }, problems.map((p) => (lang === 'ru' && p.ru ? p.ru : p.problem)).join('; ')) : null,
      );
    });
    return h('div', { class: 'roster-units' }, h('h3', {}, t('rosterUnits')), ...(rows.length > 0 ? rows : [h('p', { class: 'muted' }, t('rosterEmpty'))]));
  }

  private optionsRow(u: RosterUnit, type: CatalogueUnitType, i: number): HTMLElement | null {
    if (type.options.length === 0) return null;
    const lang = currentLang();
    const taken = (id: string): number => u.options.reduce((n, o) => n + (typeof o === 'string' ? (o === id ? 1 : 0) : o.id === id ? o.count : 0), 0);
    return h(
      'div',
      { class: 'row options' },
      ...type.options.map((o) => {
        const box = h('input', { type: 'checkbox', 'data-testid': `roster-option-${i}-${o.id}` });
        box.checked = taken(o.id) > 0;
        box.addEventListener('change', () => {
          u.options = u.options.filter((x) => (typeof x === 'string' ? x : x.id) !== o.id);
          if (box.checked) u.options.push(o.id);
          this.changed();
        });
        return h('label', {}, box, ` ${o.label[lang]}${o.points > 0 ? ` (+${countOf(o.points, POINTS, lang)})` : ''}`);
      }),
    );
  }

  private statsRow(u: RosterUnit, i: number): HTMLElement | null {
    const custom = Object.entries(this.system.catalogue.custom_stats);
    if (custom.length === 0) return null;
    const type = this.typeOf(u);
    return h(
      'div',
      { class: 'row stats' },
      ...custom.map(([k, bound]) => {
        const base = type ? (k === 'armour' ? type.armour : k === 'stamina' ? type.stamina : k === 'speed_steps' ? type.speed_steps : type.stats[k]) : undefined;
        const current = u.stats[k] ?? (typeof base === 'number' ? base : bound.min);
        return h(
          'label',
          {},
          `${statName(this.system, k)}: `,
          this.numberInput(current, bound.min, bound.max, (n) => {
            if (n === base) delete u.stats[k];
            else u.stats[k] = n;
          }, `roster-stat-${i}-${k}`),
        );
      }),
    );
  }

  private textInput(value: string, size: number, set: (v: string) => void, testId: string, placeholder = ''): HTMLInputElement {
    const el = h('input', { value, size, placeholder, 'data-testid': testId });
    el.addEventListener('change', () => {
      set(el.value.trim());
      this.changed();
    });
    return el;
  }

  private numberInput(value: number, min: number, max: number, set: (n: number) => void, testId: string): HTMLInputElement {
    const el = h('input', { type: 'number', value, min, max, step: 1, class: 'num', 'data-testid': testId });
    el.addEventListener('change', () => {
      const n = Number(el.value);
      // An out-of-range number is kept as typed: the live check names it, nothing is silently clamped.
      if (Number.isFinite(n)) set(n);
      this.changed();
    });
    return el;
  }

  private fileButtons(check: RosterCheck): HTMLElement[] {
    const file = h('input', { type: 'file', accept: '.json,application/json', 'data-testid': 'roster-import', hidden: true });
    file.addEventListener('change', () => {
      const f = file.files?.[0];
      if (f) void f.text().then((text) => this.importText(text, f.name));
      file.value = '';
    });
    return [
      h('button', { 'data-testid': 'roster-save', onclick: () => this.download() }, t('rosterSave')),
      h('button', { 'data-testid': 'roster-load', onclick: () => file.click() }, t('rosterLoad')),
      file,
      h('button', { 'data-testid': 'roster-print', onclick: () => printRoster(this.system, this.roster, validateRoster(this.roster)) }, t('rosterPrint')),
      h('button', { class: 'primary', 'data-testid': 'roster-deploy', disabled: !check.ok || this.roster.units.length === 0, onclick: () => this.deploy() }, t('rosterDeploy')),
    ];
  }

  /** Units the players left unnamed go on the table under their type's name in the players' language. */
  private deploy(): void {
    const lang = currentLang();
    const units = this.roster.units.map((u) => (u.name ? u : { ...u, name: this.typeOf(u)?.label[lang] ?? u.type }));
    this.send({ type: 'add-roster', roster: { ...this.roster, units } });
  }

  private say(text: string): void {
    this.status = text;
    this.render();
  }

  /** The app's send changes with each render of the setup; the editor keeps its roster. */
  attach(send: Send): HTMLElement {
    this.send = send;
    // The editor moves into the setup's new build: a field being typed into keeps the focus.
    keepFocusIn(this.element);
    return this.element;
  }

  /** Loads a roster file: checked as the server would; a file for another system or not a roster says so. */
  importText(text: string, name: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.say(`${name}: ${t('rosterNotJson')}`);
      return;
    }
    const r = raw as Partial<Roster> | null;
    if (typeof r !== 'object' || r === null || !Array.isArray(r.units) || typeof r.system !== 'string') {
      this.say(`${name}: ${t('rosterNotRoster')}`);
      return;
    }
    if (r.system !== this.system.id) {
      this.say(`${name}: ${t('rosterOtherSystem')}`);
      return;
    }
    const check = validateRoster(raw);
    if (!check.ok && check.use === undefined) {
      const p = check.problems[0];
      this.say(`${name}: ${t('rosterNotRoster')}${p ? ` (${p.field})` : ''}`);
      return;
    }
    this.player = r.player === 'B' ? 'B' : 'A';
    // The schema's defaults (options, stats) filled in: a hand-written file may leave them out.
    const full = RosterSchema.safeParse(raw);
    this.roster = full.success ? full.data : (raw as Roster);
    this.changed();
    this.say(`${name}: ${t('rosterLoaded')}`);
  }

  private download(): void {
    const text = `${JSON.stringify(this.roster, null, 2)}\n`;
    const name = `${this.system.id}-${this.player}${this.roster.name ? `-${this.roster.name}` : ''}`;
    // Electron: the main process's save dialog (a file name of letters, digits, space, _ . -).
    const save = window.shagomer ? bridgeSave(window.shagomer) : undefined;
    if (save) {
      void save({ kind: 'roster', name: name.replace(/[^\p{L}\p{N} _.-]/gu, '-').slice(0, 80), text }).then((r) => (!r.ok ? this.say(r.problem) : r.path !== null ? this.say(t('savedTo', { path: r.path })) : undefined));
      return;
    }
    const blob = new Blob([text], { type: 'application/json' });
    const a = h('a', { href: URL.createObjectURL(blob), download: `${name}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(a.href);
  }
}

const STAT_KEYS = { armour: 'armourShort', stamina: 'staminaShort', speed_steps: 'speedShort', leadership: 'leadershipShort' } as const;

/** The player's name of a stat a roster may set: the app's own words, else the system's label. */
export function statName(system: GameSystem, key: string): string {
  return Object.hasOwn(STAT_KEYS, key) ? t(STAT_KEYS[key as keyof typeof STAT_KEYS]) : labelOf(system.labels.fields, key, currentLang());
}
