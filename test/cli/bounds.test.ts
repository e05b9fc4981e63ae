/**
 * Issue 13 item 5–6 and issue 11 item 4: every input the CLI takes is bounded, refused with
 * exit 2 and one line naming the file, field or option; every subcommand explains itself.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SeededDice } from '../../src/core/dice/seeded-dice.js';
import { DiceError, MAX_POOL_DICE } from '../../src/core/dice/dice.js';
import { seedRng } from '../../src/core/random/rng.js';
import { distribution, EXACT_LIMITS } from '../../src/core/odds/enumerate.js';
import { SCENE_LIMITS } from '../../src/core/table/scene.js';
import { randomScene } from '../../src/core/table/random-scene.js';
import { jsonDepth, parseBoundedJson } from '../../src/core/validation/bounded-json.js';
import { MAX_INPUT_BYTES } from '../../src/cli/read-input.js';

const CLI = 'dist/src/cli/main.js';
const FIXTURES = 'test/synthetic/fixtures';

function shagomer(args: string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
}

/** Exit 2, nothing on stdout, one line on stderr that matches. */
function refused(r: SpawnSyncReturns<string>, pattern: RegExp): void {
  expect(r.error).toBeUndefined();
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(r.status).toBe(2);
}

const dir = mkdtempSync(join(tmpdir(), 'shagomer-bounds-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

beforeAll(() => {
  if (!existsSync(CLI)) spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
});

describe('every subcommand answers --help and -h (exit 0) with its usage and each option explained', () => {
  const list = shagomer(['--help']);
  const names = list.stdout
    .split('\n')
    .map((l) => /^ {2}(\S+) {2}/.exec(l)?.[1])
    .filter((n): n is string => n !== undefined);

  it('the list names the commands', () => {
    expect(list.status).toBe(0);
    expect(names).toEqual(expect.arrayContaining(['resolve', 'ranges', 'markers', 'calibrate-camera', 'locate', 'link', 'sim-device', 'serve', 'demo']));
  });

  it.each(['--help', '-h'])('%s for each command', (flag) => {
    for (const name of names) {
      const r = shagomer([name, flag]);
      expect(r.status, `${name} ${flag}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^usage: shagomer ${name}`));
      // Every option of the usage line is explained on a line of its own.
      const usage = r.stdout.split('\n')[0] as string;
      for (const option of usage.match(/--[a-z-]+/g) ?? []) expect(r.stdout, `${name}: ${option}`).toMatch(new RegExp(`\\n {2}${option}\\b.* {2}\\S`));
    }
  });

  it('every option a command accepts is explained in its help', () => {
    for (const name of names) {
      // An unknown option makes the command list the ones it knows.
      const args = name === 'roster' ? [name, 'validate', '--no-such-option'] : [name, '--no-such-option'];
      const known = /known: ([^)]*)\)/.exec(shagomer(args).stderr)?.[1];
      expect(known, `${name} lists its options`).toBeDefined();
      const help = shagomer([name, '--help']).stdout;
      for (const option of (known as string).split(', ').filter((o) => o.startsWith('--'))) expect(help, `${name}: ${option}`).toMatch(new RegExp(`\\n {2}${option}\\b`));
    }
  });

  it('--help after other arguments still helps, without running the command', () => {
    const r = shagomer(['link', '--port', '/dev/nothing-here', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/--record FILE\.jsonl +the record file/);
  });

  it('--version prints the package version', () => {
    const r = shagomer(['--version']);
    expect(r.status).toBe(0);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(r.stdout.trim()).toBe(`shagomer ${pkg.version}`);
  });
});

describe('JSON inputs are bounded in size and depth', () => {
  it('200,000 nested brackets: one line, exit 2, not a crash', () => {
    const deep = file('deep.json', '['.repeat(200_000) + ']'.repeat(200_000));
    refused(shagomer(['resolve', deep]), /^resolve: .*deep\.json: nested deeper than 64 levels/);
    refused(shagomer(['ranges', '-'], '{"a":'.repeat(100) + '1' + '}'.repeat(100)), /^ranges: stdin: nested deeper than 64/);
  });

  it('a file over the size cap is refused, from a file and from stdin', () => {
    const big = `{"ruleset":"vtorzhenie","action":"measure","pad":"${'x'.repeat(MAX_INPUT_BYTES)}"}`;
    refused(shagomer(['resolve', file('big.json', big)]), /^resolve: .*big\.json: too large/);
    refused(shagomer(['resolve', '-'], big), /^resolve: stdin: too large/);
  });

  it('depth counts brackets, not strings that hold them', () => {
    expect(jsonDepth('{"a":"[[[[[[[[","b":[[1]]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(parseBoundedJson('[[[1]]]', { maxChars: 100, maxDepth: 2 })).toEqual({ ok: false, problem: 'nested deeper than 2 levels of arrays and objects' });
    expect(parseBoundedJson('[[1]]', { maxChars: 100, maxDepth: 2 })).toEqual({ ok: true, value: [[1]] });
  });
});

describe('exact odds and dice pools are capped, and the line says how to roll without them', () => {
  const fire = (support: number, exact: boolean): string =>
    JSON.stringify({ ruleset: 'stalnaya-voyna', action: 'fire', distance_in: 12, exact, shooter: { quality: 'd8', small_arms_rof: [2, 2], support: Array<string>(support).fill('d6') }, target: {} });

  it('400 support dice with exact odds: refused at once, naming the cap and how to roll instead', () => {
    refused(shagomer(['resolve', '-'], fire(400, true)), new RegExp(`^resolve: exact: exact odds are capped at ${EXACT_LIMITS.poolDice} dice in one pool, this action rolls 402; leave out "exact": true to roll the dice instead$`));
  });

  it('the same 400 dice rolled (no exact odds) resolve', () => {
    const r = shagomer(['resolve', '-'], fire(400, false));
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { dice_used: number[] }).dice_used.length).toBeGreaterThanOrEqual(402);
  });

  it('a pool past the exact-odds cap is refused by the enumerator, naming "exact" and how to roll instead', () => {
    const walk = (): unknown => distribution((d) => d.countAtLeast(EXACT_LIMITS.poolDice + 1, 6, 4));
    expect(walk).toThrow(DiceError);
    expect(walk).toThrow(`exact: exact odds are capped at ${EXACT_LIMITS.poolDice} dice in one pool, this action rolls ${EXACT_LIMITS.poolDice + 1}; leave out "exact": true to roll the dice instead`);
    expect(distribution((d) => d.countAtLeast(EXACT_LIMITS.poolDice, 6, 4))).toHaveLength(EXACT_LIMITS.poolDice + 1);
  });

  it('the largest fire the schema allows still gets exact odds', () => {
    const r = shagomer(['resolve', '-'], fire(20, true));
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys((JSON.parse(r.stdout) as { odds: object }).odds).length).toBeGreaterThan(0);
  });

  it('rolled pools are capped too', () => {
    const dice = new SeededDice(seedRng('cap'));
    expect(() => dice.countAtLeast(MAX_POOL_DICE + 1, 6, 4)).toThrow(DiceError);
  });
});

