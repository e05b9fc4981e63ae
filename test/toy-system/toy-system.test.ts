import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SensorReading } from '../../src/app/api/game-events.js';
import type { ModelDraft } from '../../src/app/api/intents.js';
import { Catalog, GameView } from '../../src/app/api/view.js';
import { AppController } from '../../src/app/app-controller.js';
import { createAppServer } from '../../src/app/server/http-server.js';
import { replayState } from '../../src/core/game/replay-report.js';
import { registerSystem } from '../../src/core/rulesets/registry.js';
import { validateRoster } from '../../src/core/rulesets/roster.js';
import { toyDuel } from './system.js';

/**
 * A fifth system, registered at test time through the registry's API, plays a short game
 * through the app's session and HTTP server: nothing outside its folder knows it.
 */
let unregister: () => void;
let app: AppController;
let base: string;
let stopServer: () => Promise<void>;
let token: string;

beforeAll(async () => {
  unregister = registerSystem(toyDuel);
  app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-toy-')), clock: () => 1_764_000_000_000 });
  const { server, stop, access } = createAppServer({ app, uiDir: join(tmpdir(), 'no-ui-here') });
  stopServer = stop;
  token = access.nightToken;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await stopServer();
  app.close();
  unregister();
});

const intent = async (body: unknown): Promise<{ ok: boolean; problem?: string; reason?: { ru: string; en: string } }> => {
  const res = await fetch(`${base}/api/intent`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
  return (await res.json()) as { ok: boolean; problem?: string };
};
const view = async (): Promise<GameView> => GameView.parse(await (await fetch(`${base}/api/view`, { headers: { authorization: `Bearer ${token}` } })).json());

const duellist = (player: 'A' | 'B', launcherNode: string, hitNode: string): ModelDraft => ({
  player,
  name: 'Дуэлянт',
  kind: 'vehicle',
  armour: 0,
  stamina: 2,
  speedSteps: 4,
  baseMm: 30,
  heightMm: 40,
  weapons: [{ id: 'wand', label: 'Жезл', rangeSteps: 10 }],
  tag: null,
  hitNode,
  tiltNode: null,
  launcherNode,
});

let n = 0;
const reading = (kind: SensorReading['kind'], node: string, extra: Partial<SensorReading> = {}): SensorReading => ({ key: `0badf00d:${n++}`, kind, node, deviceTMs: n * 10, hostMs: 1_000 + n, ...extra });

describe('a toy fifth system as one plugin', () => {
  it('is in the catalogue the server sends, with its presets and its own name', async () => {
    const catalog = Catalog.parse(await (await fetch(`${base}/api/catalog`)).json());
    const toy = catalog.find((c) => c.ruleset === 'toy-duel');
    expect(toy).toMatchObject({ name: { ru: 'Дуэль', en: 'Duel' }, realShots: true });
    expect(toy?.presets.map((p) => p.presetId)).toEqual(['duellist']);
  });

  it('plays a short game: launcher shots scored by its action, its turn structure enforced with reasons', async () => {
    expect(await intent({ type: 'new-game', ruleset: 'toy-duel', title: 'дуэль', seed: 'toy-1', players: [{ id: 'A', name: 'Аня', colour: '#112233' }, { id: 'B', name: 'Боря', colour: '#332211' }] })).toEqual({ ok: true });
    expect(await intent({ type: 'add-model', model: duellist('A', 'L1', 'H1') })).toEqual({ ok: true });
    expect(await intent({ type: 'add-model', model: duellist('B', 'L2', 'H2') })).toEqual({ ok: true });
    expect(await intent({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 100, fallen: false }, { id: 'B1', xMm: 400, yMm: 100, fallen: false }] })).toEqual({ ok: true });
    expect(await intent({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });

    let v = await view();
    expect(v).toMatchObject({ ruleset: 'toy-duel', rulesetName: { ru: 'Дуэль', en: 'Duel' }, phase: 'play', active: 'A', mayActNext: ['A1'] });
    expect(v.labels?.phases.zap).toEqual({ ru: 'разряд', en: 'zap' });

    // B may not act in A's turn: refused by the engine's turn structure, in both languages.
    const outOfTurn = await intent({ type: 'activate', modelId: 'B1' });
    expect(outOfTurn).toMatchObject({ ok: false, reason: { ru: 'B1 — отряд игрока B, а сейчас ход игрока A', en: "B1 belongs to player B; it is player A's turn" } });

    expect(await intent({ type: 'activate', modelId: 'A1' })).toEqual({ ok: true });
    // A's launcher hits B1: the toy's `launcher` action scores 1 damage.
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'H2', { strength: 600 }));
    v = await view();
    expect(v.shot?.attribution).toEqual({ targetId: 'B1', hit: true, fell: false, ricochet: false });
    expect(v.shot?.score).toEqual({ kind: 'result', result: { damage: 1, destroyed: false, fallen: false, nextTurn: 'normal', critical: false, diceUsed: [] } });
    expect(await intent({ type: 'commit-shot', die: null })).toEqual({ ok: true });
    expect((await view()).models.find((m) => m.id === 'B1')).toMatchObject({ damage: 1, destroyed: false });
    // Its phases come in order: no step after the zap.
    expect(await intent({ type: 'start-phase', modelId: 'A1', phase: 'move' })).toMatchObject({ ok: false, reason: { ru: 'фаза «шаг» идёт раньше фазы «разряд»', en: 'the step phase comes before the zap phase' } });
    // A second activation of A1 in the same turn is refused.
    expect(await intent({ type: 'activate', modelId: 'A1' })).toMatchObject({ ok: false, reason: { ru: 'A1 уже действовал в этом ходу' } });

    expect(await intent({ type: 'end-turn' })).toEqual({ ok: true });
    v = await view();
    expect(v).toMatchObject({ turn: 2, active: 'B', mayActNext: ['B1'] });
    expect(await intent({ type: 'start-phase', modelId: 'B1', phase: 'move' })).toEqual({ ok: true });
    expect((await view()).history.at(-1)).toMatchObject({ type: 'phase-started', summary: 'B1 move' });
    // B shoots back; a shot by A's launcher now is out of turn and refused.
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'H2', { strength: 600 }));
    expect(await intent({ type: 'commit-shot', die: null })).toMatchObject({ ok: false, reason: { en: "A1 belongs to player A; it is player B's turn" } });
    // The referee lets it stand: journalled as an override, and it destroys B1.
    expect(await intent({ type: 'commit-shot', die: null, override: true })).toEqual({ ok: true });
    const session = app.game;
    if (!session) throw new Error('no session');
    expect(session.current.rules.overrides).toEqual([expect.objectContaining({ type: 'action-resolved', broke: { ru: 'A1 — отряд игрока A, а сейчас ход игрока B', en: "A1 belongs to player A; it is player B's turn" } })]);
    expect((await view()).models.find((m) => m.id === 'B1')).toMatchObject({ damage: 2, destroyed: true });

    // The same game through `replay`'s fold: the engine's events of the journal.
    const state = replayState(session.current.rulesLog.map((r) => ({ seq: r.seq, event: r.event })));
    expect(state.models.B1).toMatchObject({ damage: 2, destroyed: true });
    // The overridden shot activated A1 in B's turn, as the referee allowed.
    expect(state.turn).toEqual({ number: 2, active_player: 'B', activated: ['B1', 'A1'] });
  });

  it('checks a roster against its catalogue and limits', () => {
    expect(validateRoster({ system: 'toy-duel', player: 'A', units: [{ id: 'A1', type: 'duellist' }, { id: 'A2', type: 'duellist' }] })).toMatchObject({ ok: true, use: { points: 8, figures: 2, units: 2 } });
    const over = validateRoster({ system: 'toy-duel', player: 'A', units: [{ id: 'A1', type: 'duellist' }, { id: 'A2', type: 'duellist' }, { id: 'A3', type: 'duellist' }] });
    // A roster with problems still says what it uses (the editor shows the cost while it is fixed).
    expect(over).toMatchObject({ ok: false, problems: [{ field: 'units', problem: 'the army costs 12 points, at most 10 allowed', ru: 'армия стоит 12 очков, допустимо не больше 10' }], use: { points: 12, figures: 3, units: 3 } });
    expect(over.ok === false && over.problems).toHaveLength(1);
  });
});
