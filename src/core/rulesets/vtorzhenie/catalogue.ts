import { defineCatalogue, type CatalogueInput } from '../catalogue.js';
import raw from './ruleset.json' with { type: 'json' };

/**
 * Вторжение «Новобранец»: the seed has no points and no army lists, so every unit type is one
 * model with the seed's stamina, armour and speed and a default weapon load; the army size is
 * the players' agreement (default: no limit beyond one model).
 */
const d = raw;

/** The weapons' names in English (the data has the seed's Russian ones). */
const WEAPON_EN: Record<keyof typeof d.weapons, string> = {
  pistol: 'Pistol',
  smg: 'SMG',
  'assault-rifle': 'Assault rifle',
  'sniper-rifle': 'Sniper rifle',
  'machine-gun': 'Machine gun',
  'grenade-launcher': 'Grenade launcher / ATGM',
  'tank-gun': 'Tank gun / launcher (virtual)',
};

const weapons: CatalogueInput['weapons'] = Object.fromEntries(
  (Object.entries(d.weapons) as [keyof typeof d.weapons, (typeof d.weapons)[keyof typeof d.weapons]][]).map(([id, w]) => [
    id,
    { label: { ru: w.label_ru, en: WEAPON_EN[id] }, range_steps: w.range_steps.value, stats: { power: w.power.value, accuracy_bonus: w.accuracy_bonus.value, shots: w.shots.value }, source: w.range_steps.source === 'seed' ? 'seed' : 'default' },
  ]),
);

const one = { min: 1, max: 1, default: 1 };

export const vtorzhenieCatalogue = defineCatalogue({
  weapons,
  limits: { points_max: null, figures_max: null, units_min: 1, units_max: null, source: 'default', note: 'the seed gives no points: the players agree on the armies' },
  custom_stats: { armour: { min: 0, max: 10 }, stamina: { min: 1, max: 5 }, speed_steps: { min: 0, max: 12 } },
  unit_types: [
    { id: 'trooper', label: { ru: 'Пехотинец (автомат)', en: 'Trooper (assault rifle)' }, kind: 'infantry', figures: one, armour: d.armour.vest.value, stamina: d.stamina.infantry.value, speed_steps: d.speed_steps.infantry_light.value, base_mm: 25, height_mm: 40, weapons: ['assault-rifle'], options: [{ id: 'smg', label: { ru: 'Пистолет-пулемёт вместо автомата', en: 'SMG instead of the rifle' }, weapons: ['smg'], max_per_unit: 1, source: 'default' }, { id: 'grenade-launcher', label: { ru: 'Гранатомёт', en: 'Grenade launcher' }, weapons: ['grenade-launcher'], max_per_unit: 1, source: 'default' }], source: 'default' },
    { id: 'sniper', label: { ru: 'Снайпер', en: 'Sniper' }, kind: 'infantry', figures: one, armour: d.armour.vest.value, stamina: d.stamina.infantry.value, speed_steps: d.speed_steps.infantry_light.value, base_mm: 25, height_mm: 40, weapons: ['sniper-rifle', 'pistol'], source: 'default' },
    { id: 'cyber-trooper', label: { ru: 'Кибер-пехотинец', en: 'Cyber trooper' }, kind: 'infantry', figures: one, armour: d.armour.armour_suit.value, stamina: d.stamina.infantry.value, speed_steps: d.speed_steps.infantry_light.value, base_mm: 25, height_mm: 42, weapons: ['assault-rifle'], source: 'seed', note: 'armour 3 as in the seed examples' },
    { id: 'necrocyborg', label: { ru: 'Некрокиборг', en: 'Necrocyborg' }, kind: 'cyborg', figures: one, armour: d.armour.cyborg.value, stamina: d.stamina.cyborg.value, speed_steps: d.speed_steps.cyborg.value, base_mm: 40, height_mm: 60, weapons: ['machine-gun'], sensors: ['hit', 'tilt'], source: 'seed' },
    { id: 'tank', label: { ru: 'Танк', en: 'Tank' }, kind: 'vehicle', figures: one, armour: d.armour.vehicle_front.value, stamina: d.stamina.vehicle.value, speed_steps: d.speed_steps.vehicle.value, base_mm: 80, height_mm: 60, weapons: ['tank-gun', 'machine-gun'], sensors: ['hit', 'tilt', 'launcher'], source: 'seed' },
    { id: 'gun', label: { ru: 'Орудие', en: 'Gun' }, kind: 'gun', figures: one, armour: d.armour.vehicle_side.value, stamina: d.stamina.vehicle.value, speed_steps: d.speed_steps.infantry_heavy.value, base_mm: 50, height_mm: 35, weapons: ['tank-gun'], sensors: ['hit', 'tilt', 'launcher'], source: 'default', note: 'moved by its crew at their speed' },
  ],
});
