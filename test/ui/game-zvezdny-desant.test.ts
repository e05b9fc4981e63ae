import { expect } from 'vitest';
import { playGame } from './game-plan.js';
import { aim, dragModel, drawWall, endTurn, expectSaid, look, oddsShown, pairOf, refused, rollTyped, rollVirtual, tableAction, text, view } from './game-steps.js';

/**
 * A whole Звездный Десант game in Chromium, in Russian and in English: rosters within 500 points
 * (built, imported), deployment by dragging, order cards' initiative putting both players' units
 * in one execution order, a unit acting before its turn refused with the engine's reason, odds
 * then virtual dice, typed dice, a wall closing a line of sight, the summary and the replay.
 */
const SYSTEM = 'zvezdny-desant';

playGame({
  system: SYSTEM,
  name: 'a Звездный Десант game',
  serial: false,
  title: { ru: 'Десант на Клендату', en: 'Drop on Klendathu' },
  built: [{ type: 'trooper-squad', figures: 6, options: ['heavy-gun'] }, { type: 'heavy-squad' }],
  imported: { units: [{ id: 'B1', type: 'trooper-squad', figures: 5 }, { id: 'B2', type: 'bug-swarm', figures: 8 }] },
  roll: { describe: (m) => `${m.id} ${m.player}`, expect: ['A1 A', 'A2 A', 'B1 B', 'B2 B'] },
  afterBuilt: async (t) => {
    expectSaid(t, await text(t.page, 'roster-summary'), { ru: /Очки: \d+ \/ 500/, en: /Points: \d+ \/ 500/ });
  },
  places: (W, D) => ({ A1: [0.3 * W, 0.25 * D], A2: [0.7 * W, 0.25 * D], B1: [0.5 * W, 0.6 * D], B2: [0.7 * W, 0.25 * D + 150] }),
  turns: async (t, { W, D }) => {
    const p = t.page;
    // The orders phase: each player gives every unit an order card and its command points (all 10
    // spent); the points set the execution order across both players.
    await p.getByTestId('orders-panel').waitFor();
    for (const [player, cards] of [['A', [['A1', 6], ['A2', 4]]], ['B', [['B1', 7], ['B2', 3]]]] as const) {
      for (const [id, n] of cards) {
        await p.getByTestId(`order-${id}`).selectOption('attack');
        await p.getByTestId(`order-initiative-${id}`).fill(String(n));
        await p.getByTestId(`order-initiative-${id}`).press('Tab');
      }
      expectSaid(t, await text(p, `orders-spent-${player}`), { ru: 'командных очков 10 из 10', en: '10 of 10 command points' });
      if (player === 'B') await look(t, SYSTEM, 'orders');
      await p.getByTestId(`orders-submit-${player}`).click();
      await p.getByTestId(`orders-given-${player}`).waitFor();
    }
    await p.waitForFunction(() => window.__shagomer?.view()?.activationOrder?.join() === 'B1,A1,A2,B2');
    expectSaid(t, await text(p, 'activation-order'), { ru: /1\. .*\(7\).*2\. .*\(6\).*3\. .*\(4\).*4\. .*\(3\)/, en: /1\. .*\(7\).*2\. .*\(6\).*3\. .*\(4\).*4\. .*\(3\)/ });

    // A1 may not fire before B1, whose card carries more points: the reason is on screen.
    await aim(t, 'A1', 'B1');
    await oddsShown(t);
    await refused(t, () => p.getByTestId('roll-virtual').click(), { ru: 'сейчас по инициативе действует B1 (инициатива 7), A1 — позже', en: 'by initiative B1 acts now (initiative 7); A1 comes later' });

    // B1 goes first: its odds, then the seeded dice.
    await aim(t, 'B1', 'A1');
    await look(t, SYSTEM, 'attack');
    const first = await rollVirtual(t);
    expect(first.shooterId).toBe('B1');
    // A1 answers with dice typed from the table (to-hit, then wound tests): the engine reads as many as it needs.
    await aim(t, 'A1', 'B1');
    const typed = await rollTyped(t, Array.from({ length: 30 }, (_, i) => 1 + ((i * 7) % 20)));
    expect(typed.diceUsed.length).toBeGreaterThan(0);

    // A wall between A1 and B1: the line closes, the odds go.
    await aim(t, 'A1', 'B1');
    expect((await pairOf(p, 'B1'))?.lineOfSight).toBe('clear');
    const [mx, my] = [0.4 * W, 0.425 * D];
    await drawWall(t, [[mx - 100, my - 25], [mx + 100, my - 25], [mx + 100, my + 25], [mx - 100, my + 25]], 200);
    await p.waitForFunction(() => window.__shagomer?.view()?.pairs.find((x) => x.targetId === 'B1')?.lineOfSight === 'blocked');
    expectSaid(t, await text(p, 'pair'), { ru: 'цель не видна: линию видимости закрывает местность', en: 'the target is out of sight: terrain blocks the line' });
    expect(await p.getByTestId('roll-virtual').count()).toBe(0);
    await look(t, SYSTEM, 'terrain');
    await aim(t, 'A2', 'B1');
    await rollVirtual(t);

    // Last by initiative, the bug swarm runs into contact with the heavy troopers: a melee,
    // its odds in words, dice typed from the table.
    const a2 = (await view(p)).models.find((m) => m.id === 'A2')?.pos;
    if (!a2) throw new Error('A2 is off the table');
    await p.getByTestId('activate-B2').click();
    await p.waitForFunction(() => window.__shagomer?.view()?.acting === 'B2');
    await dragModel(t, 'B2', a2.xMm, a2.yMm + 38);
    const melee = await tableAction(t, 'B2', 'multi-melee', { targets: ['A2'], dice: Array.from({ length: 30 }, (_, i) => 1 + ((i * 11) % 20)), beforeRoll: () => look(t, SYSTEM, 'melee') });
    expect(melee.result.outcomes.map((o) => o.modelId)).toEqual(expect.arrayContaining(['A2', 'B2']));
    await endTurn(t);
  },
  replay: { contains: ['initiative-set', 'attack-resolved', 'table-action-resolved'], counts: { 'attack-resolved': 3 } },
});
