/**
 * What a player reads for the codes the issue 10 actions return (orders, conducts, reasons,
 * melee results), in Russian and English. Codes stay stable ids in the contract.
 */
export interface Label {
  ru: string;
  en: string;
}

export const ZD_LABELS: Readonly<Record<string, Label>> = {
  move: { ru: '«Движение»', en: 'Move' },
  defence: { ru: '«Оборона»', en: 'Defence' },
  attack: { ru: '«Атака»', en: 'Attack' },
  stay: { ru: 'оставаться на месте', en: 'stay' },
  'stay-shoot': { ru: 'оставаться на месте и стрелять', en: 'stay and shoot' },
  'shoot-then-move': { ru: 'стрелять, потом двигаться', en: 'shoot, then move' },
  'move-then-shoot': { ru: 'двигаться, потом стрелять', en: 'move, then shoot' },
  charge: { ru: 'нападение', en: 'charge' },
  'shoot-then-charge': { ru: 'стрелять, потом нападение', en: 'shoot, then charge' },
  'in-melee': { ru: 'подразделение в ближнем бою', en: 'the unit is in melee' },
  'not-in-order': { ru: 'приказ этого не позволяет', en: 'the order does not allow it' },
  won: { ru: 'победа в ближнем бою', en: 'won the melee' },
  lost: { ru: 'поражение в ближнем бою', en: 'lost the melee' },
  draw: { ru: 'ближний бой продолжается', en: 'the melee goes on' },
  destroyed: { ru: 'уничтожено', en: 'destroyed' },
};
