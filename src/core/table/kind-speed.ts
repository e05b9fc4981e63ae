import type { KindRules } from './table-rules.js';

/** Follows a dotted path through ruleset data, looking inside `{value, source}` wrappers on the way. */
function follow(data: unknown, path: string): unknown {
  let here: unknown = data;
  for (const key of path.split('.')) {
    if (typeof here !== 'object' || here === null) return undefined;
    let record = here as Record<string, unknown>;
    if (!Object.hasOwn(record, key) && Object.hasOwn(record, 'value') && typeof record.value === 'object' && record.value !== null) {
      record = record.value as Record<string, unknown>;
    }
    here = Object.hasOwn(record, key) ? record[key] : undefined;
  }
  if (typeof here === 'object' && here !== null && Object.hasOwn(here, 'value')) here = (here as { value: unknown }).value;
  return here;
}

/**
 * A kind's speed in steps: the system's ruleset data where it holds one (the engine's files are
 * the single home of a number they carry), else the table rules' own default.
 */
export function kindSpeedSteps(kind: KindRules, systemData: unknown): number {
  if (kind.speed_from !== undefined) {
    const found = follow(systemData, kind.speed_from);
    if (typeof found === 'number' && Number.isFinite(found) && found >= 0) return found;
  }
  return kind.speed_steps;
}
