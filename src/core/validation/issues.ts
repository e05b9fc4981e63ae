import { z } from 'zod';

/** One problem with outside data, named by where it is: `target.armour`, `dice[2]`. */
export interface FieldProblem {
  field: string;
  problem: string;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out === '' ? '(input)' : out;
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const s = JSON.stringify(value);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

const article = (type: string): string =>
  type === 'int' ? 'an integer' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;

function describe(issue: z.core.$ZodIssue & { input?: unknown }): FieldProblem {
  const field = fieldPath(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { field, problem: `is missing (expected ${article(issue.expected)})` };
      return { field, problem: `expected ${article(issue.expected)}, got ${show(issue.input)}` };
    case 'invalid_value':
      return { field, problem: `expected one of ${issue.values.map((v) => show(v)).join(', ')}, got ${show(issue.input)}` };
    case 'too_small':
      return { field, problem: `must be ${issue.inclusive ? '≥' : '>'} ${String(issue.minimum)}${issue.origin === 'array' ? ' items' : ''}, got ${show(issue.input)}` };
    case 'too_big':
      return { field, problem: `must be ${issue.inclusive ? '≤' : '<'} ${String(issue.maximum)}${issue.origin === 'array' ? ' items' : ''}, got ${show(issue.input)}` };
    case 'unrecognized_keys':
      return { field: fieldPath([...issue.path, issue.keys[0] ?? '?']), problem: 'is not a known field' };
    case 'invalid_union':
      return { field, problem: `does not match any allowed form, got ${show(issue.input)}` };
    default:
      return { field, problem: issue.message };
  }
}

/** Validates outside data; the first problem comes back as one line's worth of text. */
export function check<T>(schema: z.ZodType<T>, data: unknown): { ok: true; value: T } | { ok: false; error: FieldProblem } {
  const r = schema.safeParse(data, { reportInput: true });
  if (r.success) return { ok: true, value: r.data };
  const first = r.error.issues[0];
  if (!first) return { ok: false, error: { field: '(input)', problem: 'is invalid' } };
  return { ok: false, error: describe(first) };
}

export function formatProblem(p: FieldProblem): string {
  return `${p.field}: ${p.problem}`;
}
