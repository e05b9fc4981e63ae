import { describe, expect, it } from 'vitest';
import { pairOf, ranges, rect } from './scene-helpers.js';

// Shooter and target 40 mm tall on 25 mm bases; the eye sits at 36 mm. Rows of the 5×5
// silhouette grid lie at 4, 12, 20, 28 and 36 mm; a wall just in front of the target hides
// the rows below its top.
const shooter = { id: 's', player: 1, x_mm: 0, y_mm: 0 };
const wallBefore = (xMm: number, heightMm: number, y0 = -60, y1 = 60, cover = 'light') => ({
  id: 'wall',
  polygon_mm: rect(xMm - 20, y0, xMm - 10, y1),
  height_mm: heightMm,
  size: 'medium',
  cover,
  movement: 'open',
});

describe('Вторжение: sight over the silhouette and cover', () => {
  it('sees an open target whole, with no cover', () => {
    const p = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }]), 's', 't');
    expect(p).toMatchObject({ line_of_sight: 'clear', visible_fraction: 1, cover: null });
  });

  it('gives -2 accuracy when more than half is hidden and the shooter is beyond 6 steps', () => {
    const r = ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [wallBefore(500, 24)]);
    const p = pairOf(r, 's', 't');
    expect(p.steps).toBe(10);
    expect(p).toMatchObject({ line_of_sight: 'partial', visible_fraction: 0.4, cover: 'accuracy-2' });
  });

  it('gives no penalty at 6 steps or closer even when more than half is hidden', () => {
    const p = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 250, y_mm: 0 }], [wallBefore(250, 24)]), 's', 't');
    expect(p.steps).toBeLessThanOrEqual(6);
    expect(p).toMatchObject({ line_of_sight: 'partial', visible_fraction: 0.4, cover: null });
  });

  it('gives no cover when less than half is hidden', () => {
    const p = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [wallBefore(500, 12)]), 's', 't');
    expect(p).toMatchObject({ line_of_sight: 'partial', visible_fraction: 0.8, cover: null });
  });

  it('cannot see a target the wall hides completely', () => {
    const p = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [wallBefore(500, 60)]), 's', 't');
    expect(p).toMatchObject({ line_of_sight: 'blocked', visible_fraction: 0, cover: null });
  });

  it('treats a target with only a sliver showing as hidden', () => {
    // A tall wall covers four of the five columns; a low one covers all but the top row of the fifth.
    const tall = { ...wallBefore(500, 60, -60, 7.5), id: 'tall' };
    const low = { ...wallBefore(500, 30, 0, 60), id: 'low' };
    const p = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [tall, low]), 's', 't');
    expect(p.visible_fraction).toBe(0.04);
    expect(p.line_of_sight).toBe('blocked');
  });

  it('a model hidden from its enemy cannot shoot it either', () => {
    // A wide target behind a wall with a low notch in the middle: from the shooter only the top
    // of its centre shows (1 ray of 25, "nearly fully hidden"), while its own eye, right at
    // the notch, sees the shooter whole. Being hidden, it may still not shoot.
    const wide = { id: 't', player: 2, x_mm: 500, y_mm: 0, base_mm: 60 };
    const left = { id: 'left', polygon_mm: rect(470, -80, 480, -6), height_mm: 60, size: 'medium', cover: 'light', movement: 'open' };
    const right = { ...left, id: 'right', polygon_mm: rect(470, 6, 480, 80) };
    const notch = { ...left, id: 'notch', polygon_mm: rect(470, -6, 480, 6), height_mm: 34 };
    const r = ranges('vtorzhenie', [shooter, wide], [left, right, notch]);
    expect(pairOf(r, 's', 't')).toMatchObject({ line_of_sight: 'blocked', visible_fraction: 0.04 });
    expect(pairOf(r, 't', 's')).toMatchObject({ line_of_sight: 'blocked', visible_fraction: 1, cover: null });
    // Стальная война has no such rule: the same geometry lets the hidden model shoot.
    const sv = ranges('stalnaya-voyna', [shooter, wide], [left, right, notch].map((p) => ({ ...p, movement: 'open' })));
    expect(pairOf(sv, 't', 's').line_of_sight).toBe('clear');
  });

  it('ignores flat pieces (cover class "none") for sight', () => {
    const p = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [wallBefore(500, 60, -60, 60, 'none')]), 's', 't');
    expect(p.line_of_sight).toBe('clear');
  });

  it('lets a shooter on a bunker roof see over a wall that hides it from the ground', () => {
    const bunker = { id: 'bunker', polygon_mm: rect(-40, -40, 40, 40), height_mm: 50, size: 'medium', cover: 'heavy', movement: 'climbable' };
    const wall = wallBefore(260, 45);
    const onRoof = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [bunker, wall]), 's', 't');
    const onGround = pairOf(ranges('vtorzhenie', [{ ...shooter, x_mm: -100 }, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [bunker, wall]), 's', 't');
    expect(onGround.line_of_sight).toBe('blocked');
    expect(onRoof.line_of_sight).not.toBe('blocked');
  });

  it('sees a little way into woods (grey zone) but not deep in', () => {
    const woods = { id: 'woods', polygon_mm: rect(400, -200, 800, 200), height_mm: 120, size: 'large', grey_zone: true, cover: 'light', movement: 'open' };
    const edge = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 420, y_mm: 0 }], [woods]), 's', 't');
    const deep = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 600, y_mm: 0 }], [woods]), 's', 't');
    expect(edge.line_of_sight).not.toBe('blocked');
    expect(deep.line_of_sight).toBe('blocked');
  });

  it('lets a fallen model be hidden by a wall that a standing one looks over', () => {
    const standing = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [wallBefore(500, 20)]), 's', 't');
    const fallen = pairOf(ranges('vtorzhenie', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0, fallen: true }], [wallBefore(500, 20)]), 's', 't');
    expect(standing.line_of_sight).toBe('partial');
    expect(fallen.line_of_sight).toBe('blocked');
  });
});

