import { describe, expect, it } from 'vitest';
import { moveOf, ranges, rect } from './scene-helpers.js';

const other = { id: 'x', player: 9, x_mm: 5000, y_mm: 5000 };

describe('Звездный Десант: difficult terrain minuses, cumulative', () => {
  // Step 25 mm. ПДВ 12 through light (-2) then medium (-4): 6 left (the seed's example).
  const light = { id: 'brush', polygon_mm: rect(50, -50, 100, 50), height_mm: 10, size: 'small', cover: 'light', movement: 'light' };
  const medium = { id: 'rubble', polygon_mm: rect(120, -50, 140, 50), height_mm: 10, size: 'small', cover: 'light', movement: 'medium' };

  it('12 ПДВ through light and medium leaves 6', () => {
    const r = ranges('zvezdny-desant', [{ id: 'm', player: 1, x_mm: 150, y_mm: 0, from_mm: [0, 0], speed_steps: 12 }, other], [light, medium]);
    expect(moveOf(r, 'm')).toMatchObject({ moved_mm: 150, steps: 6, cost_steps: 6, allowed_steps: 6, ok: true });
  });

  it('one step further than the lowered ПДВ is refused', () => {
    const r = ranges('zvezdny-desant', [{ id: 'm', player: 1, x_mm: 175, y_mm: 0, from_mm: [0, 0], speed_steps: 12 }, other], [light, medium]);
    expect(moveOf(r, 'm')).toMatchObject({ steps: 7, allowed_steps: 6, ok: false });
  });

  it('starting inside difficult terrain costs its minus too', () => {
    const r = ranges('zvezdny-desant', [{ id: 'm', player: 1, x_mm: -100, y_mm: 0, from_mm: [75, 0], speed_steps: 12 }, other], [light]);
    expect(moveOf(r, 'm').allowed_steps).toBe(10);
  });

  it('slopes slow the way up only', () => {
    const slope = { ...light, movement: 'slope-medium' };
    const up = ranges('zvezdny-desant', [{ id: 'm', player: 1, x_mm: 75, y_mm: 0, from_mm: [0, 0] }, other], [slope]);
    const down = ranges('zvezdny-desant', [{ id: 'm', player: 1, x_mm: 0, y_mm: 0, from_mm: [75, 0] }, other], [slope]);
    expect(moveOf(up, 'm').allowed_steps).toBe(8);
    expect(moveOf(down, 'm').allowed_steps).toBe(12);
  });

  it('a move through impassable terrain is refused', () => {
    const lake = { ...medium, movement: 'impassable' };
    const r = ranges('zvezdny-desant', [{ id: 'm', player: 1, x_mm: 175, y_mm: 0, from_mm: [0, 0] }, other], [lake]);
    expect(moveOf(r, 'm').ok).toBe(false);
  });
});

describe('Стальная война: halves, thirds or forbids by mobility class', () => {
  // The seed's example: infantry, a tank and an APC go into woods.
  const woods = { id: 'woods', polygon_mm: rect(-10, -100, 200, 100), height_mm: 80, size: 'large', grey_zone: true, cover: 'light', movement: 'woods' };
  const into = (kind: string) => ({ id: 'm', player: 1, kind, x_mm: 50.8, y_mm: 0, from_mm: [0, 0] as [number, number] });

  it('infantry moves 3 in woods, a tank 4 (12 / 3), an APC cannot enter', () => {
    const r = ranges('stalnaya-voyna', [into('infantry'), other], [woods]);
    expect(moveOf(r, 'm')).toMatchObject({ steps: 2, allowed_steps: 3, ok: true });
    const tank = ranges('stalnaya-voyna', [{ ...into('tracked'), base_mm: 60 }, other], [{ ...woods, polygon_mm: rect(-50, -100, 200, 100) }]);
    expect(moveOf(tank, 'm').allowed_steps).toBe(4);
    const apc = ranges('stalnaya-voyna', [{ ...into('high-mobility-wheeled'), x_mm: -200, from_mm: [-300, 0] }, other], [woods]);
    expect(moveOf(apc, 'm').ok).toBe(true);
    const apcIn = ranges('stalnaya-voyna', [{ ...into('high-mobility-wheeled'), x_mm: 300, from_mm: [-100, 0] }, other], [woods]);
    expect(moveOf(apcIn, 'm').ok).toBe(false);
  });

  it('open ground leaves the speed whole', () => {
    const r = ranges('stalnaya-voyna', [{ ...into('infantry'), x_mm: 152.4 }, other]);
    expect(moveOf(r, 'm')).toMatchObject({ steps: 6, allowed_steps: 6, ok: true });
  });
});

