import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/app/app-controller.js';
import type { Intent } from '../../src/app/api/intents.js';
import { GameView } from '../../src/app/api/view.js';
import { createAppServer } from '../../src/app/server/http-server.js';
import { foldGame } from '../../src/app/session/game-state.js';

/** A Звездный Десант game from two rosters, set up and started: A1, A2 (player A) and B1 (player B). */
function zdGame(): { app: AppController; ids: { a1: string; a2: string; b1: string } } {
  const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-orders-')), clock: () => 1_764_000_000_000 });
  const ok = (i: Intent) => expect(app.handle(i)).toEqual({ ok: true });
  ok({ type: 'new-game', ruleset: 'zvezdny-desant', title: 'orders', seed: 'orders-1', players: [{ id: 'A', name: 'Орлов', colour: '#112233' }, { id: 'B', name: 'Рой', colour: '#332211' }] });
  ok({ type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'A', units: [{ id: 'A1', type: 'trooper-squad', figures: 5, options: [], stats: {} }, { id: 'A2', type: 'heavy-squad', options: [], stats: {} }] } });
  ok({ type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'B', units: [{ id: 'B1', type: 'bug-swarm', options: [], stats: {} }] } });
  const [a1, a2, b1] = app.view(false).models.map((m) => m.id) as [string, string, string];
  ok({ type: 'place-models', models: [{ id: a1, xMm: 200, yMm: 200, fallen: false }, { id: a2, xMm: 200, yMm: 500, fallen: false }, { id: b1, xMm: 600, yMm: 200, fallen: false }] });
  ok({ type: 'finish-setup', firstPlayer: 'A' });
  return { app, ids: { a1, a2, b1 } };
}

