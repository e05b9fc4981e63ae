import { z } from 'zod';
import { check, type FieldProblem } from '../validation/issues.js';
import type { Catalogue, CatalogueUnitType } from './catalogue.js';
import { countOf, type Noun } from './labels.js';
import type { GameSystem, RulesetDataBase } from './game-system.js';
import { gameSystem, systemIds } from './registry.js';

/** What an army's cost is counted in, for the player's sentences. */
export const POINTS: Noun = { ru: { one: 'очко', few: 'очка', many: 'очков' }, en: { one: 'point', other: 'points' } };

/**
 * A player's army list, as a file (`shagomer roster validate ROSTER.json`). Format in
 * `README.md` here ("Rosters").
 */
const OptionChoice = z.union([
  z.string().min(1).max(40),
  z.object({ id: z.string().min(1).max(40), count: z.int().positive().max(1000).default(1) }).strict(),
]);

export const RosterUnitSchema = z
  .object({
    /** The unit's id in the game (`A1`, `Б2`); unique in the roster. */
    id: z.string().regex(/^[\p{L}\p{N}_.-]{1,40}$/u, 'letters, digits, _ . - (1 to 40)'),
    /** A unit type id of the system's catalogue. */
    type: z.string().min(1).max(40),
    name: z.string().min(1).max(80).optional(),
    /** Figures in the unit; the type's default when left out. */
    figures: z.int().positive().max(1000).optional(),
    options: z.array(OptionChoice).max(50).default([]),
    /** Stats set by hand (a club's own figure): only those the catalogue's `custom_stats` allows. */
    stats: z.record(z.string(), z.number()).default({}),
  })
  .strict();

export const RosterSchema = z
  .object({
    system: z.string().min(1).max(40),
    player: z.enum(['A', 'B']),
    name: z.string().max(80).optional(),
    units: z.array(RosterUnitSchema).max(200),
  })
  .strict();

export type Roster = z.output<typeof RosterSchema>;
export type RosterUnit = Roster['units'][number];

/** What an army uses of its limits. */
export interface RosterUse {
  points: number;
  figures: number;
  units: number;
}

export interface RosterLimits {
  points_max: number | null;
  figures_max: number | null;
  units_min: number;
  units_max: number | null;
}

/** A problem with a roster; `ru` says it to a Russian player (the CLI prints `problem`). */
export interface RosterProblem extends FieldProblem {
  ru?: string;
}

/**
 * The check's answer. A roster with problems still reports what it uses and its units as far
 * as they resolve, so an editor can show the cost while the player fixes it.
 */
export type RosterCheck =
  | { ok: true; system: string; use: RosterUse; limits: RosterLimits; units: ResolvedUnit[] }
  | { ok: false; problems: RosterProblem[]; use?: RosterUse; units?: ResolvedUnit[] };

/** One roster unit with everything the game needs: the catalogue's numbers, options applied. */
export interface ResolvedUnit {
  id: string;
  type: string;
  name: string;
  kind: string;
  unit_type: string | null;
  figures: number;
  armour: number;
  stamina: number;
  speed_steps: number;
  base_mm: number;
  height_mm: number;
  weapons: string[];
  stats: Record<string, number | string | boolean>;
  points: number;
}

function choices(u: RosterUnit): { id: string; count: number }[] {
  return u.options.map((o) => (typeof o === 'string' ? { id: o, count: 1 } : { id: o.id, count: o.count }));
}

