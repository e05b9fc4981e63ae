import { expect } from 'vitest';
import { playGame } from './game-plan.js';
import { clickModel } from './play-helpers.js';
import { aim, bindSensors, clearSelection, dragModel, drawWall, endTurn, expectSaid, look, oddsShown, pairOf, realShot, refused, rollTyped, rollVirtual, tableAction, text, view } from './game-steps.js';

/**
 * A whole Вторжение «Новобранец» game in Chromium, in Russian and in English: rosters (one built
 * in the editor, one imported), deployment by dragging on the table, a real tank shot over a pty
 * with its critical die typed, a virtual sniper shot with its odds shown first, a shot out of turn
 * refused with its reason, a wall drawn that blocks a line of sight, typed dice in the second
 * turn, the end of the game, its summary and its replay event by event.
 */
const SYSTEM = 'vtorzhenie';
const SHOT = {
  fw: 'game-test',
  nodes: [{ id: 'L1', kind: 'L' }, { id: 'V2', kind: 'H' }, { id: 'V2T', kind: 'T' }],
  events: [
    { at_ms: 300, type: 'SHOT', launcher: 'L1', speed_mm_s: 5100 },
    { at_ms: 450, type: 'HIT', node: 'V2', strength: 801 },
    { at_ms: 520, type: 'TILT', node: 'V2T', state: 'DOWN', angle_deg: 83 },
  ],
};

