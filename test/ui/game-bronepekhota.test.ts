import { expect } from 'vitest';
import { playGame } from './game-plan.js';
import { aim, bindSensors, drawWall, endTurn, expectSaid, look, oddsShown, pairOf, realShot, refused, rollTyped, rollVirtual, tableAction, text, view } from './game-steps.js';

/**
 * A whole Бронепехота game in Chromium, in Russian and in English: rosters (built, imported),
 * deployment by dragging, a walker's real launcher shot over a pty, one unit a turn (a second
 * unit's attack refused with the engine's reason), an attack out of turn refused, a wall that
 * closes a line of sight, odds then virtual dice, typed dice, the summary and the replay.
 */
const SYSTEM = 'bronepekhota';
const SHOT = {
  fw: 'game-test',
  nodes: [{ id: 'L1', kind: 'L' }, { id: 'V2', kind: 'H' }, { id: 'V2T', kind: 'T' }],
  events: [
    { at_ms: 300, type: 'SHOT', launcher: 'L1', speed_mm_s: 4800 },
    { at_ms: 450, type: 'HIT', node: 'V2', strength: 760 },
    { at_ms: 520, type: 'TILT', node: 'V2T', state: 'DOWN', angle_deg: 80 },
  ],
};

playGame({
  system: SYSTEM,
  name: 'a Бронепехота game',
  serial: true,
  title: { ru: 'Бронепехота в клубе', en: 'Armoured infantry night' },
  built: [{ type: 'walker' }, { type: 'trooper' }],
  imported: { units: [{ id: 'B1', type: 'walker' }, { id: 'B2', type: 'squad', figures: 4 }] },
  roll: { describe: (m) => `${m.id} ${m.player} ${m.unitType}`, expect: ['A1 A walker', 'A2 A infantry', 'B1 B walker', 'B2 B infantry'] },
  beforeDeploy: async (t) => {
    await bindSensors(t, 'A1', { launcher: 'L1' });
    await bindSensors(t, 'B1', { hit: 'V2', tilt: 'V2T' });
  },
  places: () => ({ A1: [800, 470], A2: [900, 380], B1: [500, 640], B2: [900, 540] }),
  turns: async (t, _size) => {
    const p = t.page;
    // Turn 1, Синие: the walker's launcher fires for real; the hub reports the hit and the fall.
    await realShot(t, SHOT, null);
    const shot = (await view(p)).shots.at(-1);
    expect(shot?.attribution).toMatchObject({ targetId: 'B1', hit: true, fell: true });
    expect(shot?.result?.damage).toBeGreaterThan(0);
    expect((await view(p)).models.find((m) => m.id === 'B1')?.damage).toBe(shot?.result?.damage);

    // One unit a turn: the trooper may not attack after the walker, and the screen says why.
    await aim(t, 'A2', 'B2');
    await oddsShown(t);
    await refused(t, () => p.getByTestId('roll-virtual').click(), { ru: 'этот ход уже отдан A1: за ход действует только один отряд', en: 'this turn already belongs to A1: one unit acts per turn' });
    // Out of turn: Красные's squad may not shoot in Синие's turn.
    await aim(t, 'B2', 'A2');
    await refused(t, () => p.getByTestId('roll-virtual').click(), { ru: /сейчас ход другого игрока$/, en: /it is the other player's turn$/ });
    await endTurn(t);

    // Turn 2, Красные: a wall drawn between the squad and the walker closes that line.
    await aim(t, 'B2', 'A1');
    expect((await pairOf(p, 'A1'))?.lineOfSight).toBe('clear');
    expect((await view(p)).odds?.allowed).toBe(true);
    await drawWall(t, [[820, 490], [880, 490], [880, 515], [820, 515]], 200);
    await p.waitForFunction(() => window.__shagomer?.view()?.pairs.find((x) => x.targetId === 'A1')?.lineOfSight === 'blocked');
    expectSaid(t, await text(p, 'pair'), { ru: 'цель не видна: линию видимости закрывает местность', en: 'the target is out of sight: terrain blocks the line' });
    expect(await p.getByTestId('roll-virtual').count()).toBe(0);
    await look(t, SYSTEM, 'terrain');
    // The squad fires at the trooper instead: odds first, then the seeded dice.
    await aim(t, 'B2', 'A2');
    expect((await pairOf(p, 'A2'))?.lineOfSight).toBe('clear');
    await look(t, SYSTEM, 'attack');
    const squad = await rollVirtual(t);
    expect(squad.shooterId).toBe('B2');

    // The rifle's odds said killed: the trooper is off the table.
    expect((await view(p)).models.find((m) => m.id === 'A2')?.destroyed).toBe(squad.outcome.destroyed === true);
    await endTurn(t);

    // Turn 3, Синие: the walker's machine gun at the damaged walker, dice typed from the table.
    await aim(t, 'A1', 'B1', 'machine-gun');
    const typed = await rollTyped(t, [6, 6]);
    expect(typed.outcome.hit).toBe(true);
    await endTurn(t);

    // Turn 4, Красные: the wall comes down; the squad's four rifles fire as one volley at the walker.
    await p.getByTestId('terrain-T1').getByRole('button').click();
    await p.waitForFunction(() => (window.__shagomer?.view()?.terrain ?? []).length === 0);
    const volley = await tableAction(t, 'B2', 'volley', { targets: ['A1'], dice: null, beforeRoll: () => look(t, SYSTEM, 'volley') });
    expect(volley.result.outcomes.map((o) => o.modelId)).toContain('A1');
    await endTurn(t);
  },
  replay: { contains: ['shot-committed', 'attack-resolved'], counts: { 'attack-resolved': 2, 'table-action-resolved': 1 } },
});
