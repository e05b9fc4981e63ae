/**
 * Rule PV on the fixtures of both held-out families: the placement net asked on its square's eight
 * turns and mirrors, its answers turned back and averaged (the default), places the untagged
 * standing bases at least as well as one view (the live Worker's setting). An answer turned back
 * the wrong way would average moves that point elsewhere, and the bases would land farther off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '../../../bench/heldout-eval.js';
import { DEFAULT_LEARNED_OPTIONS, LIVE_DETECTOR_OPTIONS } from '../../../src/vision/learned/learned-detector.js';
import { FIXTURES, MODES, runFixtures, untaggedStanding, WEBGL_FIXTURES, type FixtureRun } from './heldout-helpers.js';

const errors = (runs: FixtureRun[]): number[] => runs.flatMap((r) => MODES.flatMap((mode) => r[mode].matches.filter((m: Match) => untaggedStanding(m) && m.found !== null).map((m) => m.errorMm)));
const median = (e: number[]): number => [...e].sort((a, b) => a - b)[e.length >> 1] as number;

let eight: number[] = [];
let one: number[] = [];

beforeAll(async () => {
  expect(DEFAULT_LEARNED_OPTIONS.place?.views).toBe(8);
  expect(LIVE_DETECTOR_OPTIONS.place?.views).toBe(1);
  // The shipped options with the live Worker's placement (one view).
  const single = { place: LIVE_DETECTOR_OPTIONS.place ?? null };
  for (const dir of [FIXTURES, WEBGL_FIXTURES]) {
    eight = [...eight, ...errors(await runFixtures(undefined, dir))];
    one = [...one, ...errors(await runFixtures(single, dir))];
  }
}, 300_000);

describe('the placement net in eight views (rule PV)', () => {
  it('finds the same bases as one view', () => {
    expect(eight.length).toBe(one.length);
    expect(eight.length).toBeGreaterThan(50);
  });

  it('places them at least as close: fewer more than 3 mm off, and a smaller median', () => {
    const off3 = (e: number[]): number => e.filter((x) => x > 3).length;
    expect(off3(eight)).toBeLessThanOrEqual(off3(one));
    expect(median(eight)).toBeLessThan(median(one));
  });
});