playGame({
  system: SYSTEM,
  name: 'a Вторжение game',
  serial: true,
  title: { ru: 'Вечер в клубе', en: 'Club night' },
  built: [{ type: 'tank' }, { type: 'sniper' }],
  imported: { name: 'Захватчики', units: [{ id: 'B1', type: 'tank' }, { id: 'B2', type: 'trooper', options: ['grenade-launcher'] }] },
  roll: { describe: (m) => `${m.id} ${m.player} ${m.kind}`, expect: ['A1 A vehicle', 'A2 A infantry', 'B1 B vehicle', 'B2 B infantry'] },
  beforeDeploy: async (t) => {
    await bindSensors(t, 'A1', { launcher: 'L1' });
    await bindSensors(t, 'B1', { hit: 'V2', tilt: 'V2T' });
  },
  places: (W, D) => ({ A1: [0.3 * W, 0.2 * D], A2: [0.65 * W, 0.2 * D], B1: [0.3 * W, 0.7 * D], B2: [0.65 * W, 0.2 * D + 220] }),
  turns: async (t, { W, D }) => {
    const p = t.page;
    expectSaid(t, await text(p, 'turn'), { ru: 'Ход 1', en: 'Turn 1' });

    // Turn 1, Синие: the tank fires its real launcher; the simulated hub reports the hit and fall.
    await realShot(t, SHOT, 4);
    const shot = (await view(p)).shots.at(-1);
    expect(shot?.attribution).toMatchObject({ targetId: 'B1', hit: true, fell: true });
    expect(shot?.critical).toEqual({ source: 'physical', value: 4 });
    expectSaid(t, await text(p, 'last-result'), { ru: 'D6 = 4', en: 'D6 = 4' });
    expect((await view(p)).models.find((m) => m.id === 'B1')?.damage).toBe(shot?.result?.damage);

    // The sniper aims at the trooper: the odds in words, then the seeded virtual dice.
    await aim(t, 'A2', 'B2', 'sniper-rifle');
    const odds = await oddsShown(t);
    expectSaid(t, odds.words, { ru: /^попадание \d+(,\d)?\s%, пробитие \d+(,\d)?\s%/, en: /^hit \d+(\.\d)?%, penetration \d+(\.\d)?%/ });
    await look(t, SYSTEM, 'attack');
    const sniper = await rollVirtual(t);
    expect((await view(p)).models.find((m) => m.id === 'B2')?.damage).toBe(sniper.outcome.damage);

    // Out of turn: the trooper may not answer in Синие's turn, and the screen says why.
    await aim(t, 'B1', 'A2');
    await refused(t, () => p.getByTestId('roll-virtual').click(), { ru: /сейчас ход другого игрока$/, en: /it is the other player's turn$/ });

    // A wall between the sniper and the tank: the line of sight and the odds change.
    await aim(t, 'A2', 'B1', 'sniper-rifle');
    expect((await pairOf(p, 'B1'))?.lineOfSight).toBe('clear');
    const clearOdds = (await view(p)).odds;
    expect(clearOdds?.allowed).toBe(true);
    // Half-way between them, across the line (A2 at 0.65 W, 0.2 D; B1 at 0.3 W, 0.7 D).
    const [mx, my] = [0.475 * W, 0.45 * D];
    await drawWall(t, [[mx - 140, my - 40], [mx + 140, my - 40], [mx + 140, my + 40], [mx - 140, my + 40]], 300);
    await p.waitForFunction(() => window.__shagomer?.view()?.pairs.find((x) => x.targetId === 'B1')?.lineOfSight === 'blocked');
    expectSaid(t, await text(p, 'pair'), { ru: 'Видимость: не видна', en: 'Line of sight: blocked' });
    const blockedOdds = (await view(p)).odds;
    expect(blockedOdds?.problem).not.toBeNull();
    expectSaid(t, await text(p, 'pair'), { ru: 'цель не видна: линию видимости закрывает местность', en: 'the target is out of sight: terrain blocks the line' });
    expect(await p.getByTestId('roll-virtual').count()).toBe(0);
    await look(t, SYSTEM, 'terrain', true);

    // Turn 2, Красные: the trooper fires back with dice typed from the table.
    await endTurn(t);
    expectSaid(t, await text(p, 'turn'), { ru: 'Ход 2', en: 'Turn 2' });
    await aim(t, 'B2', 'A2', 'assault-rifle');
    const typed = await rollTyped(t, [6, 6, 6, 6, 6, 6]);
    expect(typed.outcome.hit).toBe(true);
    // Its grenade launcher: a blast aimed on the table at the tank; the models inside its radius
    // are found, priced, and rolled with the seeded dice.
    const [ax, ay] = [0.3 * W, 0.2 * D];
    const blast = await tableAction(t, 'B2', 'blast', {
      at: [ax, ay],
      dice: null,
      beforeRoll: async () => {
        // The big number says what it is the chance of: the tank's penetration (none through its armour 10).
        expectSaid(t, await text(p, 'action-headline'), { ru: 'Танк: пробитие', en: 'Tank: penetration' });
        await look(t, SYSTEM, 'blast');
      },
    });
    expect(blast.result.outcomes.map((o) => o.modelId)).toContain('A1');
    await endTurn(t);

    // Turn 3, Синие: the sniper runs into base contact with the trooper; close combat with typed dice.
    const b2 = (await view(p)).models.find((m) => m.id === 'B2')?.pos;
    if (!b2) throw new Error('B2 is off the table');
    await dragModel(t, 'A2', b2.xMm, b2.yMm - 25);
    const melee = await tableAction(t, 'A2', 'close-combat', { targets: ['B2'], dice: [6, 5, 1, 1, 1, 1], beforeRoll: () => look(t, SYSTEM, 'melee') });
    expectSaid(t, melee.odds, { ru: /победитель: атакующий \d+(,\d)?\s%/, en: /winner: attacker \d+(\.\d)?%/ });
    // The sniper wins with these faces: the trooper is out.
    expect(melee.result.outcomes.find((o) => o.modelId === 'B2')?.outcome.destroyed).toBe(true);
    // Picked again, the destroyed trooper offers no weapon and says why.
    await clearSelection(t);
    await clickModel(p, 'B2');
    expectSaid(t, await text(p, 'shooter-out'), { ru: 'Модель уничтожена и больше не стреляет: выберите другую.', en: 'This model is destroyed and fires no more: pick another.' });
    expect(await p.getByTestId('weapon').count()).toBe(0);
    await endTurn(t);
  },
  replay: { contains: ['shot-committed', 'attack-resolved'], counts: { 'attack-resolved': 2, 'table-action-resolved': 2 } },
});
