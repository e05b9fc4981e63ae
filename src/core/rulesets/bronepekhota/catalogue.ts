import { defineCatalogue, type CatalogueInput } from '../catalogue.js';
import raw from './ruleset.json' with { type: 'json' };

/**
 * Бронепехота: a unit is 1 trooper, a squad of 2 or more troopers of one army list, 1 vehicle,
 * 1 gun with its operator, or 1 cyborg (seed). No points: the seed has none. Damage tracks are
 * the data's `unit_types`; the squad's size limit beyond 2 is a default.
 */
const d = raw;

/** The weapon classes' names in English (the data has the seed's Russian ones: «Снайперское» оружие…). */
const WEAPON_EN: Record<keyof typeof d.weapons, string> = {
  pistol: 'Pistol',
  smg: 'SMG',
  'assault-rifle': 'Assault rifle',
  sniper: 'Sniper weapon',
  beam: 'Beam weapon',
  'grenade-launcher': 'Grenade launcher',
  'machine-gun': 'Machine gun',
  flamethrower: 'Flamethrower',
  rocket: 'Rocket weapon',
};

const weapons: CatalogueInput['weapons'] = Object.fromEntries(
  (Object.entries(d.weapons) as [keyof typeof d.weapons, (typeof d.weapons)[keyof typeof d.weapons]][]).map(([id, w]) => [id, { label: { ru: w.label_ru, en: WEAPON_EN[id] }, range_steps: w.range_steps.value, stats: { shooting: w.shooting.value, class: w.class.value }, source: 'default' as const, note: 'table 2 lost its numbers' }]),
);

const one = { min: 1, max: 1, default: 1 };
const track = (id: keyof typeof d.unit_types): number => d.unit_types[id].max_damage.value;
const steps = d.maneuver_steps;

export const bronepekhotaCatalogue = defineCatalogue({
  weapons,
  limits: { points_max: null, figures_max: null, units_min: 1, units_max: null, source: 'default', note: 'the seed gives no points or army size' },
  custom_stats: { armour: { min: 0, max: 10 }, speed_steps: { min: 0, max: 10 } },
  unit_types: [
    { id: 'trooper', label: { ru: 'Пехотинец', en: 'Trooper' }, kind: 'infantry', unit_type: 'infantry', figures: one, armour: 3, stamina: track('infantry'), speed_steps: steps.infantry_by_armour.value[0]?.steps ?? 4, base_mm: 25, height_mm: 40, weapons: ['assault-rifle'], options: [{ id: 'sniper', label: { ru: 'Снайперское оружие', en: 'Sniper weapon' }, weapons: ['sniper'], max_per_unit: 1, source: 'default' }], source: 'default' },
    {
      id: 'squad',
      label: { ru: 'Отделение', en: 'Squad' },
      kind: 'infantry',
      unit_type: 'infantry',
      figures: { min: 2, max: 10, default: 4 },
      armour: 3,
      stamina: track('infantry'),
      speed_steps: steps.infantry_by_armour.value[0]?.steps ?? 4,
      base_mm: 25,
      height_mm: 40,
      weapons: ['assault-rifle'],
      options: [
        { id: 'machine-gun', label: { ru: 'Пулемёт', en: 'Machine gun' }, weapons: ['machine-gun'], max_per_unit: 1, source: 'default' },
        { id: 'grenade-launcher', label: { ru: 'Гранатомёт', en: 'Grenade launcher' }, weapons: ['grenade-launcher'], max_per_unit: 1, source: 'default' },
      ],
      source: 'seed',
      note: 'a squad is 2 or more troopers of one army list; at most 10 is a default',
    },
    { id: 'walker', label: { ru: 'Шагоход с пилотом', en: 'Walker with pilot' }, kind: 'vehicle', unit_type: 'walker', figures: one, armour: 6, stamina: track('walker'), speed_steps: steps.walking.value, base_mm: 60, height_mm: 80, weapons: ['machine-gun'], sensors: ['hit', 'tilt', 'launcher'], source: 'default' },
    { id: 'mini-walker', label: { ru: 'Мини-бронеход с бойцом', en: 'Mini walker' }, kind: 'vehicle', unit_type: 'mini-walker', figures: one, armour: 5, stamina: track('mini-walker'), speed_steps: steps.walking.value, base_mm: 50, height_mm: 60, weapons: ['machine-gun'], sensors: ['hit', 'tilt', 'launcher'], source: 'default' },
    { id: 'mobile-gun', label: { ru: 'Мобильное орудие с бойцом', en: 'Mobile gun' }, kind: 'gun', unit_type: 'mobile-gun', figures: one, armour: 5, stamina: track('mobile-gun'), speed_steps: steps.gun.value, base_mm: 50, height_mm: 35, weapons: ['rocket'], sensors: ['hit', 'tilt', 'launcher'], source: 'default' },
    { id: 'cyborg', label: { ru: 'Киборг', en: 'Cyborg' }, kind: 'cyborg', unit_type: 'cyborg', figures: one, armour: 5, stamina: track('cyborg'), speed_steps: steps.cyborg.value, base_mm: 40, height_mm: 60, weapons: ['beam'], sensors: ['hit', 'tilt', 'launcher'], source: 'default' },
    { id: 'hunter', label: { ru: 'Хантер (колёсная техника)', en: 'Hunter (wheeled)' }, kind: 'vehicle', unit_type: 'wheeled', figures: one, armour: 6, stamina: track('wheeled'), speed_steps: steps.wheeled.value, base_mm: 70, height_mm: 50, weapons: ['machine-gun'], sensors: ['hit', 'tilt', 'launcher'], source: 'default' },
  ],
});