describe('Бронепехота: cover by more than half hidden', () => {
  it('gives +1 armour when more than half is hidden, at any distance', () => {
    const near = pairOf(ranges('bronepekhota', [shooter, { id: 't', player: 2, x_mm: 150, y_mm: 0 }], [wallBefore(150, 24)]), 's', 't');
    const far = pairOf(ranges('bronepekhota', [shooter, { id: 't', player: 2, x_mm: 600, y_mm: 0 }], [wallBefore(600, 24)]), 's', 't');
    for (const p of [near, far]) expect(p).toMatchObject({ line_of_sight: 'partial', cover: 'armour+1' });
  });

  it('gives no bonus at half hidden or less, and no shot at a hidden target', () => {
    const low = pairOf(ranges('bronepekhota', [shooter, { id: 't', player: 2, x_mm: 600, y_mm: 0 }], [wallBefore(600, 12)]), 's', 't');
    const hidden = pairOf(ranges('bronepekhota', [shooter, { id: 't', player: 2, x_mm: 600, y_mm: 0 }], [wallBefore(600, 60)]), 's', 't');
    expect(low.cover).toBeNull();
    expect(hidden).toMatchObject({ line_of_sight: 'blocked', cover: null });
  });

  it('lets models of other units hide a target, but not the target\'s own unit', () => {
    const blocker = { id: 'b', player: 2, x_mm: 300, y_mm: 0, base_mm: 60, height_mm: 80, kind: 'tracked' };
    const other = pairOf(ranges('bronepekhota', [shooter, { id: 't', player: 2, x_mm: 600, y_mm: 0 }, blocker]), 's', 't');
    const own = pairOf(ranges('bronepekhota', [shooter, { id: 't', player: 2, unit: 'u', x_mm: 600, y_mm: 0 }, { ...blocker, unit: 'u' }]), 's', 't');
    expect(other.line_of_sight).toBe('blocked');
    expect(own.line_of_sight).toBe('clear');
  });
});

describe('Стальная война: cover by the class of what hides the target', () => {
  it('light cover raises the range die one step, heavy two; open ground none', () => {
    const open = pairOf(ranges('stalnaya-voyna', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }]), 's', 't');
    const hedge = { id: 'hedge', polygon_mm: rect(470, -60, 480, 60), height_mm: 20, size: 'small', cover: 'light', movement: 'bush' };
    const behindHedge = pairOf(ranges('stalnaya-voyna', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [hedge]), 's', 't');
    const house = { id: 'house', polygon_mm: rect(480, -60, 600, 60), height_mm: 80, size: 'large', cover: 'heavy', movement: 'building' };
    const inHouse = pairOf(ranges('stalnaya-voyna', [shooter, { id: 't', player: 2, x_mm: 500, y_mm: 0 }], [house]), 's', 't');
    expect(open.cover).toBeNull();
    expect(behindHedge).toMatchObject({ line_of_sight: 'partial', cover: 'range-die+1' });
    expect(inHouse.line_of_sight).not.toBe('blocked');
    expect(inHouse.cover).toBe('range-die+2');
  });
});
