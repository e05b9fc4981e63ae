/**
 * Issue 12 item 4: a roster built from the system's catalogue goes into the game's setup as
 * models; the server checks it with the same `validateRoster` as `shagomer roster validate`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/app/app-controller.js';
import { Intent } from '../../src/app/api/intents.js';
import { validateRoster, type Roster } from '../../src/core/rulesets/roster.js';

const fixture = (name: string): Roster => JSON.parse(readFileSync(join('test/fixtures/rosters', name), 'utf8')) as Roster;

function newGame(ruleset: string): AppController {
  const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-roster-')) });
  expect(app.handle({ type: 'new-game', ruleset, title: 'r', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] })).toEqual({ ok: true });
  return app;
}

describe('add-roster', () => {
  it('puts one model per roster unit into the setup, squads with their figures, weapons from the catalogue', () => {
    const app = newGame('zvezdny-desant');
    const roster = fixture('zvezdny-desant.json');
    expect(app.handle({ type: 'add-roster', roster })).toEqual({ ok: true });
    const models = app.view(false).models.filter((m) => m.player === 'A');
    expect(models.map((m) => m.name)).toEqual(['Отделение десантников', 'Тяжёлые', 'Отделение десантников']);
    // The engine counts the squad's figures once the game starts: the first unit has 6.
    expect(app.handle({ type: 'add-roster', roster: { system: 'zvezdny-desant', player: 'B', units: [{ id: 'B1', type: 'bug-swarm', options: [], stats: {} }] } })).toEqual({ ok: true });
    expect(app.handle({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });
    const checked = validateRoster(roster);
    expect(checked.ok).toBe(true);
    const engine = app.game?.current.rules.models ?? {};
    if (checked.ok) expect(models.map((m) => engine[m.id]?.figures_left)).toEqual(checked.units.map((u) => u.figures));
    expect(checked.ok && checked.units.map((u) => u.figures)).toEqual([6, 3, 5]);
    expect(models[0]?.weapons.map((w) => w.id)).toEqual(checked.ok ? checked.units[0]?.weapons : []);
  });

  it('refuses a roster over its limits and names the problem; nothing is added', () => {
    const app = newGame('zvezdny-desant');
    const r = app.handle({ type: 'add-roster', roster: fixture('zvezdny-desant-over.json') });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(/points, at most 500/);
    expect(app.view(false).models).toHaveLength(0);
  });

  it('refuses a roster of another system, and one after the setup', () => {
    const app = newGame('vtorzhenie');
    const r = app.handle({ type: 'add-roster', roster: fixture('bronepekhota.json') });
    expect(r).toEqual({ ok: false, problem: 'the roster is for bronepekhota, this game plays vtorzhenie' });
    expect(app.handle({ type: 'add-roster', roster: fixture('vtorzhenie.json') })).toEqual({ ok: true });
    expect(app.handle({ type: 'add-roster', roster: { system: 'vtorzhenie', player: 'B', units: [{ id: 'B1', type: 'tank', options: [], stats: {} }] } })).toEqual({ ok: true });
    expect(app.handle({ type: 'finish-setup', firstPlayer: 'A' })).toEqual({ ok: true });
    expect(app.handle({ type: 'add-roster', roster: fixture('vtorzhenie.json') }).ok).toBe(false);
  });

  it('the intent schema bounds the roster before the session sees it', () => {
    const units = Array.from({ length: 201 }, (_, i) => ({ id: `A${i}`, type: 'trooper' }));
    expect(Intent.safeParse({ type: 'add-roster', roster: { system: 'vtorzhenie', player: 'A', units } }).success).toBe(false);
    expect(Intent.safeParse({ type: 'add-roster', roster: { system: 'vtorzhenie', player: 'C', units: [] } }).success).toBe(false);
  });
});

describe('validateRoster for an editor', () => {
  it('reports what a roster with problems uses, and says each problem in Russian too', () => {
    const r = validateRoster(fixture('zvezdny-desant-over.json'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.use?.points).toBeGreaterThan(500);
    expect(r.units?.length).toBeGreaterThan(0);
    const over = r.problems.find((p) => p.field === 'units');
    expect(over?.ru).toMatch(/^армия стоит \d+ очк(о|а|ов), допустимо не больше 500$/);
  });

  it('a bad figure count is named with the unit type in Russian', () => {
    const r = validateRoster({ system: 'zvezdny-desant', player: 'A', units: [{ id: 'A1', type: 'trooper-squad', figures: 11 }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatchObject({ field: 'units[0].figures', ru: 'в «Отделение десантников» фигур 3–10, не 11' });
  });
});
