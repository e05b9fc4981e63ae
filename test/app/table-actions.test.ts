import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Intent, ModelDraft } from '../../src/app/api/intents.js';
import { GameView } from '../../src/app/api/view.js';
import { AppController } from '../../src/app/app-controller.js';
import { createAppServer } from '../../src/app/server/http-server.js';
import { foldGame } from '../../src/app/session/game-state.js';

/**
 * The table-action machinery end to end over HTTP: draft → exact odds in the view → roll
 * (typed and seeded dice) → journal → the game reopened from disk replays to the same state.
 */

const trooper = (player: 'A' | 'B', name: string, weapons: string[], armour = 3): ModelDraft => ({
  player,
  name,
  kind: 'infantry',
  armour,
  stamina: 1,
  speedSteps: 4,
  baseMm: 25,
  heightMm: 40,
  weapons: weapons.map((id) => ({ id, label: id, rangeSteps: id === 'grenade-launcher' ? 20 : 1, power: 3, accuracyBonus: 0 })),
  tag: null,
  hitNode: null,
  tiltNode: null,
  launcherNode: null,
});

let dataDir: string;
let app: AppController;
let base: string;
let token: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'shagomer-actions-'));
  app = new AppController({ dataDir, clock: () => 1_764_000_000_000 });
  const s = createAppServer({ app, uiDir: join(tmpdir(), 'no-ui-here') });
  stop = s.stop;
  token = s.access.nightToken;
  await new Promise<void>((r) => s.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await stop();
  app.close();
});

