import type { Text } from '../labels.js';
import type { TableModel, TableWeapon } from '../table-play.js';
import { stalnayaVoynaCatalogue } from './catalogue.js';
import { SV_DICE, type SvDie } from './dice-names.js';

/** What the table actions and the fire read of a Стальная война unit: its dice and leadership. */

export const CM_PER_INCH = 2.54;
export const inches = (cm: number): number => cm / CM_PER_INCH;

const isDie = (v: unknown): v is SvDie => typeof v === 'string' && (SV_DICE as readonly string[]).includes(v);

export interface SvSheet {
  quality: SvDie;
  leadership: number;
  armour: SvDie;
}

/** The unit's quality die, leadership (1 best … 3 worst) and armour die, or which is missing. */
export function svSheet(m: TableModel): { ok: true; sheet: SvSheet } | { ok: false; reason: Text } {
  const { quality, leadership, armour_die: armour } = m.stats;
  if (!isDie(quality)) return { ok: false, reason: { ru: `у ${m.id} не указана кость качества`, en: `${m.id} has no quality die` } };
  if (typeof leadership !== 'number' || !Number.isInteger(leadership) || leadership < 1 || leadership > 3) return { ok: false, reason: { ru: `у ${m.id} не указано лидерство (1–3)`, en: `${m.id} has no leadership (1–3)` } };
  return { ok: true, sheet: { quality, leadership, armour: isDie(armour) ? armour : 'd4' } };
}

export const catalogueType = (m: TableModel) => stalnayaVoynaCatalogue.unit_types.find((t) => t.id === m.stats.catalogue_type);

/** The weapon's catalogue stats (power die, rate of fire, emplaced), by id. */
export function weaponStats(id: string): { power: SvDie | null; rof: number | null; emplaced: boolean } {
  const w = Object.hasOwn(stalnayaVoynaCatalogue.weapons, id) ? stalnayaVoynaCatalogue.weapons[id] : undefined;
  const power = w?.stats.power;
  const rof = w?.stats.rof;
  return { power: isDie(power) ? power : null, rof: typeof rof === 'number' ? rof : null, emplaced: w?.stats.emplaced === true };
}

/**
 * Figures of the unit that fire this weapon: all figures left for the unit type's own weapon, one
 * for a weapon an option added (default: the roster does not say how many carry it).
 */
export function firingFigures(m: TableModel, w: Pick<TableWeapon, 'id'>): number {
  const type = catalogueType(m);
  if (!type || type.weapons.includes(w.id)) return Math.max(0, m.figuresLeft);
  return Math.min(1, m.figuresLeft);
}
