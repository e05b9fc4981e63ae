import { describe, expect, it } from 'vitest';
import { obstacleCost, planMove, speedSteps, standUp } from '../../../src/core/rulesets/vtorzhenie/movement.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';

const data = vtorzhenie.data;

describe('vtorzhenie movement', () => {
  it('speeds by kind and infantry armour', () => {
    expect(speedSteps({ kind: 'infantry', armour: 4 }, data)).toBe(3);
    expect(speedSteps({ kind: 'infantry', armour: 3 }, data)).toBe(4);
    expect(speedSteps({ kind: 'infantry', armour: 1 }, data)).toBe(4);
    expect(speedSteps({ kind: 'infantry', armour: 0 }, data)).toBe(5);
    expect(speedSteps({ kind: 'cyborg', armour: 4 }, data)).toBe(3);
    expect(speedSteps({ kind: 'creature', armour: 0 }, data)).toBe(5);
    expect(speedSteps({ kind: 'vehicle', armour: 10 }, data)).toBe(8);
  });

  it('climbing ≤ 1 step costs 1, jumping down ≤ 1.5 costs 1, higher is forbidden', () => {
    expect(obstacleCost({ kind: 'climb', height_steps: 1 }, data)).toEqual({ allowed: true, cost_steps: 1 });
    expect(obstacleCost({ kind: 'climb', height_steps: 1.2 }, data).allowed).toBe(false);
    expect(obstacleCost({ kind: 'jump-down', height_steps: 1.5 }, data)).toEqual({ allowed: true, cost_steps: 1 });
    expect(obstacleCost({ kind: 'jump-down', height_steps: 1.6 }, data).allowed).toBe(false);
    expect(obstacleCost({ kind: 'hop', height_steps: 0.5, width_steps: 1 }, data)).toEqual({ allowed: true, cost_steps: 0 });
    expect(obstacleCost({ kind: 'hop', height_steps: 0.8, width_steps: 1 }, data)).toEqual({ allowed: true, cost_steps: 1 });
    expect(obstacleCost({ kind: 'ramp', angle_deg: 45 }, data)).toEqual({ allowed: true, cost_steps: 0 });
    expect(obstacleCost({ kind: 'ramp', angle_deg: 50 }, data).allowed).toBe(false);
  });

  it('the seed example: a militiaman 3 steps from a 1-step bunker gets on its roof this turn, not from 4', () => {
    const speed = speedSteps({ kind: 'infantry', armour: 2 }, data);
    expect(planMove(speed, 3, [{ kind: 'climb', height_steps: 1 }], data)).toEqual({ allowed: true, spent_steps: 4, left_steps: 0 });
    expect(planMove(speed, 4, [{ kind: 'climb', height_steps: 1 }], data).allowed).toBe(false);
  });

  it('standing up costs 5 speed and only at the start of the turn', () => {
    expect(standUp(8, true, data)).toEqual({ allowed: true, left_steps: 3 });
    expect(standUp(3, true, data)).toEqual({ allowed: true, left_steps: 0 });
    expect(standUp(8, false, data).allowed).toBe(false);
  });
});
