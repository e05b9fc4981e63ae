import { afterEach, describe, expect, it } from 'vitest';
import {
  aim,
  bindSensors,
  buildRoster,
  checkSummary,
  closeTable,
  deploy,
  drawWall,
  endGame,
  endTurn,
  expectSaid,
  importRoster,
  LANGS,
  look,
  newGame,
  oddsShown,
  openTable,
  pairOf,
  realShot,
  refused,
  replayAll,
  rollTyped,
  rollVirtual,
  startGame,
  tableAction,
  text,
  view,
  type Table,
} from './game-steps.js';

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

describe.each(LANGS)('a Бронепехота game in %s', (lang) => {
  let t: Table | undefined;
  afterEach(async () => closeTable(t));

  it('plays from the rosters to the replay', { timeout: 240_000 }, async () => {
    t = await openTable(SYSTEM, lang, true);
    const p = t.page;
    await newGame(t, SYSTEM, lang === 'ru' ? 'Бронепехота в клубе' : 'Armoured infantry night');

    await buildRoster(t, 'A', [{ type: 'walker' }, { type: 'trooper' }]);
    await importRoster(t, 'B', { system: SYSTEM, player: 'B', units: [{ id: 'B1', type: 'walker' }, { id: 'B2', type: 'squad', figures: 4 }] }, { ru: 'roster-B.json: ростер загружен', en: 'roster-B.json: roster loaded' });
    expect((await view(p)).models.map((m) => `${m.id} ${m.player} ${m.unitType}`)).toEqual(['A1 A walker', 'A2 A infantry', 'B1 B walker', 'B2 B infantry']);
    await bindSensors(t, 'A1', { launcher: 'L1' });
    await bindSensors(t, 'B1', { hit: 'V2', tilt: 'V2T' });

    // Close quarters: a rifle reaches 8 steps (32 cm).
    await deploy(t, { A1: [800, 470], A2: [900, 380], B1: [500, 640], B2: [900, 540] });
    await look(t, SYSTEM, 'setup');
    await startGame(t);

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
    const volley = await tableAction(t, 'B2', 'volley', { targets: ['A1'], dice: null, beforeRoll: () => look(t as Table, SYSTEM, 'volley') });
    expect(volley.result.outcomes.map((o) => o.modelId)).toContain('A1');
    await endTurn(t);

    const end = await endGame(t);
    await checkSummary(t, end);
    await look(t, SYSTEM, 'summary');
    const steps = await replayAll(t, SYSTEM);
    for (const type of ['game-created', 'model-added', 'setup-finished', 'shot-committed', 'attack-resolved', 'terrain-set', 'turn-ended', 'game-ended']) expect(steps).toContain(type);
    expect(steps.filter((x) => x === 'attack-resolved')).toHaveLength(2);
    expect(steps.filter((x) => x === 'table-action-resolved')).toHaveLength(1);
    expect(t.errors).toEqual([]);
  });
});
