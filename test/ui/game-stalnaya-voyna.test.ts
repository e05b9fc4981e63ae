import { expect } from 'vitest';
import { playGame } from './game-plan.js';
import { aim, dragModel, drawWall, endTurn, expectSaid, look, oddsShown, pairOf, refused, rollTyped, rollVirtual, tableAction, text, view } from './game-steps.js';

/**
 * A whole Стальная война game in Chromium, in Russian and in English, measured in inches: rosters
 * of squads, teams and a tank (built, imported), deployment by dragging, fire with its odds then
 * the seeded dice, fire out of turn refused, a wall closing a line of sight, typed dice in the
 * second turn, the summary and the replay.
 */
const SYSTEM = 'stalnaya-voyna';

playGame({
  system: SYSTEM,
  name: 'a Стальная война game',
  serial: false,
  title: { ru: 'Бой у переправы', en: 'Battle at the crossing' },
  built: [{ type: 'rifle-squad', figures: 8, options: ['lmg'] }, { type: 'tank' }],
  imported: { units: [{ id: 'B1', type: 'mg-team' }, { id: 'B2', type: 'rifle-squad', figures: 6 }] },
  roll: { describe: (m) => `${m.id} ${m.player} ${m.kind}`, expect: ['A1 A infantry', 'A2 A vehicle', 'B1 B infantry', 'B2 B infantry'] },
  places: (W, D) => ({ A1: [0.3 * W, 0.3 * D], A2: [0.7 * W, 0.3 * D], B1: [0.7 * W, 0.65 * D], B2: [0.3 * W, 0.3 * D + 170] }),
  turns: async (t, { W, D }) => {
    const p = t.page;
    // Turn 1, Синие: the rifle squad fires at the enemy squad; the range is in inches.
    await aim(t, 'A1', 'B2', 'rifle');
    expectSaid(t, await text(p, 'pair'), { ru: /\d+(,\d+)? дюйм(а|ов)?/, en: /\d+(\.\d+)? inch(es)?/ });
    const odds = await oddsShown(t);
    expect(odds.odds['allowed=true']).toBe('1/1');
    await look(t, SYSTEM, 'attack');
    const fire = await rollVirtual(t);
    expect(typeof fire.outcome.result).toBe('string');

    // Out of turn: Красные's squad may not fire in Синие's turn.
    await aim(t, 'B2', 'A1');
    await refused(t, () => p.getByTestId('roll-virtual').click(), { ru: /сейчас ход другого игрока$/, en: /it is the other player's turn$/ });

    // A wall between the tank and the MG team.
    await aim(t, 'A2', 'B1');
    expect((await pairOf(p, 'B1'))?.lineOfSight).toBe('clear');
    const [mx, my] = [0.7 * W, 0.475 * D];
    await drawWall(t, [[mx - 120, my - 25], [mx + 120, my - 25], [mx + 120, my + 25], [mx - 120, my + 25]], 150);
    await p.waitForFunction(() => window.__shagomer?.view()?.pairs.find((x) => x.targetId === 'B1')?.lineOfSight === 'blocked');
    expectSaid(t, await text(p, 'pair'), { ru: 'цель не видна: линию видимости закрывает местность', en: 'the target is out of sight: terrain blocks the line' });
    expect(await p.getByTestId('roll-virtual').count()).toBe(0);
    await look(t, SYSTEM, 'terrain');
    await endTurn(t);

    // Turn 2, Красные: under fire, their squad takes a morale test against the attackers picked
    // on the table (seeded dice), then fires back with dice typed from the table.
    const morale = await tableAction(t, 'B2', 'morale', { targets: ['A1'], dice: null, beforeRoll: () => look(t, SYSTEM, 'morale') });
    expect(morale.result.actorId).toBe('B2');
    expect(Object.keys(morale.result.odds)).toContain('passed=true');
    await aim(t, 'B2', 'A1');
    const typed = await rollTyped(t, [1, 1, 1]);
    expect(typed.diceUsed.length).toBeGreaterThan(0);
    await endTurn(t);

    // Turn 3, Синие: the rifle squad closes into base contact; paired melee with typed dice.
    const b2 = (await view(p)).models.find((m) => m.id === 'B2')?.pos;
    if (!b2) throw new Error('B2 is off the table');
    await dragModel(t, 'A1', b2.xMm, b2.yMm - 26);
    const melee = await tableAction(t, 'A1', 'paired-melee', { targets: ['B2'], dice: Array.from({ length: 40 }, (_, i) => 1 + ((i * 5) % 6)), beforeRoll: () => look(t, SYSTEM, 'melee') });
    expect(melee.result.actorId).toBe('A1');
    expect(melee.result.diceUsed.length).toBeGreaterThan(0);
    await endTurn(t);
  },
  replay: { contains: ['attack-resolved'], counts: { 'attack-resolved': 2, 'table-action-resolved': 2 } },
});
