import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SensorReading } from '../../src/app/api/game-events.js';
import type { ModelDraft } from '../../src/app/api/intents.js';
import { AppController } from '../../src/app/app-controller.js';
import { foldGame } from '../../src/app/session/game-state.js';

const model = (player: 'A' | 'B', name: string, kind: ModelDraft['kind'], stamina: number, nodes: Partial<Pick<ModelDraft, 'hitNode' | 'tiltNode' | 'launcherNode'>> = {}): ModelDraft => ({
  player,
  name,
  kind,
  armour: 2,
  stamina,
  speedSteps: kind === 'vehicle' ? 8 : 4,
  baseMm: kind === 'vehicle' ? 80 : 25,
  heightMm: 40,
  weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 16, power: 2, accuracyBonus: 0 }],
  tag: null,
  hitNode: nodes.hitNode ?? null,
  tiltNode: nodes.tiltNode ?? null,
  launcherNode: nodes.launcherNode ?? null,
});

let seq = 0;
const reading = (kind: SensorReading['kind'], node: string, extra: Partial<SensorReading> = {}): SensorReading => ({ key: `0badf00d:${seq++}`, kind, node, deviceTMs: seq * 10, hostMs: 1_000 + seq, ...extra });

function game(): AppController {
  const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-session-')), clock: () => 1_764_000_000_000 });
  const ok = (r: { ok: boolean; problem?: string }) => expect(r).toEqual({ ok: true });
  ok(app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 't', seed: 'seed-1', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] }));
  ok(app.handle({ type: 'add-model', model: model('A', 'Танк', 'vehicle', 3, { launcherNode: 'L1', hitNode: 'V1', tiltNode: 'V1T' }) }));
  ok(app.handle({ type: 'add-model', model: model('B', 'Шагоход', 'vehicle', 3, { launcherNode: 'L2', hitNode: 'V2', tiltNode: 'V2T' }) }));
  ok(app.handle({ type: 'add-model', model: model('B', 'Пехотинец', 'infantry', 1) }));
  ok(app.handle({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 100, fallen: false }, { id: 'B1', xMm: 500, yMm: 100, fallen: false }, { id: 'B2', xMm: 300, yMm: 400, fallen: false }] }));
  ok(app.handle({ type: 'finish-setup', firstPlayer: 'A' }));
  return app;
}

