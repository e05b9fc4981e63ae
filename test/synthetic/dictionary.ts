import dictionaryJson from './dict-4x4-50.json' with { type: 'json' };

/** DICT_4X4_50 bits as OpenCV's generateImageMarker draws them (see generate-dictionary.mjs). */
interface DictionaryFile {
  dictionary: string;
  bits: number;
  markers: string[];
}

// A JSON import (not a file read) so tsc copies the table next to the compiled bench.
const file: DictionaryFile = dictionaryJson;

export const MARKER_BITS = file.bits;

/**
 * The marker as (bits + 2)² cells, row-major from its top-left, 1 = white, with OpenCV's
 * one-cell black border.
 */
export function markerCells(id: number): Uint8Array {
  const row = file.markers[id];
  if (row === undefined) throw new Error(`DICT_4X4_50 has no marker ${id}`);
  const n = file.bits + 2;
  const cells = new Uint8Array(n * n);
  for (let y = 0; y < file.bits; y++) for (let x = 0; x < file.bits; x++) cells[(y + 1) * n + x + 1] = row[y * file.bits + x] === '1' ? 1 : 0;
  return cells;
}
