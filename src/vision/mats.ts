import type { CvDeletable } from './cv-types.js';

/**
 * Mats live on the wasm heap and the GC never frees them. Every function that makes Mats
 * registers them here and frees them all on the way out, thrown or not.
 */
export function withMats<T>(body: (keep: <M extends CvDeletable>(m: M) => M) => T): T {
  const owned: CvDeletable[] = [];
  const keep = <M extends CvDeletable>(m: M): M => {
    owned.push(m);
    return m;
  };
  try {
    return body(keep);
  } finally {
    for (const m of owned.reverse()) m.delete();
  }
}
