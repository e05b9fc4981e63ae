import { describe, expect, it } from 'vitest';
import { oddsRows, oddsWords as words, readableFraction } from '../../src/ui/views/words.js';

/** Intl writes a no-break space before «%»; compared as a plain one. */
const oddsWords = (...a: Parameters<typeof words>): string => words(...a).replace(/\u00a0/g, ' ');

/** A unit test of the renderer's words (no browser): exact fractions beside a percentage only when a player can read them (at most 5 digits below the line). */
describe('readable fractions', () => {
  it('keeps a short fraction and drops a 15-digit one', () => {
    expect(readableFraction('1/72')).toBe('1/72');
    expect(readableFraction('202/207')).toBe('202/207');
    expect(readableFraction('12345/99999')).toBe('12345/99999');
    expect(readableFraction('1/100000')).toBeNull();
    expect(readableFraction('123456789012345/999999999999999')).toBeNull();
    expect(readableFraction(undefined)).toBeNull();
  });

  it('the odds in words end with the fraction only when it is readable; the percentage is always there', () => {
    expect(oddsWords({ 'hit=true': '1/6', 'penetrated=true': '1/72' }, 'penetrated=true', null)).toBe('попадание 16,7 %, пробитие 1,4 % — 1/72');
    const long = oddsWords({ 'hit=true': '1/6', 'penetrated=true': '123456789012345/999999999999999' }, 'penetrated=true', null);
    expect(long).toBe('попадание 16,7 %, пробитие 12,3 %');
    expect(oddsRows({ 'penetrated=true': '123456789012345/999999999999999' }, null)).toEqual([['пробитие', '', '12,3\u00a0%']]);
  });
});
