import { COMMON_FIELDS, COMMON_STATES, type SystemLabels } from '../labels.js';

export const bronepekhotaLabels: SystemLabels = {
  name: { ru: 'Бронепехота (упрощённые правила)', en: 'Bronepekhota (simplified)' },
  unit: { ru: { one: 'отряд', few: 'отряда', many: 'отрядов' }, en: { one: 'unit', other: 'units' } },
  figure: { ru: { one: 'боец', few: 'бойца', many: 'бойцов' }, en: { one: 'trooper', other: 'troopers' } },
  actions: {
    'grenade-throw': { ru: 'бросок гранаты', en: 'grenade throw' },
    volley: { ru: 'залп отряда', en: 'squad volley' },
    allowance: { ru: 'что можно в этот ход', en: 'allowance this turn' },
    'first-player': { ru: 'жребий первого хода', en: 'first player roll' },
    measure: { ru: 'замер', en: 'measure' },
    'virtual-shot': { ru: 'виртуальная атака', en: 'virtual attack' },
    'real-shot': { ru: 'выстрел пускателем', en: 'launcher shot' },
    'close-combat': { ru: 'ближний бой', en: 'close combat' },
  },
  fields: { ...COMMON_FIELDS, hit: { ru: 'попадание', en: 'hit' }, effect: { ru: 'итог', en: 'effect' }, critical: { ru: 'критическое повреждение', en: 'critical damage' } },
  states: COMMON_STATES,
  phases: { maneuver: { ru: 'манёвр', en: 'manoeuvre' }, attack: { ru: 'атака', en: 'attack' }, 'close-combat': { ru: 'ближний бой', en: 'close combat' } },
};
