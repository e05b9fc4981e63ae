import type { Text } from '../labels.js';
import type { TableModel, TableWeapon } from '../table-play.js';
import { zvezdnyDesantCatalogue } from './catalogue.js';
import { ARMOUR_CLASSES, type ArmourClass } from './data-schema.js';
import raw from './ruleset.json' with { type: 'json' };

/**
 * What the table actions and the attack read of a Звездный Десант unit: its stat sheet (КБР, БСП,
 * ЛДР) as the roster gave it, its weapons' Скр, Мщ and Хрк from this system's catalogue, and the
 * step the table measures in.
 */

export const CM_PER_STEP = raw.distance.unit_cm.value;

export const steps = (cm: number): number => cm / CM_PER_STEP;

export interface UnitSheet {
  kbr: ArmourClass;
  bsp: number;
  ldr: number;
}

const isClass = (v: unknown): v is ArmourClass => typeof v === 'string' && (ARMOUR_CLASSES as readonly string[]).includes(v);
const intIn = (v: unknown, lo: number, hi: number): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi ? v : null);

/** The unit's sheet, or which stat is missing (a model set up by hand without a roster). */
export function unitSheet(m: TableModel): { ok: true; sheet: UnitSheet } | { ok: false; reason: Text } {
  const kbr = m.stats.kbr;
  const bsp = intIn(m.stats.bsp, 1, 20);
  const ldr = intIn(m.stats.ldr, 1, 20);
  if (!isClass(kbr)) return { ok: false, reason: { ru: `у ${m.id} не указан класс брони (КБР)`, en: `${m.id} has no armour class (КБР)` } };
  if (bsp === null) return { ok: false, reason: { ru: `у ${m.id} не указана защита в ближнем бою (БСП)`, en: `${m.id} has no melee defence (БСП)` } };
  if (ldr === null) return { ok: false, reason: { ru: `у ${m.id} не указано лидерство (ЛДР)`, en: `${m.id} has no leadership (ЛДР)` } };
  return { ok: true, sheet: { kbr, bsp, ldr } };
}

export interface ShootingProfile {
  /** Скр: shots per figure per turn. */
  skr: number;
  /** Мщ: wounds per passed wound test. */
  mshch: number;
  /** Хрк: the D20 number needed against each armour class. */
  hrk: Partial<Record<ArmourClass, number>>;
}

/** «A12 B10 C6» → {A: 12, B: 10, C: 6}; null when any part is not a class and a D20 number. */
export function parseHrk(text: string): Partial<Record<ArmourClass, number>> | null {
  const out: Partial<Record<ArmourClass, number>> = {};
  for (const part of text.trim().split(/\s+/)) {
    const m = /^([A-E])(\d{1,2})$/.exec(part);
    const n = m ? Number(m[2]) : NaN;
    if (!m || !isClass(m[1]) || n < 1 || n > 20) return null;
    out[m[1]] = n;
  }
  return out;
}

/** The weapon's shooting profile from the catalogue, by its id; null for a melee-only weapon. */
export function shootingProfile(w: TableWeapon): ShootingProfile | null {
  const c = Object.hasOwn(zvezdnyDesantCatalogue.weapons, w.id) ? zvezdnyDesantCatalogue.weapons[w.id] : undefined;
  if (!c) return null;
  const skr = intIn(c.stats.skr, 1, 20);
  const mshch = intIn(c.stats.mshch, 1, 20);
  const hrk = typeof c.stats.hrk === 'string' ? parseHrk(c.stats.hrk) : null;
  return skr !== null && mshch !== null && hrk !== null ? { skr, mshch, hrk } : null;
}

/**
 * Figures of the unit that fire this weapon: every figure left for a weapon of the unit type's
 * own list; one figure for a weapon an option added (default: the catalogue gives options once
 * per unit).
 */
export function firingFigures(m: TableModel, w: TableWeapon): number {
  const type = zvezdnyDesantCatalogue.unit_types.find((t) => t.id === m.stats.catalogue_type);
  if (!type || type.weapons.includes(w.id)) return Math.max(0, m.figuresLeft);
  return Math.min(1, m.figuresLeft);
}
