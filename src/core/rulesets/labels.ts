/** Text a player sees, in both languages of the app. */
export interface Text {
  ru: string;
  en: string;
}

export type Lang = keyof Text;

/**
 * A noun with its plural forms: Russian needs three (1 боец, 2 бойца, 5 бойцов), English two.
 */
export interface Noun {
  ru: { one: string; few: string; many: string };
  en: { one: string; other: string };
}

export interface SystemLabels {
  name: Text;
  /** What one acting piece is called (Вторжение: боец; Звездный Десант: подразделение). */
  unit: Noun;
  /** Figures inside a unit, where units have several. */
  figure: Noun;
  actions: Readonly<Record<string, Text>>;
  /** Output and input fields shown to players (`damage`, `next_turn`…). */
  fields: Readonly<Record<string, Text>>;
  /** Values of `next_turn` / `state` and other model states. */
  states: Readonly<Record<string, Text>>;
  phases: Readonly<Record<string, Text>>;
}

/** Russian plural form of `n`: 1, 21 → one; 2–4, 22–24 → few; the rest → many. */
export function pluralRu(n: number, forms: Noun['ru']): string {
  const abs = Math.abs(Math.trunc(n));
  const ten = abs % 10;
  const hundred = abs % 100;
  if (ten === 1 && hundred !== 11) return forms.one;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return forms.few;
  return forms.many;
}

/** `n` with the noun in the right form: `3 бойца`, `3 troopers`. */
export function countOf(n: number, noun: Noun, lang: Lang): string {
  return lang === 'ru' ? `${n} ${pluralRu(n, noun.ru)}` : `${n} ${n === 1 ? noun.en.one : noun.en.other}`;
}

/** A label from a table, or the raw key when the system does not name it. */
export function labelOf(table: Readonly<Record<string, Text>>, key: string, lang: Lang): string {
  return Object.hasOwn(table, key) ? (table[key] as Text)[lang] : key;
}

/** States every system shares (the engine's `next_turn` values). */
export const COMMON_STATES: Readonly<Record<string, Text>> = {
  normal: { ru: 'действует как обычно', en: 'acts normally' },
  'no-move': { ru: 'не может двигаться, только стрелять', en: 'cannot move, may only shoot' },
  skip: { ru: 'пропускает ход', en: 'skips the turn' },
  'stands-shoots': { ru: 'стоит, но стреляет', en: 'stands, but shoots' },
  'shoots-every-other-turn': { ru: 'стреляет через ход', en: 'shoots every other turn' },
  destroyed: { ru: 'уничтожен', en: 'destroyed' },
};

/** Fields every system's outputs share. */
export const COMMON_FIELDS: Readonly<Record<string, Text>> = {
  damage: { ru: 'повреждения', en: 'damage' },
  destroyed: { ru: 'уничтожен', en: 'destroyed' },
  fallen: { ru: 'упал', en: 'fallen' },
  next_turn: { ru: 'следующий ход', en: 'next turn' },
  state: { ru: 'состояние', en: 'state' },
  markers: { ru: 'маркеры ранений', en: 'wound markers' },
  figures_left: { ru: 'осталось фигурок', en: 'figures left' },
  suppression: { ru: 'подавление', en: 'suppression' },
};
