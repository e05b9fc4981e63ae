import { CliError } from './cli-error.js';

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/**
 * `--name value`, `--name=value` and bare `--switch` (for names in `switches`). Unknown flags
 * are refused so a typo never silently falls back to a default.
 */
export function parseArgs(args: readonly string[], valued: readonly string[], switches: readonly string[] = []): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith('--') || a === '-') {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
    if (switches.includes(name)) {
      flags.set(name, true);
    } else if (valued.includes(name)) {
      const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined) throw new CliError(`--${name}: needs a value`);
      flags.set(name, value);
    } else {
      throw new CliError(`--${name}: unknown option (known: ${[...valued, ...switches].map((n) => `--${n}`).join(', ') || 'none'})`);
    }
  }
  return { positional, flags };
}

export function numberFlag(p: ParsedArgs, name: string, fallback: number, min = -Infinity, max = Infinity): number {
  const v = p.flags.get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (v === true || !Number.isFinite(n) || n < min || n > max) {
    throw new CliError(`--${name}: expected a number${min > -Infinity ? ` from ${min}` : ''}${max < Infinity ? ` to ${max}` : ''}, got "${String(v)}"`);
  }
  return n;
}

export function stringFlag(p: ParsedArgs, name: string): string | undefined {
  const v = p.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}
