import { describe, expect, it } from 'vitest';
import { dieAtMost, stepDie } from '../../../src/core/mechanics/die-steps.js';
import { firepowerDie, potentialCasualties, rangeZone } from '../../../src/core/rulesets/stalnaya-voyna/fire.js';
import { stalnayaVoyna } from '../../../src/core/rulesets/stalnaya-voyna/system.js';
import { resolveScenario } from '../../../src/core/scenario/resolve-scenario.js';

const ladder = stalnayaVoyna.data.dice_steps.value;

function run(fields: Record<string, unknown>): Record<string, unknown> {
  const r = resolveScenario({ ruleset: 'stalnaya-voyna', ...fields });
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.problem}`);
  return r.output;
}

const shooter = (quality: string, small_arms_rof: number[] = [], support: string[] = []) => ({ quality, small_arms_rof, support });

describe('stalnaya-voyna range zones (digest EX)', () => {
  it('12" from a d8 shooter is zone 2 (d6); prone makes it d8', () => {
    expect(rangeZone(12, 8, true)).toBe(2);
    expect(run({ action: 'fire', distance_in: 12, shooter: shooter('d8', [4]), target: {}, dice: [1, 1, 1] })).toMatchObject({ allowed: true, zone: 2, range_die: 'd6' });
    expect(run({ action: 'fire', distance_in: 12, shooter: shooter('d8', [4]), target: { prone: true }, dice: [1, 1, 1] })).toMatchObject({ zone: 2, range_die: 'd8' });
  });

  it('zones are right-closed and as wide as the quality die: 6" from d6 is zone 1, a d6 reaches 30"', () => {
    expect(rangeZone(6, 6, true)).toBe(1);
    expect(rangeZone(6.01, 6, true)).toBe(2);
    expect(rangeZone(0, 6, true)).toBe(1);
    expect(run({ action: 'fire', distance_in: 30, shooter: shooter('d6', [1]), target: {}, dice: [1, 1, 1] })).toMatchObject({ allowed: true, zone: 5, range_die: 'd12' });
    expect(run({ action: 'fire', distance_in: 30.5, shooter: shooter('d6', [1]), target: {}, dice: [] })).toEqual({
      allowed: false,
      zone: 6,
      range_die: null,
      firepower_die: 'd4',
      result: 'no-effect',
      casualties: 0,
      dice_used: [],
    });
  });

  it('improvements: prone +1, light cover +1, heavy +2, never beyond d12', () => {
    expect(run({ action: 'fire', distance_in: 3, shooter: shooter('d4', [4]), target: { cover: 'light' }, dice: [1, 1, 1] })).toMatchObject({ zone: 1, range_die: 'd6' });
    expect(run({ action: 'fire', distance_in: 3, shooter: shooter('d4', [4]), target: { cover: 'heavy', prone: true }, dice: [1, 1, 1] })).toMatchObject({ range_die: 'd10' });
    expect(run({ action: 'fire', distance_in: 17, shooter: shooter('d4', [4]), target: { cover: 'heavy', prone: true }, dice: [1, 1, 1] })).toMatchObject({ zone: 5, range_die: 'd12' });
    expect(stepDie(ladder, 10, 3)).toBe(12);
  });

  it('the seed\'s partisans: zone 2 (d6) in light cover and prone → d10', () => {
    expect(run({ action: 'fire', distance_in: 10, shooter: shooter('d6', [4]), target: { cover: 'light', prone: true }, dice: [1, 1, 1] })).toMatchObject({ zone: 2, range_die: 'd10' });
  });
});

describe('stalnaya-voyna firepower die (digest EX)', () => {
  it('4 × 3 = 12 → d12; 9 + 1 = 10 → d10; 3 × 3 = 9 → d8 (the seed\'s d6 is a typo)', () => {
    expect(firepowerDie(ladder, [3, 3, 3, 3])).toBe(12);
    expect(firepowerDie(ladder, [9, 1])).toBe(10);
    expect(firepowerDie(ladder, [3, 3, 3])).toBe(8);
    expect(run({ action: 'fire', distance_in: 1, shooter: shooter('d8', [3, 3, 3, 3]), target: {}, dice: [1, 1, 1] })).toMatchObject({ firepower_die: 'd12' });
    expect(run({ action: 'fire', distance_in: 1, shooter: shooter('d8', [9, 1]), target: {}, dice: [1, 1, 1] })).toMatchObject({ firepower_die: 'd10' });
  });

  it('a sum under 4 rounds up to d4, above 12 is d12, no small arms is no firepower die', () => {
    expect(dieAtMost(ladder, 2)).toBe(4);
    expect(firepowerDie(ladder, [20])).toBe(12);
    expect(run({ action: 'fire', distance_in: 1, shooter: shooter('d8', [], ['d10']), target: {}, dice: [5, 9, 2] })).toMatchObject({ firepower_die: null, dice_used: [5, 9, 2] });
  });
});

describe('stalnaya-voyna fire results and casualties (digest EX)', () => {
  it('d6 + d10 vs d10 with both higher: suppressed and 16/10 → 2 casualties', () => {
    // A d6 shooter at 7" (zone 2, d6) against a prone target in light cover: d10.
    const out = run({ action: 'fire', distance_in: 7, shooter: shooter('d6', [5, 5]), target: { prone: true, cover: 'light' }, dice: [6, 9, 4] });
    expect(out).toEqual({ allowed: true, zone: 2, range_die: 'd10', firepower_die: 'd10', result: 'casualties', casualties: 2, dice_used: [6, 9, 4] });
    expect(potentialCasualties([6, 10], 10)).toBe(2);
  });

  it('d6 + d8 vs d10: 14/10 → 1', () => {
    const out = run({ action: 'fire', distance_in: 10, shooter: shooter('d6', [8]), target: { prone: true, cover: 'light' }, dice: [5, 7, 2] });
    expect(out).toMatchObject({ range_die: 'd10', firepower_die: 'd8', result: 'casualties', casualties: 1 });
    expect(potentialCasualties([6, 8], 10)).toBe(1);
    expect(potentialCasualties([6, 9], 10)).toBe(2);
  });

  it('no shooter die higher → no effect; exactly one higher → suppressed; ties do not count', () => {
    expect(run({ action: 'fire', distance_in: 1, shooter: shooter('d8', [4]), target: {}, dice: [3, 2, 3] })).toMatchObject({ result: 'no-effect', casualties: 0 });
    expect(run({ action: 'fire', distance_in: 1, shooter: shooter('d8', [4]), target: {}, dice: [4, 2, 3] })).toMatchObject({ result: 'suppressed', casualties: 0 });
    expect(run({ action: 'fire', distance_in: 1, shooter: shooter('d8', [4], ['d6']), target: {}, dice: [4, 1, 4, 3] })).toMatchObject({ result: 'casualties', casualties: 5 });
  });
});

describe('stalnaya-voyna wound (digest EX)', () => {
  it('power d10 rolls 5 vs d4 rolls 4 → wounded', () => {
    expect(run({ action: 'wound', power: 'd10', armour: 'd4', dice: [5, 4] })).toEqual({ result: 'wounded', dice_used: [5, 4] });
  });
  it('power ≥ 3 × armour kills; not above armour leaves unharmed', () => {
    expect(run({ action: 'wound', power: 'd10', armour: 'd4', dice: [9, 3] })).toMatchObject({ result: 'killed' });
    expect(run({ action: 'wound', power: 'd10', armour: 'd4', dice: [6, 2] })).toMatchObject({ result: 'killed' });
    expect(run({ action: 'wound', power: 'd10', armour: 'd4', dice: [4, 4] })).toMatchObject({ result: 'unharmed' });
  });
});

describe('stalnaya-voyna after-effects', () => {
  it('close-combat casualty D6: 1–2 killed, 3–4 wounded, 5–6 unharmed', () => {
    const fates = [1, 2, 3, 4, 5, 6].map((d) => run({ action: 'melee-casualty', dice: [d] }).fate);
    expect(fates).toEqual(['killed', 'killed', 'wounded', 'wounded', 'unharmed', 'unharmed']);
  });
  it('reorganisation D6 (+1 medic, +2 field surgeon): 1–2 dies, 3–5 stabilised, 6 returns', () => {
    expect([1, 2, 3, 5, 6].map((d) => run({ action: 'reorganise', dice: [d] }).fate)).toEqual(['dies', 'dies', 'stabilised', 'stabilised', 'returns']);
    expect(run({ action: 'reorganise', medic: true, dice: [5] }).fate).toBe('returns');
    expect(run({ action: 'reorganise', medic: true, field_surgeon: true, dice: [6] }).fate).toBe('returns');
    expect(run({ action: 'reorganise', field_surgeon: true, dice: [1] }).fate).toBe('stabilised');
  });
  it('commander lost D6: 1–3 a step worse, 4–5 the same, 6 a step better, within 1–3', () => {
    expect(run({ action: 'commander-lost', leadership: 2, dice: [3] })).toMatchObject({ change: 'worse', leadership: 3 });
    expect(run({ action: 'commander-lost', leadership: 3, dice: [1] })).toMatchObject({ change: 'worse', leadership: 3 });
    expect(run({ action: 'commander-lost', leadership: 2, dice: [5] })).toMatchObject({ change: 'same', leadership: 2 });
    expect(run({ action: 'commander-lost', leadership: 1, dice: [6] })).toMatchObject({ change: 'better', leadership: 1 });
    expect(run({ action: 'commander-lost', leadership: 3, dice: [6] })).toMatchObject({ change: 'better', leadership: 2 });
  });
});

describe('stalnaya-voyna terrain (digest EX and the table rules)', () => {
  const terrain = stalnayaVoyna.data.movement.terrain;
  const divisors = stalnayaVoyna.data.movement.divisors.value;
  const moveIn = (place: string, mobility: 'infantry' | 'tracked' | 'high-mobility-wheeled', speed: number): number | null => {
    const effect = terrain[place]?.value[mobility];
    if (effect === undefined) throw new Error(`no terrain ${place}`);
    return effect === 'impassable' ? null : Math.floor(speed / divisors[effect]);
  };
  it('infantry in woods moves 3, a tank 4 (12 / 3), an APC cannot enter', () => {
    expect(moveIn('woods', 'infantry', 6)).toBe(3);
    expect(moveIn('woods', 'tracked', 12)).toBe(4);
    expect(moveIn('woods', 'high-mobility-wheeled', 12)).toBeNull();
  });
  it('the ruleset and the table rules name the same effects', async () => {
    const table = (await import('../../../src/core/rulesets/stalnaya-voyna/table-rules.json', { with: { type: 'json' } })).default as {
      movement_classes: Record<string, { value: { effects: Record<string, string> } }>;
    };
    for (const [place, entry] of Object.entries(table.movement_classes)) expect(terrain[place]?.value, place).toEqual(entry.value.effects);
  });
});