describe('Вторжение: climbing and jumping down', () => {
  // Step 50 mm; light infantry speed 4. The seed: a bunker 1 step high, 3 steps away: the
  // militiaman gets onto it this turn (3 + 1 = 4); further away, next turn.
  const bunker = { id: 'bunker', polygon_mm: rect(150, -100, 300, 100), height_mm: 50, size: 'medium', cover: 'heavy', movement: 'climbable' };

  it('3 steps to a 1-step bunker and onto its roof costs 4', () => {
    const r = ranges('vtorzhenie', [{ id: 'm', player: 1, x_mm: 160, y_mm: 0, from_mm: [10, 0] }, other], [bunker]);
    expect(moveOf(r, 'm')).toMatchObject({ steps: 3, cost_steps: 4, allowed_steps: 4, ok: true });
  });

  it('4 steps to it is one too many', () => {
    const r = ranges('vtorzhenie', [{ id: 'm', player: 1, x_mm: 160, y_mm: 0, from_mm: [-40, 0] }, other], [bunker]);
    expect(moveOf(r, 'm')).toMatchObject({ steps: 4, cost_steps: 5, ok: false });
  });

  it('an object over 1 step high cannot be climbed', () => {
    const r = ranges('vtorzhenie', [{ id: 'm', player: 1, x_mm: 160, y_mm: 0, from_mm: [110, 0] }, other], [{ ...bunker, height_mm: 60 }]);
    expect(moveOf(r, 'm').ok).toBe(false);
  });

  it('jumping down 1.5 steps costs 1; from higher it is forbidden', () => {
    const down = (heightMm: number) =>
      moveOf(ranges('vtorzhenie', [{ id: 'm', player: 1, x_mm: 350, y_mm: 0, from_mm: [250, 0] }, other], [{ ...bunker, height_mm: heightMm }]), 'm');
    // Standing on a 75 mm roof is only possible by climbing elsewhere; the jump itself is what is checked.
    expect(down(75)).toMatchObject({ steps: 2, cost_steps: 3, ok: true });
    expect(down(80).ok).toBe(false);
  });

  it('a low, narrow obstacle is jumped for free', () => {
    const log = { id: 'log', polygon_mm: rect(90, -50, 130, 50), height_mm: 25, size: 'small', cover: 'light', movement: 'climbable' };
    expect(moveOf(ranges('vtorzhenie', [{ id: 'm', player: 1, x_mm: 200, y_mm: 0, from_mm: [0, 0] }, other], [log]), 'm')).toMatchObject({ steps: 4, cost_steps: 4, ok: true });
    const wide = { ...log, polygon_mm: rect(60, -50, 130, 50) };
    expect(moveOf(ranges('vtorzhenie', [{ id: 'm', player: 1, x_mm: 200, y_mm: 0, from_mm: [0, 0] }, other], [wide]), 'm')).toMatchObject({ cost_steps: 6, ok: false });
  });

  it('a vehicle cannot climb onto a bunker', () => {
    const r = ranges('vtorzhenie', [{ id: 'm', player: 1, kind: 'vehicle', base_mm: 60, x_mm: 100, y_mm: 0, from_mm: [-100, 0] }, other], [bunker]);
    expect(moveOf(r, 'm').ok).toBe(true);
    const over = ranges('vtorzhenie', [{ id: 'm', player: 1, kind: 'vehicle', base_mm: 60, x_mm: 400, y_mm: 0, from_mm: [100, 0] }, other], [bunker]);
    expect(moveOf(over, 'm').ok).toBe(false);
  });

  it('the model\'s own speed_steps overrides the kind\'s', () => {
    const r = ranges('vtorzhenie', [{ id: 'm', player: 1, x_mm: 300, y_mm: 0, from_mm: [0, 0], speed_steps: 6 }, other]);
    expect(moveOf(r, 'm')).toMatchObject({ steps: 6, allowed_steps: 6, ok: true });
  });
});

describe('Бронепехота: 1 step per 4 cm up, 1 step down', () => {
  const barrier = { id: 'b', polygon_mm: rect(100, -100, 200, 100), height_mm: 80, size: 'medium', cover: 'heavy', movement: 'climbable' };

  it('climbing 8 cm costs 2 steps, getting down any height 1', () => {
    const up = ranges('bronepekhota', [{ id: 'm', player: 1, x_mm: 120, y_mm: 0, from_mm: [80, 0] }, other], [barrier]);
    expect(moveOf(up, 'm')).toMatchObject({ steps: 1, cost_steps: 3, allowed_steps: 4, ok: true });
    const down = ranges('bronepekhota', [{ id: 'm', player: 1, x_mm: 220, y_mm: 0, from_mm: [180, 0] }, other], [{ ...barrier, height_mm: 300 }]);
    expect(moveOf(down, 'm')).toMatchObject({ steps: 1, cost_steps: 2, ok: true });
  });

  it('a started 4 cm counts whole: 5 cm up costs 2', () => {
    const up = ranges('bronepekhota', [{ id: 'm', player: 1, x_mm: 120, y_mm: 0, from_mm: [80, 0] }, other], [{ ...barrier, height_mm: 50 }]);
    expect(moveOf(up, 'm').cost_steps).toBe(3);
  });
});
