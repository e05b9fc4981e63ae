import type { CatalogueUnitType, CatalogueWeapon } from '../../core/rulesets/catalogue.js';
import { allSystems } from '../../core/rulesets/registry.js';
import { ModelKind, type WeaponSpec } from '../api/game-events.js';
import type { Catalog, Preset } from '../api/view.js';

/**
 * Model types a club starts its armies from: each registered system's roster catalogue,
 * turned into the setup's presets (editable like any other model).
 */

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const QUALITY = new Set(['d4', 'd6', 'd8', 'd10', 'd12']);

function weaponSpec(id: string, w: CatalogueWeapon | undefined): WeaponSpec {
  if (!w) return { id, label: id, rangeSteps: 0 };
  const quality = w.stats.quality;
  const spec: WeaponSpec = { id, label: w.label.ru, rangeSteps: w.range_steps };
  const power = num(w.stats.power);
  const accuracyBonus = num(w.stats.accuracy_bonus);
  const shooting = num(w.stats.shooting);
  const rof = num(w.stats.rof);
  if (power !== undefined) spec.power = power;
  if (accuracyBonus !== undefined) spec.accuracyBonus = accuracyBonus;
  if (shooting !== undefined) spec.shooting = shooting;
  if (rof !== undefined) spec.rof = rof;
  if (typeof quality === 'string' && QUALITY.has(quality)) spec.quality = quality as NonNullable<WeaponSpec['quality']>;
  return spec;
}

/** A unit's weapons as the setup's specs (at most 8); a unit's quality die is fired through every weapon it carries. */
export function unitWeapons(ids: readonly string[], weapons: Readonly<Record<string, CatalogueWeapon>>, quality: unknown): WeaponSpec[] {
  return ids.slice(0, 8).map((id) => {
    const spec = weaponSpec(id, Object.hasOwn(weapons, id) ? weapons[id] : undefined);
    return typeof quality === 'string' && QUALITY.has(quality) && spec.quality === undefined ? { ...spec, quality: quality as NonNullable<WeaponSpec['quality']> } : spec;
  });
}

function preset(u: CatalogueUnitType, weapons: Readonly<Record<string, CatalogueWeapon>>, quality: unknown): Preset | null {
  const kind = ModelKind.safeParse(u.kind);
  if (!kind.success) return null;
  return {
    presetId: u.id,
    label: u.label,
    model: {
      kind: kind.data,
      ...(u.unit_type !== undefined ? { unitType: u.unit_type } : {}),
      armour: u.armour,
      stamina: u.stamina,
      speedSteps: u.speed_steps,
      baseMm: u.base_mm,
      heightMm: u.height_mm,
      weapons: unitWeapons(u.weapons, weapons, quality),
      stats: { ...u.stats, catalogue_type: u.id },
    },
    sensors: u.sensors,
  };
}

export function catalog(): Catalog {
  return allSystems().map((s) => ({
    ruleset: s.id,
    name: s.labels.name,
    realShots: s.realShots !== null,
    presets: s.catalogue.unit_types.map((u) => preset(u, s.catalogue.weapons, u.stats.quality)).filter((p): p is Preset => p !== null),
  }));
}
