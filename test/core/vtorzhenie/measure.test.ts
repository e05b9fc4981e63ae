import { describe, expect, it } from 'vitest';
import { measure } from '../../../src/core/measure/measure.js';
import { vtorzhenie } from '../../../src/core/rulesets/vtorzhenie/system.js';

const rules = vtorzhenie.data.distance;

describe('vtorzhenie measure (шаг = 5 cm, the 1-cm rule)', () => {
  it('EX: 41 cm is 8 steps, 42 cm is 9, 44 cm "is 9 steps"', () => {
    expect(measure(41, rules).steps).toBe(8);
    expect(measure(42, rules).steps).toBe(9);
    expect(measure(44, rules).steps).toBe(9);
  });

  it('takes the band from the cm column, rounded half up', () => {
    expect(measure(41, rules).band).toBe('medium');
    expect(measure(40.4, rules).band).toBe('short');
    expect(measure(40.5, rules).band).toBe('medium');
    expect(measure(15, rules).band).toBe('extra-short');
    expect(measure(16, rules).band).toBe('short');
    expect(measure(75, rules).band).toBe('medium');
    expect(measure(76, rules).band).toBe('long');
  });

  it('tells the no-shooting band from contact between 5.0 and 5.5 cm', () => {
    expect(measure(4.9, rules)).toMatchObject({ band: 'close-combat', close_combat: true });
    expect(measure(5, rules)).toMatchObject({ band: 'close-combat', close_combat: false });
    expect(measure(5.4, rules)).toMatchObject({ band: 'close-combat', close_combat: false });
    expect(measure(5.5, rules)).toMatchObject({ band: 'extra-short', close_combat: false });
  });
});
