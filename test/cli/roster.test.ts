import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

const CLI = 'dist/src/cli/main.js';
const ROSTERS = 'test/fixtures/rosters';

function cli(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  if (!existsSync(CLI)) spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
});

describe('shagomer roster validate', () => {
  it('prints the points and limits an army uses, per system', () => {
    // Звездный Десант «Стычка»: «Максимальная стоимость армии - 500 очков.»
    // 6×12 + 15 (heavy gun) + 3×30 + 3×15 (their heavy guns) + 5×12 + 25 (rocket launcher) = 307.
    expect(cli(['roster', 'validate', `${ROSTERS}/zvezdny-desant.json`])).toEqual({ code: 0, stdout: 'zvezdny-desant: points 307/500, figures 14, units 3\n', stderr: '' });
    expect(cli(['roster', 'validate', `${ROSTERS}/vtorzhenie.json`]).stdout).toBe('vtorzhenie: points 0, figures 4, units 4\n');
    expect(cli(['roster', 'validate', `${ROSTERS}/bronepekhota.json`]).stdout).toBe('bronepekhota: points 0, figures 7, units 3\n');
    expect(cli(['roster', 'validate', `${ROSTERS}/stalnaya-voyna.json`]).stdout).toBe('stalnaya-voyna: points 0, figures 11, units 3\n');
    const json = cli(['roster', 'validate', `${ROSTERS}/zvezdny-desant.json`, '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ system: 'zvezdny-desant', points: 307, points_max: 500, figures: 14, figures_max: null, units: 3, units_max: null });
  });

  it('reports each problem on one line, exit 2', () => {
    const over = cli(['roster', 'validate', `${ROSTERS}/zvezdny-desant-over.json`]);
    expect(over.code).toBe(2);
    expect(over.stdout).toBe('');
    expect(over.stderr.trimEnd().split('\n')).toEqual([
      'roster: test/fixtures/rosters/zvezdny-desant-over.json: units[3].type: no unit type "tank" in zvezdny-desant (known: trooper-squad, heavy-squad, bug-swarm)',
      'roster: test/fixtures/rosters/zvezdny-desant-over.json: units[4].figures: a trooper-squad has 3 to 10 figures, not 11',
      'roster: test/fixtures/rosters/zvezdny-desant-over.json: units: the army costs 807 points, at most 500 allowed',
    ]);
    const bad = cli(['roster', 'validate', `${ROSTERS}/bronepekhota-bad.json`]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trimEnd().split('\n')).toEqual([
      'roster: test/fixtures/rosters/bronepekhota-bad.json: units[0].figures: a squad has 2 to 10 figures, not 1',
      'roster: test/fixtures/rosters/bronepekhota-bad.json: units[1].id: "A1" is already used in this roster',
      'roster: test/fixtures/rosters/bronepekhota-bad.json: units[1].options[0]: a walker has no option "jetpack"',
      'roster: test/fixtures/rosters/bronepekhota-bad.json: units[2].type: no unit type "dragon" in bronepekhota (known: trooper, squad, walker, mini-walker, mobile-gun, cyborg, hunter)',
      'roster: test/fixtures/rosters/bronepekhota-bad.json: units[3].stats.stamina: not a stat a roster may set (allowed: armour, speed_steps)',
    ]);
  });

  it('bad files and arguments: one line, exit 2', () => {
    const one = (args: string[], input: string | undefined, pattern: RegExp): void => {
      const r = cli(args, input);
      expect(r.code).toBe(2);
      const lines = r.stderr.split('\n').filter((l) => l !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(pattern);
    };
    one(['roster', 'validate', '-'], '{"system":"chess","player":"A","units":[]}', /system: unknown system "chess"/);
    one(['roster', 'validate', '-'], '{"system":"vtorzhenie","player":"C","units":[]}', /player: /);
    one(['roster', 'validate', '-'], '{"system":"vtorzhenie","player":"A","units":[]}', /units: the army needs at least 1 unit, has 0/);
    one(['roster', 'validate', '-'], 'not json', /not valid JSON/);
    one(['roster', 'check', 'x.json'], undefined, /usage: shagomer roster validate/);
  });
});
