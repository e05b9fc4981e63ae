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

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema an issue's path points at (zod 4 reports a string given to z.int() as "expected number"). */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  let i = 0;
  while (current) {
    const def = current._zod.def as unknown as Record<string, unknown>;
    const type = def.type as string;
    if (WRAPPERS.has(type)) current = def.innerType as z.ZodType;
    else if (type === 'pipe') current = def.in as z.ZodType;
    else if (i === path.length) return current;
    else if (type === 'object') current = (def.shape as Record<PropertyKey, z.ZodType | undefined>)[path[i++] as PropertyKey];
    else if (type === 'array' || type === 'record') {
      current = (type === 'array' ? def.element : def.valueType) as z.ZodType;
      i++;
    } else return undefined;
  }
  return undefined;
}

function expectedName(issue: z.core.$ZodIssueInvalidType, schema: z.ZodType): string {
  if (issue.expected !== 'number') return issue.expected;
  const at = schemaAt(schema, issue.path);
  return at instanceof z.ZodNumber && at.isInt ? 'int' : issue.expected;
}

function describe(issue: z.core.$ZodIssue & { input?: unknown }, schema: z.ZodType): FieldProblem {
  const field = fieldPath(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = expectedName(issue, schema);
      if (issue.input === undefined) return { field, problem: `is missing (expected ${article(expected)})` };
      return { field, problem: `expected ${article(expected)}, got ${show(issue.input)}` };
    }
    case 'invalid_value':
      return { field, problem: `expected one of ${issue.values.map((v) => show(v)).join(', ')}, got ${show(issue.input)}` };
    case 'too_small':
      return { field, problem: `must be ${issue.inclusive ? '≥' : '>'} ${String(issue.minimum)}${issue.origin === 'array' ? ' items' : ''}, got ${show(issue.input)}` };
    case 'too_big':
      if (issue.origin === 'array' && Array.isArray(issue.input)) return { field, problem: `at most ${String(issue.maximum)} items, got ${issue.input.length}` };
      if (issue.origin === 'string' && typeof issue.input === 'string') return { field, problem: `at most ${String(issue.maximum)} characters, got ${issue.input.length}` };
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
  return { ok: false, error: describe(first, schema) };
}

export function formatProblem(p: FieldProblem): string {
  return `${p.field}: ${p.problem}`;
}
