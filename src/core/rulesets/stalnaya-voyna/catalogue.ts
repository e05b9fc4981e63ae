import { defineCatalogue } from '../catalogue.js';

/**
 * Стальная война: the fan rules keep no army lists or points; units are squads of several
 * figures, teams and vehicles. Quality dice, rates of fire and armour dice follow the digest;
 * squad sizes and loads are defaults.
 */
export const stalnayaVoynaCatalogue = defineCatalogue({
  weapons: {
    rifle: { label: { ru: 'Винтовка', en: 'Rifle' }, range_steps: 24, stats: { rof: 1, power: 'd6' }, source: 'default' },
    smg: { label: { ru: 'Пистолет-пулемёт', en: 'SMG' }, range_steps: 12, stats: { rof: 3, power: 'd6' }, source: 'default' },
    lmg: { label: { ru: 'Ручной пулемёт', en: 'Light machine gun' }, range_steps: 30, stats: { rof: 4, power: 'd8' }, source: 'default' },
    hmg: { label: { ru: 'Станковый пулемёт', en: 'Heavy machine gun' }, range_steps: 36, stats: { rof: 6, power: 'd8', emplaced: true }, source: 'default', note: 'emplaced weapons fire twice per activation (seed)' },
    'tank-gun': { label: { ru: 'Танковая пушка', en: 'Tank gun' }, range_steps: 40, stats: { rof: 1, power: 'd12' }, source: 'default' },
  },
  limits: { points_max: null, figures_max: null, units_min: 1, units_max: null, source: 'default', note: 'the seed gives no army lists' },
  custom_stats: { leadership: { min: 1, max: 3 } },
  unit_types: [
    {
      id: 'rifle-squad',
      label: { ru: 'Стрелковое отделение', en: 'Rifle squad' },
      kind: 'infantry',
      figures: { min: 2, max: 12, default: 8 },
      armour: 4,
      stamina: 1,
      speed_steps: 6,
      base_mm: 25,
      height_mm: 28,
      stats: { quality: 'd6', leadership: 2, armour_die: 'd4' },
      weapons: ['rifle'],
      options: [
        { id: 'lmg', label: { ru: 'Ручной пулемёт', en: 'Light machine gun' }, weapons: ['lmg'], max_per_unit: 2, source: 'default' },
        { id: 'smg', label: { ru: 'Пистолет-пулемёт', en: 'SMG' }, weapons: ['smg'], max_per_unit: null, source: 'default' },
        { id: 'veteran', label: { ru: 'Ветераны (кость качества к8)', en: 'Veterans (quality d8)' }, stats: { quality: 'd8' }, max_per_unit: 1, source: 'default' },
      ],
      source: 'default',
    },
    { id: 'mg-team', label: { ru: 'Пулемётный расчёт', en: 'MG team' }, kind: 'infantry', figures: { min: 2, max: 3, default: 2 }, armour: 4, stamina: 1, speed_steps: 4, base_mm: 40, height_mm: 28, stats: { quality: 'd6', leadership: 2, armour_die: 'd4' }, weapons: ['hmg'], source: 'seed', note: 'a man-sized weapon counts as one more figure with armour d8' },
    { id: 'robot', label: { ru: 'Боевой робот', en: 'Combat robot' }, kind: 'vehicle', unit_type: 'armoured-suit', figures: { min: 1, max: 1, default: 1 }, armour: 8, stamina: 2, speed_steps: 6, base_mm: 50, height_mm: 45, stats: { quality: 'd8', leadership: 1, armour_die: 'd8' }, weapons: ['lmg'], source: 'default' },
    { id: 'tank', label: { ru: 'Танк', en: 'Tank' }, kind: 'vehicle', unit_type: 'tracked', figures: { min: 1, max: 1, default: 1 }, armour: 10, stamina: 3, speed_steps: 12, base_mm: 70, height_mm: 40, stats: { quality: 'd8', leadership: 1, armour_die: 'd12' }, weapons: ['tank-gun', 'lmg'], source: 'default' },
  ],
});
