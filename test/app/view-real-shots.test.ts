import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/app/app-controller.js';
import { allSystems as systems } from '../../src/core/rulesets/registry.js';

/**
 * The view says whether the system scores launcher shots (its plugin's `realShots`), so the UI
 * offers the manual shot and the sensor bindings only there; a shot opened anyway is refused.
 */
function game(ruleset: string): AppController {
  const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-real-shots-')), clock: () => 1_764_000_000_000 });
  expect(app.handle({ type: 'new-game', ruleset, title: 't', seed: 's', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] })).toEqual({ ok: true });
  return app;
}

describe('real shots in the view', () => {
  it.each(systems().map((s) => [s.id, s.realShots !== null] as const))('%s: realShots is %s', (ruleset, real) => {
    const app = game(ruleset);
    expect(app.view(false).realShots).toBe(real);
  });

  it('has both kinds among the systems (the test above sees true and false)', () => {
    const kinds = new Set(systems().map((s) => s.realShots !== null));
    expect(kinds).toEqual(new Set([true, false]));
  });

  it('no game open: no real shots', () => {
    const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-real-shots-')), clock: () => 1_764_000_000_000 });
    expect(app.view(false).realShots).toBe(false);
  });

  it('refuses a manual shot in a system without launchers, with the reason', () => {
    const none = systems().find((s) => s.realShots === null);
    if (!none) throw new Error('every system has launchers');
    const app = game(none.id);
    for (const player of ['A', 'B'] as const) {
      const model = { player, name: player, kind: 'infantry' as const, armour: 2, stamina: 1, speedSteps: 4, baseMm: 25, heightMm: 40, weapons: [], tag: null, hitNode: null, tiltNode: null, launcherNode: null };
      expect(app.handle({ type: 'add-model', model })).toEqual({ ok: true });
    }
    expect(app.handle({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 100, fallen: false }, { id: 'B1', xMm: 500, yMm: 100, fallen: false }] })).toEqual({ ok: true });
    expect(app.handle({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });
    expect(app.handle({ type: 'open-shot', shooterId: null })).toEqual({ ok: false, problem: `${none.id} has no real launchers` });
  });
});
