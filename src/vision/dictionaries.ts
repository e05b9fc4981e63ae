import type { OpenCv } from './cv-types.js';

/** Dictionary names a profile may use, mapped to opencv.js constants. */
export const DICTIONARY_NAMES = ['DICT_4X4_50', 'DICT_4X4_100', 'DICT_5X5_50', 'DICT_5X5_100', 'DICT_6X6_50'] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];

export function isDictionaryName(s: string): s is DictionaryName {
  return (DICTIONARY_NAMES as readonly string[]).includes(s);
}

/** How many markers a dictionary holds: the number after the last underscore. */
export function dictionarySize(name: DictionaryName): number {
  return Number(name.slice(name.lastIndexOf('_') + 1));
}

export function dictionaryConstant(cv: OpenCv, name: DictionaryName): number {
  return cv[name];
}