function resolveUnit(u: RosterUnit, i: number, type: CatalogueUnitType, catalogue: Catalogue, problems: RosterProblem[]): ResolvedUnit {
  const at = `units[${i}]`;
  const figures = u.figures ?? type.figures.default;
  if (figures < type.figures.min || figures > type.figures.max) {
    const allowed = type.figures.min === type.figures.max ? `${type.figures.min}` : `${type.figures.min} to ${type.figures.max}`;
    problems.push({ field: `${at}.figures`, problem: `a ${type.id} has ${allowed} figures, not ${figures}`, ru: `в «${type.label.ru}» фигур ${allowed.replace(' to ', '–')}, не ${figures}` });
  }
  const weapons = [...type.weapons];
  const stats: Record<string, number | string | boolean> = { ...type.stats };
  let points = type.points_per_figure * figures + type.weapons.reduce((s, w) => s + (catalogue.weapons[w]?.points ?? 0) * figures, 0);
  const taken = new Map<string, number>();
  choices(u).forEach((c, j) => {
    const option = type.options.find((o) => o.id === c.id);
    if (!option) {
      problems.push({ field: `${at}.options[${j}]`, problem: `a ${type.id} has no option "${c.id}"${type.options.length > 0 ? ` (known: ${type.options.map((o) => o.id).join(', ')})` : ''}`, ru: `у «${type.label.ru}» нет такого варианта снаряжения` });
      return;
    }
    const count = (taken.get(c.id) ?? 0) + c.count;
    taken.set(c.id, count);
    const max = option.max_per_unit ?? figures;
    if (count > max) problems.push({ field: `${at}.options[${j}]`, problem: `"${c.id}" taken ${count} times, at most ${max} in this unit`, ru: `«${option.label.ru}»: взято ${count}, можно не больше ${max}` });
    points += option.points * c.count;
    for (const w of option.weapons) {
      if (!weapons.includes(w)) weapons.push(w);
      points += (catalogue.weapons[w]?.points ?? 0) * c.count;
    }
    Object.assign(stats, option.stats);
  });
  const own = { armour: type.armour, stamina: type.stamina, speed_steps: type.speed_steps };
  for (const [k, v] of Object.entries(u.stats)) {
    const bound = Object.hasOwn(catalogue.custom_stats, k) ? catalogue.custom_stats[k] : undefined;
    if (!bound) {
      const allowed = Object.keys(catalogue.custom_stats);
      problems.push({ field: `${at}.stats.${k}`, problem: `not a stat a roster may set${allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : ': this system takes its stats from the catalogue only'}`, ru: `характеристику «${k}» в ростере менять нельзя` });
      continue;
    }
    if (v < bound.min || v > bound.max) {
      problems.push({ field: `${at}.stats.${k}`, problem: `must be from ${bound.min} to ${bound.max}, got ${v}`, ru: `«${k}» — от ${bound.min} до ${bound.max}, а не ${v}` });
      continue;
    }
    if (k === 'armour' || k === 'stamina' || k === 'speed_steps') own[k] = v;
    else stats[k] = v;
  }
  return { id: u.id, type: type.id, name: u.name ?? type.label.ru, kind: type.kind, unit_type: type.unit_type ?? null, figures, ...own, base_mm: type.base_mm, height_mm: type.height_mm, weapons, stats, points };
}

/** Checks a roster (parsed JSON) against its system's catalogue and limits. */
export function validateRoster(raw: unknown): RosterCheck {
  const parsed = check(RosterSchema, raw);
  if (!parsed.ok) return { ok: false, problems: [parsed.error] };
  const roster = parsed.value;
  const system: GameSystem<RulesetDataBase> | undefined = gameSystem(roster.system);
  if (!system) return { ok: false, problems: [{ field: 'system', problem: `unknown system "${roster.system}" (known: ${systemIds().join(', ')})` }] };
  const { catalogue } = system;
  const problems: RosterProblem[] = [];
  const seen = new Set<string>();
  const units: ResolvedUnit[] = [];
  roster.units.forEach((u, i) => {
    if (seen.has(u.id)) problems.push({ field: `units[${i}].id`, problem: `"${u.id}" is already used in this roster`, ru: `обозначение «${u.id}» уже занято в этом ростере` });
    seen.add(u.id);
    const type = catalogue.unit_types.find((t) => t.id === u.type);
    if (!type) {
      problems.push({ field: `units[${i}].type`, problem: `no unit type "${u.type}" in ${system.id} (known: ${catalogue.unit_types.map((t) => t.id).join(', ')})`, ru: `в каталоге нет типа «${u.type}»` });
      return;
    }
    units.push(resolveUnit(u, i, type, catalogue, problems));
  });
  const use: RosterUse = { points: units.reduce((s, u) => s + u.points, 0), figures: units.reduce((s, u) => s + u.figures, 0), units: roster.units.length };
  const { points_max, figures_max, units_min, units_max } = catalogue.limits;
  if (points_max !== null && use.points > points_max) problems.push({ field: 'units', problem: `the army costs ${use.points} points, at most ${points_max} allowed`, ru: `армия стоит ${countOf(use.points, POINTS, 'ru')}, допустимо не больше ${points_max}` });
  if (figures_max !== null && use.figures > figures_max) problems.push({ field: 'units', problem: `the army has ${use.figures} figures, at most ${figures_max} allowed`, ru: `в армии ${countOf(use.figures, system.labels.figure, 'ru')}, можно не больше ${figures_max}` });
  if (use.units < units_min) problems.push({ field: 'units', problem: `the army needs at least ${units_min} unit${units_min === 1 ? '' : 's'}, has ${use.units}`, ru: `сейчас в армии ${countOf(use.units, system.labels.unit, 'ru')}, а нужно хотя бы ${units_min}` });
  if (units_max !== null && use.units > units_max) problems.push({ field: 'units', problem: `the army has ${use.units} units, at most ${units_max} allowed`, ru: `в армии ${countOf(use.units, system.labels.unit, 'ru')}, можно не больше ${units_max}` });
  if (problems.length > 0) return { ok: false, problems, use, units };
  return { ok: true, system: system.id, use, limits: { points_max, figures_max, units_min, units_max }, units };
}