describe('the orders screen\'s intent (set-orders) and the order cards in the turn', () => {
  it('shows the system\'s orders and points; a roster unit carries its sheet to the attack, whose odds are exact', () => {
    const { app, ids } = zdGame();
    const v = app.view(false);
    expect(v.orderCards).toMatchObject({ points: 10, allPointsSpent: true, given: {}, open: true });
    expect(v.orderCards?.orders.map((o) => o.label.ru)).toEqual(['«Движение»', '«Оборона»', '«Атака»']);
    expect(app.handle({ type: 'select', shooterId: ids.a1, targetId: ids.b1, weaponId: 'rifle' })).toEqual({ ok: true });
    // Five rifles at 11+, the bugs' КБР A against Хрк A12: a whole squad's fire, priced exactly.
    expect(app.view(false).odds).toMatchObject({ action: 'shoot', problem: null, odds: { 'hit=true': '31/32' }, harmKey: 'wounded=true' });
  });

  it('refuses cards that leave points unspent or a unit without an order, in both languages', () => {
    const { app, ids } = zdGame();
    expect(app.handle({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.a1, order: 'attack', initiative: 6 }, { modelId: ids.a2, order: 'defence', initiative: 2 }] })).toEqual({
      ok: false,
      problem: 'player A spent 8 of 10 command points: all must be spent',
      reason: { ru: 'игрок A распределил 8 из 10 командных очков: нужно распределить все', en: 'player A spent 8 of 10 command points: all must be spent' },
    });
    expect(app.handle({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.a1, order: 'attack', initiative: 10 }] })).toMatchObject({ ok: false, reason: { ru: `у ${ids.a2} нет приказа: каждое подразделение получает карточку` } });
    expect(app.handle({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.b1, order: 'attack', initiative: 10 }] })).toMatchObject({ ok: false, reason: { en: `${ids.b1} belongs to the other player` } });
  });

  it('an overspent total waits for the opponent\'s cut, exactly the overspend (digest), then the cards stand', () => {
    const { app, ids } = zdGame();
    const cards = [
      { modelId: ids.a1, order: 'attack', initiative: 8 },
      { modelId: ids.a2, order: 'defence', initiative: 5 },
    ];
    expect(app.handle({ type: 'set-orders', player: 'A', cards })).toMatchObject({ ok: false, reason: { ru: 'игрок A назначил 13 из 10 командных очков: противник снижает инициативы на 3' } });
    expect(app.handle({ type: 'set-orders', player: 'A', cards, lowered: [{ modelId: ids.a1, by: 2 }] })).toMatchObject({ ok: false, reason: { en: 'overspent by 3: the opponent lowers the initiatives by exactly that, not 2' } });
    expect(app.handle({ type: 'set-orders', player: 'A', cards, lowered: [{ modelId: ids.a1, by: 3 }] })).toEqual({ ok: true });
    expect(app.handle({ type: 'set-orders', player: 'B', cards: [{ modelId: ids.b1, order: 'move', initiative: 10 }] })).toEqual({ ok: true });
    const v = app.view(false);
    expect(v.orderCards?.given).toEqual({ [ids.a1]: 'attack', [ids.a2]: 'defence', [ids.b1]: 'move' });
    expect(v.models.map((m) => [m.id, m.initiative])).toEqual([[ids.a1, 5], [ids.a2, 5], [ids.b1, 10]]);
    // B1 (10) first, then A's two units at 5, first player's choice.
    expect(v.activationOrder?.[0]).toBe(ids.b1);
  });

  it('a unit whose order forbids a phase is refused with the reason; the referee\'s override is journalled', () => {
    const { app, ids } = zdGame();
    expect(app.handle({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.a1, order: 'attack', initiative: 4 }, { modelId: ids.a2, order: 'defence', initiative: 6 }] })).toEqual({ ok: true });
    expect(app.handle({ type: 'set-orders', player: 'B', cards: [{ modelId: ids.b1, order: 'move', initiative: 10 }] })).toEqual({ ok: true });
    expect(app.handle({ type: 'start-phase', modelId: ids.b1, phase: 'shoot' })).toEqual({
      ok: false,
      problem: `${ids.b1}: the Move order does not allow shooting`,
      reason: { ru: `${ids.b1}: приказ «Движение» не позволяет «стрельба»`, en: `${ids.b1}: the Move order does not allow shooting` },
    });
    expect(app.handle({ type: 'start-phase', modelId: ids.b1, phase: 'move' })).toEqual({ ok: true });
    expect(app.handle({ type: 'start-phase', modelId: ids.a2, phase: 'move' })).toMatchObject({ ok: false, reason: { ru: `${ids.a2}: приказ «Оборона» не позволяет «движение»` } });
    expect(app.handle({ type: 'start-phase', modelId: ids.a2, phase: 'move', override: true })).toEqual({ ok: true });
    expect(app.game?.current.rules.overrides.at(-1)).toMatchObject({ type: 'phase-started', broke: { en: `${ids.a2}: the Defence order does not allow move` } });
    // Orders are given before anyone acts; the cards go back at the end of the turn.
    expect(app.handle({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.a1, order: 'attack', initiative: 10 }, { modelId: ids.a2, order: 'attack', initiative: 0 }] })).toMatchObject({ ok: false, reason: { en: 'orders come before the execution: units have already acted this turn' } });
    expect(app.handle({ type: 'end-turn' })).toEqual({ ok: true });
    expect(app.view(false).orderCards).toMatchObject({ given: {}, open: true });
  });

  it('a unit that fails its panic test sits the next turn out: no order card, then it recovers', () => {
    const { app, ids } = zdGame();
    const ok = (i: Intent) => expect(app.handle(i)).toEqual({ ok: true });
    ok({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.a1, order: 'attack', initiative: 6 }, { modelId: ids.a2, order: 'defence', initiative: 4 }] });
    ok({ type: 'set-orders', player: 'B', cards: [{ modelId: ids.b1, order: 'move', initiative: 10 }] });
    // The heavy squad's panic test (D20 ≤ ЛДР holds): a 20 fails it.
    ok({ type: 'draft-action', draft: { action: 'panic-test', actorId: ids.a2, targetIds: [], aim: null, choices: {} } });
    ok({ type: 'roll-action', dice: [20] });
    expect(app.view(false).actionResults?.at(-1)?.outcomes[0]?.outcome).toMatchObject({ passed: false, panic: true });
    expect(app.view(false).models.find((m) => m.id === ids.a2)).toMatchObject({ nextTurn: 'skip', sitsOut: false });
    ok({ type: 'end-turn' });
    // Turn 2: the panicked squad gets no card and is not offered to act; the points go to the rest.
    expect(app.view(false).models.find((m) => m.id === ids.a2)?.sitsOut).toBe(true);
    expect(app.handle({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.a1, order: 'attack', initiative: 6 }, { modelId: ids.a2, order: 'attack', initiative: 4 }] })).toMatchObject({
      ok: false,
      reason: { ru: `${ids.a2} пропускает этот ход (паника или повреждение): карточки приказа не получает` },
    });
    ok({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.a1, order: 'attack', initiative: 10 }] });
    ok({ type: 'set-orders', player: 'B', cards: [{ modelId: ids.b1, order: 'move', initiative: 10 }] });
    expect(app.view(false).mayActNext).not.toContain(ids.a2);
    ok({ type: 'end-turn' });
    // Turn 3: it has recovered and takes a card again.
    expect(app.view(false).models.find((m) => m.id === ids.a2)).toMatchObject({ nextTurn: 'normal', sitsOut: false });
    ok({ type: 'set-orders', player: 'A', cards: [{ modelId: ids.a1, order: 'attack', initiative: 6 }, { modelId: ids.a2, order: 'defence', initiative: 4 }] });
  });

  it('a system without order cards refuses set-orders', () => {
    const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-orders-')), clock: () => 1_764_000_000_000 });
    app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 't', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] });
    expect(app.view(false).orderCards).toBeNull();
    expect(app.handle({ type: 'set-orders', player: 'A', cards: [{ modelId: 'A1', order: 'move', initiative: 1 }] })).toMatchObject({ ok: false, reason: { ru: 'в этой системе нет карточек приказов' } });
  });
});

