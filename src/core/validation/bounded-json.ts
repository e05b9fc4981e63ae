/**
 * JSON from outside, within bounds: text longer than `maxChars` or nested deeper than
 * `maxDepth` is refused before it is parsed, so neither JSON.parse nor a schema walking the
 * value can run out of memory or stack on a hostile file.
 */
export interface JsonBounds {
  maxChars: number;
  maxDepth: number;
}

/** Enough for any scenario, scene, roster or journal record a club writes by hand or exports. */
export const DEFAULT_JSON_BOUNDS: JsonBounds = { maxChars: 8 * 1024 * 1024, maxDepth: 64 };

export type BoundedJson = { ok: true; value: unknown } | { ok: false; problem: string };

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings ignored). */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

export function parseBoundedJson(text: string, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): BoundedJson {
  if (text.length > bounds.maxChars) {
    return { ok: false, problem: `too large (${text.length} characters; at most ${bounds.maxChars})` };
  }
  if (jsonDepth(text, bounds.maxDepth) > bounds.maxDepth) {
    return { ok: false, problem: `nested deeper than ${bounds.maxDepth} levels of arrays and objects` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, problem: `not valid JSON (${(e as Error).message})` };
  }
}