const send = async (intent: unknown): Promise<{ status: number; body: { ok: boolean; problem?: string; reason?: { ru: string; en: string } } }> => {
  const res = await fetch(`${base}/api/intent`, { method: 'POST', body: JSON.stringify(intent), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  return { status: res.status, body: (await res.json()) as { ok: boolean; problem?: string } };
};
const ok = async (intent: Intent): Promise<void> => expect((await send(intent)).body).toEqual({ ok: true });
const view = async (): Promise<GameView> => GameView.parse(await (await fetch(`${base}/api/view`, { headers: { authorization: `Bearer ${token}` } })).json());

describe('table actions over HTTP', () => {
  it('drafts a close combat, shows its exact odds, rolls typed dice, journals and replays it', async () => {
    await ok({ type: 'new-game', ruleset: 'vtorzhenie', title: 'melee', seed: 'melee-seed', players: [{ id: 'A', name: 'Аня', colour: '#112233' }, { id: 'B', name: 'Борис', colour: '#332211' }] });
    // The digest's close-combat example: chainsword (CC 4, two dice) and armour 3 against a knife (CC 1) and armour 3.
    await ok({ type: 'add-model', model: trooper('A', 'Штурмовик', ['chainsword']) });
    await ok({ type: 'add-model', model: trooper('B', 'Кибер-пехотинец', ['knife']) });
    await ok({ type: 'add-model', model: trooper('B', 'Дальний', ['grenade-launcher']) });
    // Bases touch (25 mm apart): in contact. The third stands well away.
    await ok({ type: 'place-models', models: [{ id: 'A1', xMm: 300, yMm: 300, fallen: false }, { id: 'B1', xMm: 325, yMm: 300, fallen: false }, { id: 'B2', xMm: 900, yMm: 300, fallen: false }] });
    await ok({ type: 'finish-setup', firstPlayer: 'A' });
    await ok({ type: 'select', shooterId: 'A1', targetId: null, weaponId: null });
    let v = await view();
    const cc = v.actions?.find((a) => a.action === 'close-combat');
    expect(cc).toMatchObject({ kind: 'melee', targets: 'many', offered: null, suggest: ['B1'] });
    expect(v.actions?.find((a) => a.action === 'blast')?.offered?.en).toMatch(/blast weapon/);

    await ok({ type: 'draft-action', draft: { action: 'close-combat', actorId: 'A1', targetIds: ['B1'], aim: null, choices: {} } });
    v = await view();
    expect(v.draft).toMatchObject({ action: 'close-combat', priced: true, allowed: true, problem: null, involved: ['A1', 'B1'], harmKey: 'winner=attacker' });
    // 2 dice keep the higher + 7 against 1 die + 4: the attacker wins 202 of 207 decided fights.
    expect(v.draft?.odds['winner=attacker']).toBe('202/207');
    expect(v.draft?.odds['fighters.B1.destroyed=true']).toBe('202/207');

    // EX: the attacker rolls 4 and 1 (keeps 4), the defender 3: 11 against 7, the defender dies.
    await ok({ type: 'roll-action', dice: [4, 1, 3] });
    v = await view();
    expect(v.models.find((m) => m.id === 'B1')).toMatchObject({ damage: 1, destroyed: true });
    expect(v.models.find((m) => m.id === 'A1')).toMatchObject({ damage: 0, destroyed: false });
    const result = v.actionResults?.at(-1);
    expect(result).toMatchObject({ action: 'close-combat', actorId: 'A1', dice: 'physical', diceUsed: [4, 1, 3], harmKey: 'winner=attacker', override: false });
    expect(result?.odds['winner=attacker']).toBe('202/207');
    expect(result?.outcomes.find((o) => o.modelId === 'B1')?.outcome).toMatchObject({ hit: true, destroyed: true });
    // The summary counts the fight as A's table action, and B's loss.
    await ok({ type: 'end-game' });
    const summary = (await view()).summary?.players;
    expect(summary?.map((p) => [p.id, p.actions, p.losses])).toEqual([['A', 1, 0], ['B', 0, 1]]);
    await ok({ type: 'undo' });
  });

  it('refuses an action out of turn with the turn engine’s reason, and the referee’s override is journalled', async () => {
    // B's trooper in A's turn.
    await ok({ type: 'draft-action', draft: { action: 'stand-up', actorId: 'B2', targetIds: [], aim: null, choices: {} } });
    let v = await view();
    expect(v.draft?.reason?.en).toBe('the model is standing');
    const refused = await send({ type: 'roll-action', dice: null });
    expect(refused.body.ok).toBe(false);
    expect(refused.body.reason?.en).toBe('the model is standing');

    // A blast by B's grenadier at A's model: B is not the active player.
    await ok({ type: 'draft-action', draft: { action: 'blast', actorId: 'B2', targetIds: [], aim: { x_mm: 300, y_mm: 300 }, choices: { weapon: 'grenade-launcher' } } });
    v = await view();
    expect(v.draft).toMatchObject({ action: 'blast', priced: true, allowed: true, involved: ['A1'], radiusMm: 100 });
    expect(v.draft?.odds['victims.A1.penetrated=true']).toBe('5/12');
    const out = await send({ type: 'roll-action', dice: null });
    expect(out.body.ok).toBe(false);
    expect(out.body.reason?.ru).toMatch(/ход игрока A/);
    expect(out.body.reason?.en).toMatch(/player A's turn/);
    const before = app.game?.records().length ?? 0;
    expect(app.game?.records().length).toBe(before);
    await ok({ type: 'roll-action', dice: null, override: true });
    const last = app.game?.records().at(-1)?.event;
    expect(last).toMatchObject({ type: 'table-action-resolved', action: 'blast', actorId: 'B2', dice: 'virtual', override: true, targets: { 'victims.A1': 'A1' } });
    expect(app.game?.current.rules.overrides.at(-1)?.type).toBe('action-resolved');
  });

  it('rejects bad drafts at the boundary with one line', async () => {
    const tooMany = await send({ type: 'draft-action', draft: { action: 'close-combat', actorId: 'A1', targetIds: Array.from({ length: 61 }, (_, i) => `B${i}`), aim: null, choices: {} } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.problem).toMatch(/^draft\.targetIds: /);
    const badAim = await send({ type: 'draft-action', draft: { action: 'blast', actorId: 'B2', targetIds: [], aim: { x_mm: 'here', y_mm: 0 }, choices: {} } });
    expect(badAim.status).toBe(400);
    expect((await send({ type: 'draft-action', draft: { action: 'blast', actorId: 'nobody', targetIds: [], aim: null, choices: {} } })).body).toEqual({ ok: false, problem: 'no model nobody' });
    expect((await send({ type: 'roll-action', dice: [21] })).status).toBe(400);
    expect((await send({ type: 'roll-action', dice: Array.from({ length: 61 }, () => 1) })).status).toBe(400);
    expect((await send({ type: 'roll-action', dice: null, override: false })).status).toBe(400);
  });

  it('replays the journal byte for byte: the same damage, dice and generator', async () => {
    const session = app.game;
    if (!session) throw new Error('no game');
    const live = session.current;
    const again = foldGame(session.records());
    expect(again.warnings).toEqual([]);
    expect(JSON.stringify(again.rules)).toBe(JSON.stringify(live.rules));
    expect(again.tableActions.map((a) => a.event.diceUsed)).toEqual(live.tableActions.map((a) => a.event.diceUsed));
    // Undo takes the blast back like an attack: A1 as it stood before it.
    const damageBefore = live.rules.journal.at(-2);
    await ok({ type: 'undo' });
    expect(app.game?.current.tableActions).toHaveLength(1);
    expect(app.game?.current.rules.journal.at(-1)?.seq).toBe(damageBefore?.seq);
  });
});
