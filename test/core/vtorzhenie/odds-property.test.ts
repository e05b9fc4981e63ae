import { describe, expect, it } from 'vitest';
import { compareOdds } from './sampled-odds.js';

const SAMPLES = 100_000;

/** Scenarios that reach every branch: shields, vehicles, cover, the sniper reroll, ties. */
const cases: [string, Record<string, unknown>][] = [
  ['virtual-shot', { distance_cm: 44, shooter: { power: 3, accuracy_bonus: 1, reroll_accuracy_die: true }, target: { armour: 3, stamina: 1 } }],
  ['virtual-shot', { distance_cm: 12, shooter: { power: 2 }, target: { armour: 2, stamina: 2, damage: 1, shield: true, cover: 'partial' } }],
  ['virtual-shot', { distance_cm: 80, shooter: { power: 5 }, target: { armour: 8, stamina: 3, vehicle: true, cover: 'partial' } }],
  ['real-shot', { target: { kind: 'vehicle', stamina: 3, damage: 1 }, hit: true, fell: true }],
  ['close-combat', { attackers: [{ cc: 4, armour: 3, attack_dice: 2 }], defenders: [{ cc: 1, armour: 3 }] }],
  ['close-combat', { attackers: [{ cc: 1, armour: 2 }, { cc: 0, armour: 3 }], defenders: [{ cc: 2, armour: 3, defence_dice: 2 }] }],
];

describe('vtorzhenie exact odds against seeded samples', () => {
  for (const [action, fields] of cases) {
    it(`${action} ${JSON.stringify(fields)}`, () => {
      const c = compareOdds('vtorzhenie', action, fields, SAMPLES, `vt-${action}`);
      for (const [field, sum] of c.fieldSums) expect(`${field}: ${sum.toString()}`).toBe(`${field}: 1/1`);
      expect(c.worstGap, `worst key ${c.worstKey}`).toBeLessThan(0.005);
    });
  }
});
