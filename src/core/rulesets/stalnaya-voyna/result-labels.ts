/**
 * What a player reads for the codes the issue 10 actions return (reasons, outcomes, states), in
 * Russian and English. Codes stay stable ids in the contract; the app shows these words.
 */
export interface Label {
  ru: string;
  en: string;
}

export const SV_LABELS: Readonly<Record<string, Label>> = {
  // weapon-check, transport
  'fired-enough-this-activation': { ru: 'это оружие уже стреляло в эту активацию', en: 'this weapon has already fired this activation' },
  'out-of-ammunition': { ru: 'боезапас израсходован', en: 'out of ammunition' },
  'farthest-trooper-too-far': { ru: 'самый дальний боец дальше 6 дюймов от машины', en: 'the farthest trooper is more than 6" from the vehicle' },
  'not-enough-capacity': { ru: 'не хватает грузоподъёмности', en: 'not enough room aboard' },
  // casualty outcomes
  unharmed: { ru: 'невредим', en: 'unharmed' },
  wounded: { ru: 'ранен', en: 'wounded' },
  killed: { ru: 'убит', en: 'killed' },
  immobilised: { ru: 'робот обездвижен, но стреляет', en: 'robot immobilised, still shoots' },
  destroyed: { ru: 'уничтожен', en: 'destroyed' },
  'suit-lost': { ru: 'потерял бронескаф', en: 'armoured suit lost' },
  'horse-lost': { ru: 'потерял лошадь', en: 'horse lost' },
  // morale states
  steady: { ru: 'стойкие', en: 'steady' },
  shaken: { ru: 'потрясены', en: 'shaken' },
  broken: { ru: 'разбиты', en: 'broken' },
  fleeing: { ru: 'бегут', en: 'fleeing' },
  // fire
  'no-effect': { ru: 'огонь безрезультатен', en: 'no effect' },
  suppressed: { ru: 'подавлены', en: 'suppressed' },
  casualties: { ru: 'подавлены и несут потери', en: 'suppressed, with casualties' },
  attacker: { ru: 'атакующий', en: 'attacker' },
  defender: { ru: 'атакованный', en: 'defender' },
};