describe('game session', () => {
  it('joins SHOT, HIT and TILT into one outcome, asks for the critical die, and applies it', () => {
    const app = game();
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'V2', { strength: 700 }));
    app.recordSensor(reading('TILT', 'V2T', { state: 'DOWN', angleDeg: 80 }));
    const v = app.view(false);
    expect(v.shot?.shooterId).toBe('A1');
    expect(v.shot?.attribution).toEqual({ targetId: 'B1', hit: true, fell: true, ricochet: false });
    expect(v.shot?.score.kind).toBe('needs-die');
    if (v.shot?.score.kind === 'needs-die') {
      expect(v.shot.score.damage).toBe(2);
      expect(v.shot.score.odds['next_turn=skip']).toBe('1/3');
    }
    expect(app.handle({ type: 'commit-shot', die: null })).toEqual({ ok: false, problem: expect.stringContaining('critical die') });
    expect(app.handle({ type: 'commit-shot', die: { source: 'physical', value: 5 } })).toEqual({ ok: true });
    const b1 = app.view(false).models.find((m) => m.id === 'B1');
    expect(b1).toMatchObject({ damage: 2, fallen: true, destroyed: false, nextTurn: 'skip', mayMove: false, mayShoot: false });
  });

  it('drops a resent hub message (same boot and seq) and keeps the first', () => {
    const app = game();
    const r = reading('SHOT', 'L1');
    expect(app.recordSensor(r)).toBe('recorded');
    expect(app.recordSensor(r)).toBe('duplicate');
    expect(app.game?.records().filter((x) => x.event.type === 'sensor')).toHaveLength(1);
  });

  it('takes a camera fall as the target of a shot without hit sensors (infantry)', () => {
    const app = game();
    app.recordSensor(reading('SHOT', 'L1'));
    app.game?.recordPositions('camera', [{ id: 'B2', xMm: 302, yMm: 404, fallen: true }]);
    expect(app.view(false).shot?.attribution).toEqual({ targetId: 'B2', hit: true, fell: true, ricochet: false });
    expect(app.handle({ type: 'commit-shot', die: { source: 'virtual' } })).toEqual({ ok: true });
    expect(app.view(false).models.find((m) => m.id === 'B2')).toMatchObject({ destroyed: true, damage: 2 }) // the engine reports the fall's total (2), past stamina 1;
  });

  it('lets the referee correct the attribution before committing; the correction is journalled', () => {
    const app = game();
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'V2', { strength: 300 }));
    expect(app.handle({ type: 'correct-shot', attribution: { targetId: 'B1', hit: false, fell: false, ricochet: false } })).toEqual({ ok: true });
    expect(app.handle({ type: 'commit-shot', die: null })).toEqual({ ok: true });
    expect(app.view(false).models.find((m) => m.id === 'B1')?.damage).toBe(0);
    expect(app.game?.records().some((r) => r.event.type === 'shot-corrected')).toBe(true);
  });

  it('clears "cannot move" after the owner\'s next own turn, not before', () => {
    const app = game();
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'V2', { strength: 700 }));
    app.recordSensor(reading('TILT', 'V2T', { state: 'DOWN', angleDeg: 80 }));
    app.handle({ type: 'commit-shot', die: { source: 'physical', value: 3 } });
    const b1 = () => app.view(false).models.find((m) => m.id === 'B1');
    expect(b1()?.nextTurn).toBe('no-move');
    app.handle({ type: 'end-turn' }); // A's turn ends: B1 still may not move in B's turn
    expect(b1()?.nextTurn).toBe('no-move');
    expect(app.view(false).active).toBe('B');
    app.handle({ type: 'end-turn' }); // B's turn ends: the state is spent
    expect(b1()?.nextTurn).toBe('normal');
  });

  it('undo takes back the last decision and the virtual die replays the same', () => {
    const app = game();
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'V2', { strength: 700 }));
    app.recordSensor(reading('TILT', 'V2T', { state: 'DOWN', angleDeg: 80 }));
    app.handle({ type: 'commit-shot', die: { source: 'virtual' } });
    const first = app.view(false).shots[0]?.critical?.value;
    expect(app.handle({ type: 'undo' })).toEqual({ ok: true });
    expect(app.view(false).models.find((m) => m.id === 'B1')?.damage).toBe(0);
    expect(app.view(false).shot).not.toBeNull(); // the shot is open again
    app.handle({ type: 'commit-shot', die: { source: 'virtual' } });
    expect(app.view(false).shots.at(-1)?.critical?.value).toBe(first);
    expect(app.view(false).warnings).toEqual([]);
  });

  it('resumes from disk with the same state, and a replay folds bit for bit the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-resume-'));
    const app = new AppController({ dataDir: dir });
    app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 'r', seed: 's', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] });
    app.handle({ type: 'add-model', model: model('A', 'Танк', 'vehicle', 3, { launcherNode: 'L1' }) });
    app.handle({ type: 'add-model', model: model('B', 'Шагоход', 'vehicle', 3, { hitNode: 'V2' }) });
    app.handle({ type: 'finish-setup', firstPlayer: 'A' });
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'V2', { strength: 500 }));
    app.handle({ type: 'commit-shot', die: null });
    app.handle({ type: 'end-turn' });
    const before = app.view(false);
    const records = app.game?.records() ?? [];
    app.close();
    const again = new AppController({ dataDir: dir });
    expect(again.view(false)).toEqual(before);
    expect(JSON.stringify([...foldGame(records).models])).toBe(JSON.stringify([...(again.game?.current.models ?? [])]));
    again.close();
  });

  it('refuses what the rules or the phase do not allow, with a reason', () => {
    const app = game();
    expect(app.handle({ type: 'add-model', model: model('A', 'x', 'infantry', 1) })).toEqual({ ok: false, problem: 'models are added during setup' });
    expect(app.handle({ type: 'commit-shot', die: null })).toEqual({ ok: false, problem: 'no shot is open' });
    expect(app.handle({ type: 'select', shooterId: 'Z9', targetId: null, weaponId: null })).toEqual({ ok: false, problem: 'no model Z9' });
  });

  it('shows band, steps and exact odds of the selected attack from the engine', () => {
    const app = game();
    app.handle({ type: 'select', shooterId: 'A1', targetId: 'B2', weaponId: null });
    const v = app.view(false);
    const pair = v.pairs.find((p) => p.targetId === 'B2');
    // Centres 360.6 mm apart; core/table measures by Вторжение's convention (not centre to
    // centre), which lands under 36 cm: 7 шагов by the 1-cm rule, band short (16–40 cm).
    expect(pair).toMatchObject({ steps: 7, band: 'short', closeCombat: false, lineOfSight: 'clear' });
    expect(pair?.distanceMm).toBeCloseTo(360.6, 0);
    expect(v.odds?.problem).toBeNull();
    expect(v.odds?.odds['hit=true']).toMatch(/^\d+\/\d+$/);
  });

  it('picks another weapon for the pair the session holds, and refuses one the shooter lacks', () => {
    const app = game();
    expect(app.handle({ type: 'pick-weapon', weaponId: 'assault-rifle' })).toEqual({ ok: false, problem: 'no shooter is selected' });
    app.handle({ type: 'select', shooterId: 'A1', targetId: 'B2', weaponId: null });
    expect(app.handle({ type: 'pick-weapon', weaponId: 'flamer' })).toEqual({ ok: false, problem: 'Танк has no weapon flamer' });
    expect(app.handle({ type: 'pick-weapon', weaponId: 'assault-rifle' })).toEqual({ ok: true });
    const v = app.view(false);
    expect(v.selection).toEqual({ shooterId: 'A1', targetId: 'B2', weaponId: 'assault-rifle' });
    expect(v.odds?.weaponId).toBe('assault-rifle');
  });

  it('activates units through the engine game: only the active player\'s, once a turn; moves count from activation', () => {
    const app = game();
    expect(app.handle({ type: 'activate', modelId: 'A1' })).toEqual({ ok: true });
    expect(app.view(false).acting).toBe('A1');
    expect(app.handle({ type: 'activate', modelId: 'A1' }).ok).toBe(false);
    const other = app.handle({ type: 'activate', modelId: 'B1' });
    expect(other.ok).toBe(false);
    app.handle({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 300, fallen: false }] });
    expect(app.view(false).moves).toEqual([expect.objectContaining({ id: 'A1', movedMm: 200, ok: true })]);
    app.handle({ type: 'end-turn' });
    expect(app.view(false).models.find((m) => m.id === 'A1')?.activated).toBe(false);
    expect(app.handle({ type: 'activate', modelId: 'B1' })).toEqual({ ok: true });
  });

  it('orders Звездный Десант activations by initiative across both players (the engine\'s activation-order)', () => {
    const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-zd-')) });
    app.handle({ type: 'new-game', ruleset: 'zvezdny-desant', title: 'zd', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] });
    for (const p of ['A', 'A', 'A', 'B', 'B'] as const) app.handle({ type: 'add-model', model: model(p, 'отряд', 'infantry', 1) });
    app.handle({ type: 'finish-setup', firstPlayer: 'A' });
    // The digest's example: A = {5, 3, 2}, B = {6, 4} → B6, A5, B4, A3, A2.
    for (const [id, n] of [['A1', 5], ['A2', 3], ['A3', 2], ['B1', 6], ['B2', 4]] as const) expect(app.handle({ type: 'set-initiative', modelId: id, initiative: n })).toEqual({ ok: true });
    expect(app.view(false).activationOrder).toEqual(['B1', 'A1', 'B2', 'A2', 'A3']);
    app.handle({ type: 'end-turn' });
    expect(app.view(false).models.every((m) => m.initiative === 0)).toBe(true);
  });

  it('scores a Бронепехота real shot with its own damage table (no die), and a ricochet counts nothing', () => {
    const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-bp-')) });
    app.handle({ type: 'new-game', ruleset: 'bronepekhota', title: 'bp', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] });
    app.handle({ type: 'add-model', model: { ...model('A', 'Орудие', 'gun', 4, { launcherNode: 'L1' }), unitType: 'mobile-gun' } });
    app.handle({ type: 'add-model', model: { ...model('B', 'Шагоход', 'vehicle', 6, { hitNode: 'W1', tiltNode: 'W1T' }), unitType: 'walker' } });
    app.handle({ type: 'finish-setup', firstPlayer: 'A' });
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'W1', { strength: 900 }));
    app.recordSensor(reading('TILT', 'W1T', { state: 'DOWN', angleDeg: 85 }));
    expect(app.view(false).shot?.score.kind).toBe('result');
    expect(app.handle({ type: 'commit-shot', die: null })).toEqual({ ok: true });
    // A walker (max 6, critical 3) hit and knocked over: 3 in total → critical: stands, but shoots.
    expect(app.view(false).models.find((m) => m.id === 'B1')).toMatchObject({ damage: 3, nextTurn: 'stands-shoots', mayMove: false, mayShoot: true });
    app.recordSensor(reading('SHOT', 'L1'));
    app.recordSensor(reading('HIT', 'W1', { strength: 400 }));
    app.handle({ type: 'correct-shot', attribution: { targetId: 'B1', hit: true, fell: false, ricochet: true } });
    app.handle({ type: 'commit-shot', die: null });
    expect(app.view(false).models.find((m) => m.id === 'B1')?.damage).toBe(3);
  });
});
