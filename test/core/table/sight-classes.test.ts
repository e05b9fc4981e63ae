import { describe, expect, it } from 'vitest';
import { pairOf, ranges, rect } from './scene-helpers.js';

// Звездный Десант, step 25 mm (default). Shooter at the origin, target 500 mm (20 steps) east.
const shooter = { id: 's', player: 1, x_mm: 0, y_mm: 0 };
const infantry = { id: 't', player: 2, x_mm: 500, y_mm: 0 };
const tank = { id: 't', player: 2, x_mm: 500, y_mm: 0, kind: 'vehicle', base_mm: 60, height_mm: 70 };
const between = (size: string, grey = false) => ({ id: 'p', polygon_mm: rect(200, -100, 300, 100), height_mm: 60, size, grey_zone: grey, cover: 'light', movement: 'open' });
const zd = (models: Record<string, unknown>[], terrain: Record<string, unknown>[] = []) =>
  pairOf(ranges('zvezdny-desant', models as never, terrain as never), 's', 't');

describe('Звездный Десант: size classes', () => {
  it('a large piece (hill, building) hides infantry and vehicles', () => {
    expect(zd([shooter, infantry], [between('large')]).line_of_sight).toBe('blocked');
    expect(zd([shooter, tank], [between('large')]).line_of_sight).toBe('blocked');
  });

  it('a medium piece (wall, boulder) hides infantry and only covers vehicles', () => {
    expect(zd([shooter, infantry], [between('medium')]).line_of_sight).toBe('blocked');
    expect(zd([shooter, tank], [between('medium')])).toMatchObject({ line_of_sight: 'partial', cover: 'cover' });
  });

  it('a small piece (grass, bushes) covers infantry and does nothing to vehicles', () => {
    expect(zd([shooter, infantry], [between('small')])).toMatchObject({ line_of_sight: 'partial', visible_fraction: 1, cover: 'cover' });
    expect(zd([shooter, tank], [between('small')])).toMatchObject({ line_of_sight: 'clear', cover: null });
  });
});

describe('Звездный Десант: grey zones', () => {
  const woods = { id: 'woods', polygon_mm: rect(400, -200, 700, 200), height_mm: 120, size: 'large', grey_zone: true, cover: 'light', movement: 'medium' };

  it('infantry 3 steps deep or less is seen, in cover; deeper is hidden', () => {
    expect(zd([shooter, { ...infantry, x_mm: 475 }], [woods])).toMatchObject({ line_of_sight: 'partial', cover: 'cover' }); // 75 mm = 3 steps
    expect(zd([shooter, { ...infantry, x_mm: 600 }], [woods]).line_of_sight).toBe('blocked'); // 4 steps
  });

  it('an infantry shooter deep inside cannot see out; near the edge it can', () => {
    const out = { id: 't', player: 2, x_mm: 0, y_mm: 0 };
    expect(zd([{ ...shooter, x_mm: 450 }, out], [woods]).line_of_sight).not.toBe('blocked');
    expect(zd([{ ...shooter, x_mm: 600 }, out], [woods]).line_of_sight).toBe('blocked');
  });

  it('hides infantry on different sides of it from each other', () => {
    expect(zd([shooter, infantry], [between('medium', true)]).line_of_sight).toBe('blocked');
  });

  it('two models inside one grey zone see each other within 3 steps only', () => {
    const big = { ...woods, polygon_mm: rect(-500, -500, 1000, 500) };
    expect(zd([shooter, { ...infantry, x_mm: 75 }], [big])).toMatchObject({ line_of_sight: 'partial', cover: 'cover' });
    expect(zd([shooter, { ...infantry, x_mm: 100 }], [big]).line_of_sight).toBe('blocked');
  });

  it('a small grey zone only ever gives cover, however deep or across', () => {
    const scrub = { ...woods, size: 'small' };
    expect(zd([shooter, { ...infantry, x_mm: 600 }], [scrub])).toMatchObject({ line_of_sight: 'partial', cover: 'cover' });
    expect(zd([shooter, infantry], [between('small', true)])).toMatchObject({ line_of_sight: 'partial', cover: 'cover' });
  });
});

describe('Звездный Десант: models in the way', () => {
  const enemyInfantry = { id: 'e', player: 2, unit: 'other', x_mm: 250, y_mm: 0, height_mm: 40 };

  it('vehicles block sight, wrecks (fallen) too, whoever owns them', () => {
    const apc = { id: 'v', player: 1, unit: 'armour', x_mm: 250, y_mm: 0, kind: 'vehicle', base_mm: 60, height_mm: 60 };
    expect(zd([shooter, infantry, apc]).line_of_sight).toBe('blocked');
    expect(zd([shooter, infantry, { ...apc, fallen: true }]).line_of_sight).toBe('blocked');
  });

  it('a unit never blocks itself: a vehicle of the shooter\'s own unit does not hide the target', () => {
    const mate = { id: 'v', player: 1, unit: 'armour', x_mm: 250, y_mm: 0, kind: 'vehicle', base_mm: 60, height_mm: 60 };
    expect(zd([{ ...shooter, unit: 'armour', kind: 'vehicle' }, infantry, mate]).line_of_sight).toBe('clear');
  });

  it('friendly infantry of the shooter never blocks', () => {
    expect(zd([shooter, infantry, { ...enemyInfantry, player: 1 }]).line_of_sight).toBe('clear');
  });

  it('enemy infantry hides models up to twice its height, not taller ones', () => {
    expect(zd([shooter, { ...infantry, height_mm: 80 }, enemyInfantry]).line_of_sight).toBe('blocked');
    expect(zd([shooter, { ...infantry, height_mm: 90 }, enemyInfantry]).line_of_sight).toBe('clear');
  });

  it('the target\'s own unit does not hide it', () => {
    expect(zd([shooter, { ...infantry, unit: 'squad' }, { ...enemyInfantry, unit: 'squad' }]).line_of_sight).toBe('clear');
  });

  it('a model partly behind a blocker is partly visible', () => {
    const p = zd([shooter, infantry, { ...enemyInfantry, y_mm: 12, base_mm: 20 }]);
    expect(p.line_of_sight).toBe('partial');
    expect(p.visible_fraction).toBeGreaterThan(0);
    expect(p.visible_fraction).toBeLessThan(1);
  });
});
