import { COMMON_FIELDS, COMMON_STATES, type SystemLabels } from '../labels.js';

export const vtorzhenieLabels: SystemLabels = {
  name: { ru: 'Вторжение «Новобранец»', en: 'Vtorzhenie (Recruit level)' },
  unit: { ru: { one: 'боец', few: 'бойца', many: 'бойцов' }, en: { one: 'model', other: 'models' } },
  figure: { ru: { one: 'фигурка', few: 'фигурки', many: 'фигурок' }, en: { one: 'figure', other: 'figures' } },
  actions: {
    measure: { ru: 'замер', en: 'measure' },
    'virtual-shot': { ru: 'виртуальный выстрел', en: 'virtual shot' },
    'real-shot': { ru: 'выстрел пускателем', en: 'launcher shot' },
    'close-combat': { ru: 'ближний бой', en: 'close combat' },
  },
  fields: { ...COMMON_FIELDS, hit: { ru: 'попадание', en: 'hit' }, penetrated: { ru: 'пробитие', en: 'penetrated' } },
  states: COMMON_STATES,
  phases: { maneuver: { ru: 'манёвр', en: 'manoeuvre' }, fire: { ru: 'стрельба', en: 'fire' } },
};