describe('set-orders over HTTP', () => {
  it('refuses bad bodies with one line, takes good cards, and the journal replays them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shagomer-orders-http-'));
    const app = new AppController({ dataDir, clock: () => 1_764_000_000_000 });
    const s = createAppServer({ app, uiDir: join(tmpdir(), 'no-ui-here') });
    await new Promise<void>((r) => s.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    const send = async (intent: unknown) => {
      const res = await fetch(`${base}/api/intent`, { method: 'POST', body: JSON.stringify(intent), headers: { authorization: `Bearer ${s.access.nightToken}`, 'content-type': 'application/json' } });
      return { status: res.status, body: (await res.json()) as { ok: boolean; problem?: string; reason?: { ru: string; en: string } } };
    };
    try {
      for (const i of [
        { type: 'new-game', ruleset: 'zvezdny-desant', title: 'http', seed: 'h', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] },
        { type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'A', units: [{ id: 'A1', type: 'trooper-squad', options: [], stats: {} }] } },
        { type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'B', units: [{ id: 'B1', type: 'bug-swarm', options: [], stats: {} }] } },
        { type: 'place-models', models: [{ id: 'A1', xMm: 200, yMm: 200, fallen: false }, { id: 'B1', xMm: 800, yMm: 200, fallen: false }] },
        { type: 'finish-setup', firstPlayer: 'B' },
      ]) expect((await send(i)).body).toEqual({ ok: true });
      const tooHigh = await send({ type: 'set-orders', player: 'A', cards: [{ modelId: 'A1', order: 'attack', initiative: 21 }] });
      expect(tooHigh.status).toBe(400);
      expect(tooHigh.body.problem).toMatch(/^cards\.0\.initiative: /);
      expect((await send({ type: 'set-orders', player: 'C', cards: [{ modelId: 'A1', order: 'attack', initiative: 1 }] })).status).toBe(400);
      expect((await send({ type: 'set-orders', player: 'A', cards: [] })).status).toBe(400);
      expect((await send({ type: 'set-orders', player: 'A', cards: Array.from({ length: 201 }, () => ({ modelId: 'A1', order: 'move', initiative: 0 })) })).status).toBe(400);
      const twice = await send({ type: 'set-orders', player: 'A', cards: [{ modelId: 'A1', order: 'attack', initiative: 5 }, { modelId: 'A1', order: 'move', initiative: 5 }] });
      expect(twice).toMatchObject({ status: 200, body: { ok: false, reason: { ru: 'у A1 две карточки' } } });
      expect((await send({ type: 'set-orders', player: 'A', cards: [{ modelId: 'A1', order: 'attack', initiative: 10 }] })).body).toEqual({ ok: true });
      expect((await send({ type: 'set-orders', player: 'B', cards: [{ modelId: 'B1', order: 'move', initiative: 10 }] })).body).toEqual({ ok: true });
      const v = GameView.parse(await (await fetch(`${base}/api/view`, { headers: { authorization: `Bearer ${s.access.nightToken}` } })).json());
      expect(v.orderCards?.given).toEqual({ A1: 'attack', B1: 'move' });
      // Equal initiative across players: the first player's unit first (seed).
      expect(v.activationOrder).toEqual(['B1', 'A1']);
      const records = app.game?.records() ?? [];
      expect(foldGame(records).rules.turn.orders).toEqual({ A1: 'attack', B1: 'move' });
    } finally {
      await s.stop();
      app.close();
    }
  });
});
