import { COMMON_FIELDS, COMMON_STATES, type SystemLabels } from '../labels.js';
import { ZD_LABELS } from './result-labels.js';

export const zvezdnyDesantLabels: SystemLabels = {
  name: { ru: 'Звездный Десант (демо)', en: 'Zvezdny Desant (demo)' },
  unit: { ru: { one: 'подразделение', few: 'подразделения', many: 'подразделений' }, en: { one: 'unit', other: 'units' } },
  figure: { ru: { one: 'фигурка', few: 'фигурки', many: 'фигурок' }, en: { one: 'figure', other: 'figures' } },
  actions: {
    measure: { ru: 'замер', en: 'measure' },
    'to-hit': { ru: 'тест на попадание', en: 'to-hit test' },
    shoot: { ru: 'стрельба', en: 'shooting' },
    'wound-test': { ru: 'тест на ранение', en: 'wound test' },
    'activation-order': { ru: 'порядок исполнения', en: 'execution order' },
    melee: { ru: 'ближний бой', en: 'melee' },
    orders: { ru: 'приказы и инициатива', en: 'orders and initiative' },
    'order-check': { ru: 'что позволяет приказ', en: 'what the order allows' },
    charge: { ru: 'нападение', en: 'charge' },
    consolidate: { ru: 'сближение', en: 'consolidation' },
    'multi-melee': { ru: 'многосторонний ближний бой', en: 'melee of several units' },
    'panic-test': { ru: 'тест на панику', en: 'panic test' },
  },
  fields: { ...COMMON_FIELDS, hits: { ru: 'попадания', en: 'hits' }, wounds: { ru: 'ранения', en: 'wounds' }, killed: { ru: 'убито', en: 'killed' }, models_left: { ru: 'осталось фигурок', en: 'figures left' } },
  // The codes the actions return (orders, reasons, results) read as words too.
  states: { ...COMMON_STATES, ...ZD_LABELS },
  phases: { move: { ru: 'движение', en: 'move' }, shoot: { ru: 'стрельба', en: 'shooting' }, charge: { ru: 'нападение', en: 'charge' }, melee: { ru: 'ближний бой', en: 'melee' } },
};
