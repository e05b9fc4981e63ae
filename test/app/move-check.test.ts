import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/app/app-controller.js';

/** Hand moves in play against the rules (Вторжение: infantry 4 шага = 200 mm), and the referee's override. */
function game(): AppController {
  const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-moves-')), clock: () => 1_764_000_000_000 });
  app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 't', seed: 's', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] });
  const m = { kind: 'infantry' as const, armour: 2, stamina: 1, speedSteps: 4, baseMm: 25, heightMm: 40, weapons: [], tag: null, hitNode: null, tiltNode: null, launcherNode: null };
  app.handle({ type: 'add-model', model: { ...m, player: 'A', name: 'Стрелок' } });
  app.handle({ type: 'add-model', model: { ...m, player: 'B', name: 'Враг' } });
  app.handle({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 100, fallen: false }, { id: 'B1', xMm: 900, yMm: 900, fallen: false }] });
  app.handle({ type: 'finish-setup', firstPlayer: 'A' });
  return app;
}

const last = (app: AppController) => app.game?.records().at(-1)?.event;

describe('hand moves in play', () => {
  it('takes a move within the speed, refuses one beyond it unless the referee overrides, journalled as such', () => {
    const app = game();
    expect(app.handle({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 300, fallen: false }] })).toEqual({ ok: true });
    expect(app.handle({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 320, fallen: false }] })).toEqual({ ok: false, problem: 'Стрелок: farther than its speed allows' });
    expect(app.view(false).models.find((m) => m.id === 'A1')?.pos).toEqual({ xMm: 100, yMm: 300 });
    expect(app.handle({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 320, fallen: false }], override: true })).toEqual({ ok: true });
    expect(last(app)).toMatchObject({ type: 'positions', source: 'manual', override: true });
    // An override of a move the rules allow is not marked as one.
    app.handle({ type: 'end-turn' });
    expect(app.handle({ type: 'place-models', models: [{ id: 'B1', xMm: 900, yMm: 850, fallen: false }], override: true })).toEqual({ ok: true });
    expect(last(app)).not.toHaveProperty('override');
  });

  it("refuses the other player's model; deployment moves are never checked", () => {
    const app = game();
    expect(app.handle({ type: 'place-models', models: [{ id: 'B1', xMm: 900, yMm: 850, fallen: false }] })).toEqual({ ok: false, problem: "Враг: not this player's turn" });
    // Positions before the game (deployment) are never checked.
    const fresh = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-moves-')) });
    fresh.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 't', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] });
    fresh.handle({ type: 'add-model', model: { kind: 'infantry', player: 'B', name: 'x', armour: 2, stamina: 1, speedSteps: 4, baseMm: 25, heightMm: 40, weapons: [], tag: null, hitNode: null, tiltNode: null, launcherNode: null } });
    expect(fresh.handle({ type: 'place-models', models: [{ id: 'B1', xMm: 10, yMm: 10, fallen: false }] })).toEqual({ ok: true });
    expect(fresh.handle({ type: 'place-models', models: [{ id: 'B1', xMm: 1500, yMm: 1000, fallen: false }] })).toEqual({ ok: true });
  });
});
