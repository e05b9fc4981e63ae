import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { resolveScenario } from '../../src/core/scenario/resolve-scenario.js';
import { formatProblem } from '../../src/core/validation/issues.js';

/**
 * `shagomer resolve` run as a user runs it (the compiled command, the scenario on stdin), beside
 * the library it wraps: the rules tests check that both give the same answer.
 */
const CLI = 'dist/src/cli/main.js';

/** Compiles the command once when a test file runs alone, before `npm run build`. */
export function compiledOnce(): void {
  if (!existsSync(CLI)) spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}

export function resolveCli(input: unknown, extraArgs: string[] = []): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'resolve', '-', ...extraArgs], { input: JSON.stringify(input), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Through the library and through the compiled command: both must agree, exit 0, nothing on stderr. */
export function both(input: Record<string, unknown>): Record<string, unknown> {
  const lib = resolveScenario(input);
  if (!lib.ok) throw new Error(`${lib.error.field}: ${lib.error.problem}`);
  const r = resolveCli(input);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(out).toEqual(lib.output);
  return out;
}

/**
 * Bad input: exit 2, nothing on stdout, one stderr line naming `field` (when given); without
 * extra flags the line is the library's own problem, word for word. Returns the line.
 */
export function refused(input: Record<string, unknown>, field?: string, extraArgs: string[] = []): string {
  const r = resolveCli(input, extraArgs);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  const line = lines[0] as string;
  if (field !== undefined) expect(line).toMatch(new RegExp(`^resolve: .*${field.replace(/[[\].]/g, '\\$&')}: `));
  if (extraArgs.length === 0) {
    const lib = resolveScenario(input);
    expect(lib.ok).toBe(false);
    if (!lib.ok) {
      if (field !== undefined) expect(lib.error.field).toBe(field);
      expect(line).toBe(`resolve: ${formatProblem(lib.error)}`);
    }
  }
  return line;
}
