import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SensorReading } from '../../src/app/api/game-events.js';
import { AppController } from '../../src/app/app-controller.js';

const CLI = 'dist/src/cli/main.js';
const GAMES = 'test/fixtures/games';

function cli(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface ReplayJson {
  turn: { number: number; active_player: string; activated: string[] };
  models: Record<string, { damage: number; fallen: boolean; destroyed: boolean; next_turn: string; markers: number; figures_left: number; suppression: number }>;
  rejected: { seq: number; reason: string }[];
}

function replayJson(file: string, extra: string[] = []): ReplayJson {
  const r = cli(['replay', file, '--json', ...extra]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as ReplayJson;
}

const normal = { damage: 0, fallen: false, destroyed: false, next_turn: 'normal', markers: 0, figures_left: 1, suppression: 0 };

beforeAll(() => {
  if (!existsSync(CLI)) spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
});

describe('shagomer replay: multi-step games of each system', () => {
  it('Вторжение: a 5–6 critical is not erased by a later miss, interleaved phases and out-of-turn units are refused', () => {
    const r = replayJson(`${GAMES}/vtorzhenie.json`);
    expect(r.turn).toEqual({ number: 3, active_player: 'A', activated: ['A1', 'B2'] });
    // Seed 003: «Если 5-6, то модель получает 2 повреждения и пропускает след.ход.» — in force
    // through B's turn 2, over after it.
    expect(r.models).toEqual({ A1: normal, B1: { ...normal, damage: 2, fallen: true }, B2: normal });
    expect(r.rejected).toEqual([
      { seq: 9, reason: 'A1 уже закончил фазу «стрельба»: после «манёвр» к ней не вернуться' },
      { seq: 10, reason: 'B2 — отряд игрока B, а сейчас ход игрока A' },
      { seq: 12, reason: 'B1 пропускает этот ход' },
      { seq: 14, reason: 'B2 уже действовал в этом ходу' },
    ]);
    const en = replayJson(`${GAMES}/vtorzhenie.json`, ['--lang', 'en']);
    expect(en.rejected[3]).toEqual({ seq: 14, reason: 'B2 has already acted this turn' });
  });

  it('Вторжение: the skip is still pending right after the miss', () => {
    const events = JSON.parse(readFileSync(`${GAMES}/vtorzhenie.json`, 'utf8')) as unknown[];
    const r = cli(['replay', '-', '--json'], JSON.stringify(events.slice(0, 7)));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as ReplayJson).models.B1).toEqual({ ...normal, damage: 2, fallen: true, next_turn: 'skip' });
  });

  it('Бронепехота: one unit per turn, phases in order, a critically damaged walker stands but shoots', () => {
    const r = replayJson(`${GAMES}/bronepekhota.json`);
    expect(r.turn).toEqual({ number: 3, active_player: 'A', activated: [] });
    expect(r.models.Б1).toEqual({ ...normal, damage: 3, next_turn: 'stands-shoots' });
    expect(r.models.A1).toEqual({ ...normal, damage: 1 });
    expect(r.models.Б2).toEqual({ ...normal, figures_left: 4 });
    expect(r.rejected).toEqual([
      { seq: 8, reason: 'этот ход уже отдан A1: за ход действует только один отряд' },
      { seq: 9, reason: 'фаза «манёвр» идёт раньше фазы «атака»' },
      { seq: 12, reason: 'Б1 не может двигаться в этом ходу' },
      { seq: 14, reason: 'этот ход уже отдан Б1: за ход действует только один отряд' },
    ]);
  });

  it('Звездный Десант: execution by initiative, command points capped, casualties by wound markers', () => {
    const r = replayJson(`${GAMES}/zvezdny-desant.json`);
    expect(r.turn).toEqual({ number: 2, active_player: 'B', activated: [] });
    expect(r.models.A1).toEqual({ ...normal, figures_left: 4 });
    expect(r.rejected).toEqual([
      { seq: 12, reason: 'сейчас по инициативе действует B1 (инициатива 6), A1 — позже' },
      { seq: 17, reason: 'у игрока A 10 командных очков, а на инициативу назначено 15' },
      { seq: 18, reason: 'сейчас по инициативе действует B2 (инициатива 4), A2 — позже' },
    ]);
  });

  it('Стальная война: fire suppresses, a unit fires once per activation, the other player waits his turn', () => {
    const r = replayJson(`${GAMES}/stalnaya-voyna.json`);
    expect(r.turn).toEqual({ number: 3, active_player: 'A', activated: [] });
    // Shooter d6 rolls 6, firepower d8 rolls 7, range die d6 rolls 2: two dice higher → suppressed, casualties.
    expect(r.models.B1).toEqual({ ...normal, figures_left: 6, suppression: 1 });
    expect(r.models.A1).toEqual({ ...normal, figures_left: 8 });
    expect(r.rejected).toEqual([
      { seq: 7, reason: 'A1 уже закончил фазу «огонь»: после «движение» к ней не вернуться' },
      { seq: 9, reason: 'A1 — отряд игрока A, а сейчас ход игрока B' },
    ]);
  });

  it('the same events give the same output, byte for byte, in words and in JSON', () => {
    for (const file of readdirSync(GAMES)) {
      for (const args of [['--json'], []]) {
        const a = cli(['replay', `${GAMES}/${file}`, ...args]);
        const b = cli(['replay', '-', ...args], readFileSync(`${GAMES}/${file}`, 'utf8'));
        expect(a.code).toBe(0);
        expect(b.stdout).toBe(a.stdout);
      }
    }
  });

  it('tells the game turn by turn in words, Russian by default, English on request', () => {
    const r = cli(['replay', `${GAMES}/vtorzhenie.json`]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Игра: Вторжение «Новобранец» (зерно vt-1)');
    expect(lines).toContain('Ход 1 — игрок A');
    expect(lines).toContain('Ход 2 — игрок B');
    expect(lines).toContain('  ✗ #14 отклонено: B2 уже действовал в этом ходу');
    expect(lines).toContain('  ⚑ #17 по решению судьи, вопреки правилу: B2 — отряд игрока B, а сейчас ход игрока A (игроки договорились)');
    expect(lines.some((l) => l.startsWith('  A1: выстрел пускателем [кубики 5] → B1: повреждения 2, уничтожен нет, упал да, следующий ход пропускает ход'))).toBe(true);
    const en = cli(['replay', `${GAMES}/vtorzhenie.json`, '--lang', 'en']);
    expect(en.stdout).toContain('Turn 2 — player B');
  });
});

describe('shagomer replay of an exported app journal', () => {
  it('replays the journal the app wrote: the same state as the app\'s own game', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-replay-'));
    const app = new AppController({ dataDir: dir, clock: () => 1_764_000_000_000 });
    const model = (player: 'A' | 'B', launcherNode: string | null, hitNode: string | null) => ({ player, name: 'Танк', kind: 'vehicle' as const, armour: 10, stamina: 3, speedSteps: 8, baseMm: 80, heightMm: 60, weapons: [], tag: null, hitNode, tiltNode: hitNode ? `${hitNode}T` : null, launcherNode });
    let n = 0;
    const reading = (kind: SensorReading['kind'], node: string, extra: Partial<SensorReading> = {}): SensorReading => ({ key: `0badf00d:${n++}`, kind, node, deviceTMs: n * 10, hostMs: 1_000 + n, ...extra });
    expect(app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 'j', seed: 'journal-1', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] })).toEqual({ ok: true });
    app.handle({ type: 'add-model', model: model('A', 'L1', 'V1') });
    app.handle({ type: 'add-model', model: model('B', 'L2', 'V2') });
    app.handle({ type: 'finish-setup', firstPlayer: 'A' });
    app.handle({ type: 'activate', modelId: 'A1' });
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'V2', { strength: 700 }));
    app.recordSensor(reading('TILT', 'V2T', { state: 'DOWN', angleDeg: 80 }));
    expect(app.handle({ type: 'commit-shot', die: { source: 'physical', value: 6 } })).toEqual({ ok: true });
    expect(app.handle({ type: 'end-turn' })).toEqual({ ok: true });
    expect(app.handle({ type: 'activate', modelId: 'B1' })).toMatchObject({ ok: false, reason: { ru: 'B1 пропускает этот ход' } });
    const game = app.game;
    if (!game) throw new Error('no game');
    const journal = readdirSync(dir, { recursive: true }).map(String).find((f) => f.endsWith('.jsonl'));
    if (!journal) throw new Error('no journal file');
    app.close();
    const r = replayJson(join(dir, journal));
    expect(r.models.B1).toEqual({ ...normal, damage: 2, fallen: true, next_turn: 'skip' });
    expect(r.turn).toEqual({ number: 2, active_player: 'B', activated: [] });
    expect(r.models).toEqual(Object.fromEntries(Object.entries(game.current.rules.models).map(([id, m]) => [id, { damage: m.damage, fallen: m.fallen, destroyed: m.destroyed, next_turn: m.next_turn, markers: m.markers, figures_left: m.figures_left, suppression: m.suppression }])));
  });
});