describe('ranges: models and terrain per scene are capped', () => {
  it(`${SCENE_LIMITS.models + 1} models: refused with the field named`, () => {
    const scene = randomScene({ ruleset: 'vtorzhenie', models: SCENE_LIMITS.models + 1, pieces: 2, seed: 'cap' });
    refused(shagomer(['ranges', file('crowd.json', JSON.stringify(scene))]), new RegExp(`^ranges: models: at most ${SCENE_LIMITS.models} items, got ${SCENE_LIMITS.models + 1}$`));
  });

  it('a coordinate far off any table: refused', () => {
    const scene = randomScene({ ruleset: 'vtorzhenie', models: 2, pieces: 0, seed: 'far' });
    (scene.models[0] as { x_mm: number }).x_mm = 1e300;
    refused(shagomer(['ranges', file('far.json', JSON.stringify(scene))]), /^ranges: models\[0\] "m0"\.x_mm: must be ≤ 100000/);
  });
});

describe('camera and table files: numbers outside physical ranges are refused', () => {
  const image = join(FIXTURES, 'table-720p.jpg');
  const profile = join(FIXTURES, 'sample.table.json');
  const camera = JSON.parse(readFileSync(join(FIXTURES, 'webcam-720p.camera.json'), 'utf8')) as { camera_matrix: number[][]; dist_coeffs: number[] };

  it.each([
    ['a focal length of 1e308', (c: typeof camera) => void ((c.camera_matrix[0] as number[])[0] = 1e308), /camera_matrix\.0\.0/],
    ['a negative focal length', (c: typeof camera) => void ((c.camera_matrix[1] as number[])[1] = -900), /camera_matrix\.1\.1: .*positive/],
    ['a radial term of 1e308', (c: typeof camera) => void (c.dist_coeffs[0] = 1e308), /dist_coeffs\.0/],
    ['a tangential term of 5', (c: typeof camera) => void (c.dist_coeffs[2] = 5), /dist_coeffs\.2: .*tangential/],
    ['a principal point off the image', (c: typeof camera) => void ((c.camera_matrix[0] as number[])[2] = 1500), /camera_matrix: .*principal point/],
  ])('%s', (_, damage, field) => {
    const c = structuredClone(camera);
    damage(c);
    const path = file('damaged.camera.json', JSON.stringify(c));
    refused(shagomer(['locate', image, '--profile', profile, '--camera', path, '--json']), new RegExp(`^locate: .*damaged\\.camera\\.json.*${field.source}`));
  });

  it('a table 1e308 mm wide', () => {
    const p = JSON.parse(readFileSync(profile, 'utf8')) as { table: { width_mm: number } };
    p.table.width_mm = 1e308;
    refused(shagomer(['locate', image, '--profile', file('huge.table.json', JSON.stringify(p)), '--json']), /^locate: .*huge\.table\.json.*table\.width_mm/);
  });
});

describe('markers: board sizes are bounded', () => {
  it.each([
    ['charuco:1000x1000:30:22:DICT_4X4_50', /at most 40×40 squares/],
    ['charuco:12x9:30:22:DICT_4X4_50', /needs 54 markers but DICT_4X4_50 holds 50/],
    ['charuco:40x40:100:80:DICT_5X5_100', /at most 1189 mm a side/],
  ])('%s', (board, why) => {
    refused(shagomer(['markers', '--board', board, '--out', join(dir, 'sheets')]), new RegExp(`^markers: --board: .*${why.source}`));
  });
});

describe('a data folder that cannot be created: one line, at once (no hang in recursive mkdir)', () => {
  it.each([
    ['/proc/shagomer-nope', /cannot create \/proc\/shagomer-nope/],
    ['/etc/hostname/games', /ENOTDIR|is not a folder/],
  ])('demo --data %s', (path, why) => {
    refused(shagomer(['demo', '--data', path]), new RegExp(`^demo: --data ${path}: .*${why.source}`));
  });

  it('serve --data under /proc', () => {
    refused(shagomer(['serve', '--port', '0', '--data', '/proc/shagomer-nope']), /^serve: --data \/proc\/shagomer-nope: cannot create/);
  });

  it('markers --out where a file stands', () => {
    refused(shagomer(['markers', '--out', join(file('a-file', 'x'), 'sheets')]), /^markers: --out .*(ENOTDIR|is not a folder)/);
  });
});
