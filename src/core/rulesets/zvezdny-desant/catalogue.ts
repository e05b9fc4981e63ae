import { defineCatalogue } from '../catalogue.js';
import raw from './ruleset.json' with { type: 'json' };

/**
 * Звездный Десант: armies are bought with points, «Стычка» at most 500 (seed). The stat sheets
 * (ЛБХ) ship with the figures and are not in the demo rules, so the unit types below are
 * defaults a club replaces with its own sheets' numbers.
 */
export const zvezdnyDesantCatalogue = defineCatalogue({
  weapons: {
    rifle: { label: { ru: 'Винтовка', en: 'Rifle' }, range_steps: 24, stats: { skr: 1, mshch: 1, hrk: 'A12 B10 C6' }, source: 'default' },
    'heavy-gun': { label: { ru: 'Тяжёлое оружие', en: 'Heavy gun' }, range_steps: 30, stats: { skr: 3, mshch: 1, hrk: 'A16 B14 C10 D4' }, points: 15, source: 'default' },
    'rocket-launcher': { label: { ru: 'Ракетомёт', en: 'Rocket launcher' }, range_steps: 30, stats: { skr: 1, mshch: 3, hrk: 'A18 B17 C15 D12 E8' }, points: 25, source: 'default' },
    claws: { label: { ru: 'Когти', en: 'Claws' }, range_steps: 0, stats: {}, source: 'default' },
  },
  limits: { points_max: raw.command.army_points_max.value, figures_max: null, units_min: 1, units_max: null, source: 'seed', note: '«Стычка»: at most 500 points' },
  custom_stats: {},
  unit_types: [
    {
      id: 'trooper-squad',
      label: { ru: 'Отделение десантников', en: 'Trooper squad' },
      kind: 'infantry',
      figures: { min: 3, max: 10, default: 5 },
      points_per_figure: 12,
      armour: 2,
      stamina: 1,
      speed_steps: 5,
      base_mm: 25,
      height_mm: 40,
      stats: { kbr: 'B', bsp: 8, ldr: 8 },
      weapons: ['rifle'],
      options: [
        { id: 'heavy-gun', label: { ru: 'Тяжёлое оружие', en: 'Heavy gun' }, weapons: ['heavy-gun'], max_per_unit: 1, source: 'default' },
        { id: 'rocket-launcher', label: { ru: 'Ракетомёт', en: 'Rocket launcher' }, weapons: ['rocket-launcher'], max_per_unit: 1, source: 'default' },
      ],
      source: 'default',
    },
    { id: 'heavy-squad', label: { ru: 'Тяжёлые пехотинцы', en: 'Heavy troopers' }, kind: 'infantry', figures: { min: 2, max: 5, default: 3 }, points_per_figure: 30, armour: 3, stamina: 2, speed_steps: 4, base_mm: 32, height_mm: 45, stats: { kbr: 'C', bsp: 10, ldr: 9 }, weapons: ['heavy-gun'], source: 'default' },
    { id: 'bug-swarm', label: { ru: 'Стая жуков', en: 'Bug swarm' }, kind: 'creature', figures: { min: 3, max: 12, default: 6 }, points_per_figure: 10, armour: 1, stamina: 2, speed_steps: 8, base_mm: 40, height_mm: 35, stats: { kbr: 'A', bsp: 9, ldr: 10 }, weapons: ['claws'], source: 'default' },
  ],
});