describe('shagomer replay: bad files', () => {
  const bad = (args: string[], input: string | undefined, pattern: RegExp): void => {
    const r = cli(args, input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
  };

  it('names the record and the problem, exit 2', () => {
    bad(['replay', '-'], '[{"type":"game-created","ruleset":"vtorzhenie","seed":"s"}, {"type":"model-added","model":{"id":"A1"}}]', /^replay: stdin: record 2: model\.player: /);
    bad(['replay', '-'], '[{"type":"game-created","ruleset":"chess","seed":"s"}]', /^replay: stdin: record 1: ruleset: unknown system "chess"/);
    bad(['replay', '-'], '[{"type":"dance"}]', /^replay: stdin: record 1: type: /);
    bad(['replay', '-'], '[1, 2', /^replay: stdin: not valid JSON/);
    bad(['replay', '-'], '{"type":"turn-ended"}\n', /^replay: stdin: line 1: /);
    bad(['replay', '-'], '', /^replay: stdin: empty/);
    bad(['replay', 'no/such/file.json'], undefined, /^replay: no\/such\/file\.json: no such file/);
    bad(['replay', '-', '--lang', 'de'], '[]', /^replay: --lang: expected ru or en/);
    bad(['replay'], undefined, /^replay: usage: shagomer replay/);
  });

  it('a damaged journal line is named by its line number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-replay-bad-'));
    const good = '{"seq":1,"tMs":0,"event":{"type":"game-created","ruleset":"vtorzhenie","title":"t","seed":"s","players":[{"id":"A","name":"A","colour":"#112233"},{"id":"B","name":"B","colour":"#332211"}],"table":{"widthMm":1800,"depthMm":1200}}}';
    const file = join(dir, 'game.jsonl');
    writeFileSync(file, `${good}\n{"crc":"00000000","len":5,"rec":{"a":1}}\n`);
    bad(['replay', file], undefined, /game\.jsonl: line 2: /);
  });
});
