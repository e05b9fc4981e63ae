import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeLibraryPiece, terrainLibraryOf, type TerrainLibraryEntry, type TerrainPiece } from '../../src/app/api/terrain.js';
import { AppController } from '../../src/app/app-controller.js';
import { taggedTerrain } from '../../src/ui/camera/tagged-terrain.js';

const ruin: TerrainLibraryEntry = { tag: 40, name: 'Руины', outline_mm: [[-50, -20], [50, -20], [50, 20], [-50, 20]], height_mm: 120, size: 'large', cover: 'heavy', movement: 'impassable', grey_zone: false };

const wall = (over: Partial<TerrainPiece> = {}): TerrainPiece => ({ id: 'T1', polygonMm: [[250, 50], [350, 50], [350, 150], [250, 150]], heightMm: 200, size: 'medium', cover: 'heavy', movement: 'impassable', greyZone: false, tag: null, ...over });

function game(): AppController {
  const app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-terrain-')), clock: () => 1_764_000_000_000 });
  app.handle({ type: 'new-game', ruleset: 'vtorzhenie', title: 't', seed: 's', players: [{ id: 'A', name: 'A', colour: '#112233' }, { id: 'B', name: 'B', colour: '#332211' }] });
  const m = { kind: 'infantry' as const, armour: 2, stamina: 1, speedSteps: 4, baseMm: 25, heightMm: 40, weapons: [{ id: 'rifle', label: 'Автомат', rangeSteps: 16, power: 2, accuracyBonus: 0 }], tag: null, hitNode: null, tiltNode: null, launcherNode: null };
  app.handle({ type: 'add-model', model: { ...m, player: 'A', name: 'Стрелок' } });
  app.handle({ type: 'add-model', model: { ...m, player: 'B', name: 'Цель' } });
  app.handle({ type: 'place-models', models: [{ id: 'A1', xMm: 100, yMm: 100, fallen: false }, { id: 'B1', xMm: 500, yMm: 100, fallen: false }] });
  app.handle({ type: 'finish-setup', firstPlayer: 'A' });
  app.handle({ type: 'select', shooterId: 'A1', targetId: 'B1', weaponId: null });
  return app;
}

describe('terrain', () => {
  it('a drawn wall blocks the line of sight; undo takes it back', () => {
    const app = game();
    expect(app.view(false).pairs[0]?.lineOfSight).toBe('clear');
    expect(app.handle({ type: 'set-terrain', source: 'manual', pieces: [wall()] })).toEqual({ ok: true });
    expect(app.view(false).pairs[0]?.lineOfSight).toBe('blocked');
    expect(app.handle({ type: 'undo' })).toEqual({ ok: true });
    expect(app.view(false).pairs[0]?.lineOfSight).toBe('clear');
  });

  it('refuses a class the system does not have, naming it', () => {
    const app = game();
    expect(app.handle({ type: 'set-terrain', source: 'manual', pieces: [wall({ cover: 'lava' })] })).toEqual({ ok: false, problem: expect.stringContaining('cover "lava"') });
    expect(app.handle({ type: 'set-terrain', source: 'manual', pieces: [wall(), wall()] })).toEqual({ ok: false, problem: 'terrain: piece T1 twice' });
    expect(app.view(false).terrain).toEqual([]);
  });

  it('places a library piece at its tag turned by the tag yaw, and only records real moves', () => {
    const p = placeLibraryPiece(ruin, 400, 300, 90);
    expect(p.polygonMm[0]?.[0]).toBeCloseTo(420, 6);
    expect(p.polygonMm[0]?.[1]).toBeCloseTo(250, 6);
    expect(p).toMatchObject({ id: 'tag40', tag: 40, heightMm: 120, cover: 'heavy' });
    const first = taggedTerrain([ruin], [{ id: 40, x_mm: 400, y_mm: 300, yaw_deg: 90 }], [wall()]);
    expect(first?.map((x) => x.id)).toEqual(['T1', 'tag40']);
    expect(taggedTerrain([ruin], [{ id: 40, x_mm: 401, y_mm: 300, yaw_deg: 90.5 }], first ?? [])).toBeNull();
    const moved = taggedTerrain([ruin], [{ id: 40, x_mm: 450, y_mm: 300, yaw_deg: 0 }], first ?? []);
    expect(moved?.[1]?.polygonMm[0]).toEqual([400, 280]);
    expect(taggedTerrain([ruin], [{ id: 7, x_mm: 1, y_mm: 1 }], [])).toBeNull();
  });

  it('reads the terrain library of a table profile, and says which field is bad', () => {
    expect(terrainLibraryOf({ name: 'x' })).toEqual({ entries: [], problem: null });
    expect(terrainLibraryOf({ terrain: [ruin] }).entries).toHaveLength(1);
    expect(terrainLibraryOf({ terrain: [{ ...ruin, size: 'huge' }] }).problem).toMatch(/^terrain\.0\.size: /);
  });
});
