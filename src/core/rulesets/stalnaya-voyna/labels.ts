import { COMMON_FIELDS, COMMON_STATES, type SystemLabels } from '../labels.js';
import { SV_LABELS } from './result-labels.js';

export const stalnayaVoynaLabels: SystemLabels = {
  name: { ru: 'Стальная война', en: 'Stalnaya Voyna (Steel War)' },
  unit: { ru: { one: 'отделение', few: 'отделения', many: 'отделений' }, en: { one: 'unit', other: 'units' } },
  figure: { ru: { one: 'боец', few: 'бойца', many: 'бойцов' }, en: { one: 'figure', other: 'figures' } },
  actions: {
    measure: { ru: 'замер', en: 'measure' },
    fire: { ru: 'огонь', en: 'fire' },
    wound: { ru: 'проверка ранения', en: 'wound roll' },
    'melee-casualty': { ru: 'потеря в ближнем бою', en: 'melee casualty' },
    reorganise: { ru: 'реорганизация', en: 'reorganisation' },
    'commander-lost': { ru: 'потеря командира', en: 'commander lost' },
    unsuppress: { ru: 'расподавление', en: 'unsuppress' },
    'charge-test': { ru: 'тест на атаку', en: 'charge test' },
    'charge-reach': { ru: 'добежали ли до врага', en: 'charge reach' },
    'paired-melee': { ru: 'рукопашный бой', en: 'close combat' },
    morale: { ru: 'тест на боевой дух', en: 'morale test' },
    'lie-down': { ru: 'залечь', en: 'go prone' },
    'stand-up': { ru: 'выйти из залегания', en: 'stand up' },
    casualty: { ru: 'ранен или убит', en: 'casualty' },
    'backpack-explosion': { ru: 'взрыв ранцевого огнемёта', en: 'backpack flamethrower explodes' },
    'weapon-check': { ru: 'может ли оружие стрелять', en: 'may the weapon fire' },
    'guided-missile': { ru: 'управляемая ракета', en: 'guided missile' },
    transport: { ru: 'погрузка и выгрузка', en: 'loading and unloading' },
  },
  fields: {
    ...COMMON_FIELDS,
    result: { ru: 'итог', en: 'result' },
    casualties: { ru: 'потери', en: 'casualties' },
    allowed: { ru: 'огонь возможен', en: 'may fire' },
    zone: { ru: 'зона дальности', en: 'range zone' },
    range_die: { ru: 'кость дальности', en: 'range die' },
    firepower_die: { ru: 'кость огневой мощи', en: 'firepower die' },
  },
  // The codes the actions return (reasons, outcomes, states) read as words too.
  states: { ...COMMON_STATES, ...SV_LABELS, suppressed: { ru: 'подавлено', en: 'suppressed' }, casualties: { ru: 'подавлено, есть потери', en: 'suppressed with casualties' }, 'no-effect': { ru: 'без эффекта', en: 'no effect' }, wounded: { ru: 'ранен', en: 'wounded' }, unharmed: { ru: 'невредим', en: 'unharmed' }, killed: { ru: 'убит', en: 'killed' } },
  phases: { move: { ru: 'движение', en: 'move' }, fire: { ru: 'огонь', en: 'fire' }, melee: { ru: 'ближний бой', en: 'close combat' } },
};
