import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Runs the compiled binary (`npx tsc -p tsconfig.build.json` first; `npm test` builds).
const bin = join(process.cwd(), 'dist/src/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'shagomer-ranges-'));
let n = 0;

function run(scene: unknown, extra: string[] = []): { code: number | null; stdout: string; stderr: string } {
  const file = join(dir, `scene-${n++}.json`);
  writeFileSync(file, typeof scene === 'string' ? scene : JSON.stringify(scene));
  const r = spawnSync(process.execPath, [bin, 'ranges', file, ...extra], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Pair {
  from: string;
  to: string;
  distance_mm: number;
  gap_mm: number;
  steps: number;
  band: string | null;
  close_combat: boolean;
  in_range: Record<string, boolean>;
}

function pairs(scene: unknown): Pair[] {
  const r = run(scene);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { pairs: Pair[] }).pairs;
}

const pistol = (steps: number) => [{ name: 'pistol', range_steps: steps }];

describe('shagomer ranges: the seeds\' distance examples', () => {
  // Вторжение measures from the shooter's head (above its base centre) to the target's base.
  const vt = (cm: number) =>
    pairs({
      ruleset: 'vtorzhenie',
      models: [
        { id: 'shooter', player: 1, x_mm: 0, y_mm: 0, weapons: pistol(8) },
        { id: 'target', player: 2, x_mm: cm * 10 + 12.5, y_mm: 0 },
      ],
    })[0] as Pair;

  it('Вторжение: 41 cm is 8 steps, in range of an 8-step pistol, medium band', () => {
    expect(vt(41)).toMatchObject({ from: 'shooter', to: 'target', steps: 8, band: 'medium', in_range: { pistol: true } });
  });

  it('Вторжение: 42 cm is out of range', () => {
    expect(vt(42)).toMatchObject({ steps: 9, in_range: { pistol: false } });
  });

  it('Вторжение: 44 cm is 9 steps (the sniper example), medium band', () => {
    expect(vt(44)).toMatchObject({ steps: 9, band: 'medium' });
  });

  it('Бронепехота: a 4-step pistol reaches 16 cm, not 18 cm', () => {
    const bp = (cm: number) =>
      pairs({
        ruleset: 'bronepekhota',
        models: [
          { id: 'a', player: 1, x_mm: 0, y_mm: 0, weapons: pistol(4) },
          { id: 'b', player: 2, x_mm: cm * 10 + 25, y_mm: 0 },
        ],
      })[0] as Pair;
    expect(bp(16)).toMatchObject({ gap_mm: 160, steps: 4, in_range: { pistol: true } });
    expect(bp(18)).toMatchObject({ gap_mm: 180, steps: 4.5, in_range: { pistol: false } });
  });

  it('gives one pair per ordered pair of models of different players, centre and edge distances', () => {
    const ps = pairs({
      ruleset: 'zvezdny-desant',
      models: [
        { id: 'a1', player: 'red', x_mm: 0, y_mm: 0 },
        { id: 'a2', player: 'red', x_mm: 0, y_mm: 100 },
        { id: 'b1', player: 'blue', x_mm: 30, y_mm: 40, base_mm: 40 },
      ],
    });
    expect(ps.map((p) => `${p.from}>${p.to}`)).toEqual(['a1>b1', 'a2>b1', 'b1>a1', 'b1>a2']);
    expect(ps[0]).toMatchObject({ distance_mm: 50, gap_mm: 17.5, close_combat: true, band: null });
  });

  it('close combat by each system\'s threshold on the gap', () => {
    const cc = (ruleset: string, gapMm: number) =>
      (pairs({ ruleset, models: [{ id: 'a', player: 1, x_mm: 0, y_mm: 0 }, { id: 'b', player: 2, x_mm: 25 + gapMm, y_mm: 0 }] })[0] as Pair).close_combat;
    expect([cc('vtorzhenie', 49), cc('vtorzhenie', 50)]).toEqual([true, false]);
    expect([cc('bronepekhota', 30), cc('bronepekhota', 35)]).toEqual([true, false]);
  });
});

describe('shagomer ranges: bad scenes exit 2 naming the element', () => {
  const models = [
    { id: 'a', player: 1, x_mm: 0, y_mm: 0 },
    { id: 'b', player: 2, x_mm: 500, y_mm: 0 },
  ];
  const piece = { id: 'ruin', polygon_mm: [[100, 100], [200, 100], [200, 200], [100, 200]], height_mm: 50, size: 'medium', cover: 'light', movement: 'open' };
  const bad = (scene: unknown, line: RegExp) => {
    const r = run(scene);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(line);
  };

  it('not JSON', () => bad('{"ruleset": ', /^ranges: .*scene-\d+\.json: not valid JSON/));

  it('a self-intersecting polygon', () =>
    bad(
      {
        ruleset: 'vtorzhenie',
        models,
        terrain: [piece, { ...piece, id: 'crate', polygon_mm: [[300, 300], [320, 300], [310, 320]] }, { ...piece, id: 'bowtie', polygon_mm: [[0, 0], [100, 100], [100, 0], [0, 100]] }],
      },
      /^ranges: terrain\[2\] "bowtie": polygon intersects itself$/m,
    ));

  it('an unknown class', () => {
    bad({ ruleset: 'vtorzhenie', models, terrain: [{ ...piece, movement: 'swampy' }] }, /^ranges: terrain\[0\] "ruin": unknown movement class "swampy"/);
    bad({ ruleset: 'vtorzhenie', models, terrain: [{ ...piece, cover: 'thick' }] }, /^ranges: terrain\[0\] "ruin": unknown cover class "thick"/);
    bad({ ruleset: 'vtorzhenie', models, terrain: [{ ...piece, size: 'huge' }] }, /^ranges: terrain\[0\] "ruin"\.size: expected one of/);
    bad({ ruleset: 'vtorzhenie', models: [models[0], { ...models[1], kind: 'dragon' }] }, /^ranges: models\[1\] "b"\.kind: unknown kind "dragon"/);
  });

  it('a model inside impassable terrain', () =>
    bad({ ruleset: 'vtorzhenie', models: [models[0], { ...models[1], x_mm: 150, y_mm: 150 }], terrain: [{ ...piece, id: 'lake', movement: 'impassable' }] }, /^ranges: models\[1\] "b": stands inside impassable terrain\[0\] "lake"$/m));

  it('a model inside terrain impassable for its mobility class (Стальная война)', () =>
    bad(
      { ruleset: 'stalnaya-voyna', models: [models[0], { ...models[1], kind: 'wheeled', x_mm: 150, y_mm: 150 }], terrain: [{ ...piece, id: 'forest', movement: 'woods' }] },
      /^ranges: models\[1\] "b": stands inside impassable terrain\[0\] "forest"$/m,
    ));

  it('missing fields and an unknown system', () => {
    bad({ ruleset: 'vtorzhenie', models: [models[0], { id: 'b', player: 2, y_mm: 0 }] }, /^ranges: models\[1\] "b"\.x_mm: is missing/);
    bad({ ruleset: 'vtorzhenie', models, terrain: [{ ...piece, height_mm: undefined }] }, /^ranges: terrain\[0\] "ruin"\.height_mm: is missing/);
    bad({ models }, /^ranges: ruleset: is missing/);
    bad({ ruleset: 'chess', models }, /^ranges: ruleset: expected one of vtorzhenie/);
  });

  it('a missing file', () => {
    const r = spawnSync(process.execPath, [bin, 'ranges', join(dir, 'nope.json')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no such file/);
  });
});

describe('shagomer ranges --table-rules: a club\'s own conventions', () => {
  const scene = {
    ruleset: 'vtorzhenie',
    models: [
      { id: 'a', player: 1, x_mm: 0, y_mm: 0, weapons: pistol(8) },
      { id: 'b', player: 2, x_mm: 422.5, y_mm: 0 },
    ],
  };

  it('measuring centre to centre instead of to the base makes 41 cm from the base out of range', () => {
    const rules = JSON.parse(readFileSync(join(process.cwd(), 'src/core/rulesets/vtorzhenie/table-rules.json'), 'utf8')) as { measure: { value: { to: string } } };
    rules.measure.value.to = 'centre';
    const file = join(dir, 'club-rules.json');
    writeFileSync(file, JSON.stringify(rules));
    const r = run(scene, ['--table-rules', file]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { pairs: Pair[] }).pairs[0]).toMatchObject({ steps: 9, in_range: { pistol: false } });
  });

  it('refuses a broken rules file or one for another system, naming the field', () => {
    const broken = join(dir, 'broken-rules.json');
    writeFileSync(broken, JSON.stringify({ id: 'vtorzhenie' }));
    const r = run(scene, ['--table-rules', broken]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ranges: .*broken-rules\.json: measure: is missing/);
    const other = join(dir, 'other-rules.json');
    writeFileSync(other, readFileSync(join(process.cwd(), 'src/core/rulesets/bronepekhota/table-rules.json')));
    const o = run(scene, ['--table-rules', other]);
    expect(o.code).toBe(2);
    expect(o.stderr).toMatch(/^ranges: ruleset: the scene is for vtorzhenie but the table rules are for "bronepekhota"/);
  });
});
