import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveScenario } from '../../src/core/scenario/resolve-scenario.js';
import { formatProblem } from '../../src/core/validation/issues.js';

const CLI = 'dist/src/cli/main.js';

function cliText(text: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'resolve', '-'], { input: text, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Exit 2, nothing on stdout, exactly one stderr line; the library reports the same problem. */
function rejected(input: Record<string, unknown>): string {
  const r = cliText(JSON.stringify(input));
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  const lib = resolveScenario(input);
  expect(lib.ok).toBe(false);
  if (!lib.ok) expect(lines[0]).toBe(`resolve: ${formatProblem(lib.error)}`);
  return lines[0] as string;
}

const shot = { ruleset: 'vtorzhenie', action: 'virtual-shot', distance_cm: 44, shooter: { power: 3 }, target: { armour: 3, stamina: 1 } };

beforeAll(() => {
  if (!existsSync(CLI)) spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
});

describe('resolve refuses bad input with exit 2 and one line naming the field', () => {
  it('not JSON', () => {
    const r = cliText('{"ruleset": "vtorzhenie",');
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^resolve: stdin: not valid JSON/);
  });

  it('unknown ruleset', () => {
    expect(rejected({ ...shot, ruleset: 'warhammer' })).toMatch(/^resolve: ruleset: unknown ruleset "warhammer"/);
  });

  it('unknown action', () => {
    expect(rejected({ ...shot, action: 'teleport' })).toMatch(/^resolve: action: unknown action "teleport" for vtorzhenie/);
    expect(rejected({ ...shot, ruleset: 'bronepekhota', action: 'close-combat-all' })).toMatch(/^resolve: action: /);
  });

  it('missing field', () => {
    expect(rejected({ ...shot, target: { armour: 3 } })).toBe('resolve: target.stamina: is missing (expected an integer)');
    expect(rejected({ ruleset: 'bronepekhota', action: 'real-shot', target: { kind: 'vehicle', unit_type: 'walker' }, hit: true })).toBe('resolve: fell: is missing (expected a boolean)');
  });

  it('mistyped field', () => {
    expect(rejected({ ...shot, target: { armour: 'x', stamina: 1 } })).toBe('resolve: target.armour: expected an integer, got "x"');
    expect(rejected({ ...shot, target: { armour: 2.5, stamina: 1 } })).toMatch(/^resolve: target\.armour: /);
    expect(rejected({ ...shot, target: { armour: 3, stamina: 1, cover: 'bush' } })).toMatch(/^resolve: target\.cover: expected one of "none", "partial", "full", got "bush"/);
    expect(rejected({ ruleset: 'bronepekhota', action: 'virtual-shot', distance_cm: 8, shooters: [{ shooting: '2', range_steps: 4 }], target: { armour: 3, kind: 'infantry' } })).toBe(
      'resolve: shooters[0].shooting: expected an integer, got "2"',
    );
  });

  it('negative distance', () => {
    expect(rejected({ ...shot, distance_cm: -1 })).toMatch(/^resolve: distance_cm: must be ≥ 0, got -1/);
    expect(rejected({ ruleset: 'bronepekhota', action: 'measure', distance_cm: -0.5 })).toMatch(/^resolve: distance_cm: /);
  });

  it('a die outside its range', () => {
    expect(rejected({ ...shot, dice: [3, 7, 4, 3] })).toBe('resolve: dice[1]: a d6 shows 1 to 6, got 7');
    expect(rejected({ ...shot, dice: [0, 5, 4, 3] })).toMatch(/^resolve: dice\[0\]: /);
  });

  it('too few dice', () => {
    expect(rejected({ ...shot, dice: [6, 6, 4] })).toMatch(/^resolve: dice: too few dice: 3 given/);
    expect(rejected({ ruleset: 'vtorzhenie', action: 'close-combat', attackers: [{ cc: 1, armour: 1 }], defenders: [{ cc: 1, armour: 1 }], dice: [3, 3] })).toMatch(/^resolve: dice: too few dice/);
  });

  it('an unknown field is named, not ignored', () => {
    expect(rejected({ ...shot, shooter: { power: 3, acuracy_bonus: 1 } })).toBe('resolve: shooter.acuracy_bonus: is not a known field');
  });
});
