/**
 * The learned detector on fixtures of the third renderer family (test/webgl/fixtures: seed 1's
 * table t1, three.js through WebGL, a sun and two low window lights over a printed hex mat; its
 * empty table and frames f1, f2), one test per failure mode of issue 9, with and without the
 * empty-table frame. As in heldout-fixtures.test.ts each test asserts what the shipped model
 * really achieves, and `it.fails` marks the issue's aim where it misses it today.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '../../../bench/heldout-eval.js';
import { expectNativeTagsRead, MODES as modes, p95, runFixtures, untaggedStanding, WEBGL_FIXTURES, type FixtureRun, type Mode } from './heldout-helpers.js';
import { pythonHas } from './python-helpers.js';

let runs: FixtureRun[] = [];
const all = (mode: Mode, pick: (m: Match, r: FixtureRun) => boolean): Match[] => runs.flatMap((r) => r[mode].matches.filter((m) => pick(m, r)));
/** Horizontal distance from the camera's nadir: how far a standing figure leans in the image. */
const fromNadir = (m: Match, r: FixtureRun): number => Math.hypot(m.truth.x_mm - (r.frame.truth.camera_position_mm[0] ?? 0), m.truth.y_mm - (r.frame.truth.camera_position_mm[1] ?? 0));
const FAR_MM = 800;

beforeAll(async () => {
  runs = await runFixtures(undefined, WEBGL_FIXTURES);
}, 240_000);

describe('learned detector on fixtures of the WebGL family (test/webgl)', () => {
  it('reads both frames and their truth: a window light, every failure mode present', () => {
    expect(runs.map((r) => r.frame.name)).toEqual(['t1-f1', 't1-f2']);
    expect(runs.every((r) => r.frame.truth.window_light)).toBe(true);
    const traits = new Set(runs.flatMap((r) => r.frame.truth.models.flatMap((m) => m.traits)));
    for (const t of ['dark', 'mat', 'touching', 'vehicle', 'tag-card', 'tag-token', 'square-base']) expect(traits, t).toContain(t);
    expect(all('without', (m, r) => untaggedStanding(m) && fromNadir(m, r) >= FAR_MM).length).toBeGreaterThanOrEqual(4);
  });

  it('every model is found, with and without the empty table', () => {
    for (const mode of modes) expect(all(mode, (m) => m.found === null).map((m) => `${m.truth.kind} at ${m.truth.x_mm}, ${m.truth.y_mm}`), mode).toEqual([]);
  });

  it('dark figure: every one found within 2 mm, standing', () => {
    for (const mode of modes) {
      const d = all(mode, (m) => untaggedStanding(m) && m.truth.traits.includes('dark'));
      expect(d.length).toBe(2);
      for (const m of d) {
        expect(m.errorMm).toBeLessThan(2);
        expect(m.found?.fallen).toBe(false);
      }
    }
  });

  it('mat-coloured figure: every one found, with and without the empty table', () => {
    for (const mode of modes) {
      const d = all(mode, (m) => untaggedStanding(m) && m.truth.traits.includes('mat'));
      expect(d.length).toBe(3);
      for (const m of d) expect(m.found, mode).not.toBeNull();
    }
  });

  // Three small humanoids (no base or a 20 mm one, 27–37 mm tall) 880–960 mm from the nadir of
  // a camera 1.57 m up on t1-f2: the twelfth called all three fallen in both modes; the
  // thirteenth (trained on WebGL tables of seeds 2 and 5 too) two with the empty table, one without.
  it('lean far from the nadir: found, at most two called fallen in each mode', () => {
    for (const mode of modes) {
      const far = all(mode, (m, r) => untaggedStanding(m) && fromNadir(m, r) >= FAR_MM);
      for (const m of far) expect(m.found, mode).not.toBeNull();
      expect(far.filter((m) => m.found?.fallen === true).length, mode).toBeLessThanOrEqual(2);
    }
  });

  it.fails('lean far from the nadir: none called fallen (the aim)', () => {
    for (const mode of modes) expect(all(mode, (m, r) => untaggedStanding(m) && fromNadir(m, r) >= FAR_MM && m.found?.fallen === true)).toHaveLength(0);
  });

  it('tag on a card wider than the base, and on a token: one object carrying the id within 1 mm, no second object beside it', () => {
    for (const mode of modes) {
      const tagged = all(mode, (m) => m.truth.tag !== null);
      expect(tagged.filter((m) => m.truth.traits.includes('tag-card')).length).toBe(3);
      for (const m of tagged) {
        expect(m.found?.tag).toBe(m.truth.tag);
        expect(m.errorMm).toBeLessThan(1);
      }
      for (const r of runs) for (const t of r.frame.truth.models.filter((x) => x.tag !== null)) {
        expect(r[mode].phantoms.filter((p) => Math.hypot(p.x_mm - t.x_mm, p.y_mm - t.y_mm) < 40)).toHaveLength(0);
      }
    }
  });

  // The twelfth: with the empty table two (a second object beside the fallen beast on t1-f1, 40 mm
  // from its footprint's middle; one called fallen on t1-f2); without it two on t1-f1 and five on
  // t1-f2. The thirteenth: the one beside the beast; without the empty table three a frame, at the
  // same three places on both (a terrain piece's edge at (1318, 452) among them). The first stage
  // seeing the map and its three mirrors with the empty table (rule M′) adds a second one beside
  // the beast on t1-f1, 34 mm from the first (and calls one standing figure fewer fallen there).
  it('window light: at most two phantoms with the empty table and six without, both frames together', () => {
    expect(runs.flatMap((r) => r.withBackground.phantoms).length).toBeLessThanOrEqual(2);
    expect(runs.flatMap((r) => r.without.phantoms).length).toBeLessThanOrEqual(6);
  });

  it.fails('window light: no phantom in either mode (the aim, ≤ 1 % of models)', () => {
    for (const mode of modes) expect(runs.flatMap((r) => r[mode].phantoms)).toHaveLength(0);
  });

  it('touching pair: both bases of each pair found within 5 mm, standing', () => {
    for (const mode of modes) {
      const pair = all(mode, (m) => m.truth.traits.includes('touching'));
      expect(pair.length).toBe(4);
      for (const m of pair) {
        expect(m.errorMm, mode).toBeLessThan(5);
        expect(m.found?.fallen).toBe(false);
      }
    }
  });

  // The 60 mm tank on t1-f1 is placed 12 mm off with the empty table and 19 mm without (twelfth
  // and thirteenth), 9.4 and 16.8 mm (fourteenth).
  it('vehicle: found, standing, within 17 mm', () => {
    for (const mode of modes) {
      const v = all(mode, (m) => m.truth.kind === 'vehicle');
      expect(v.length).toBe(2);
      for (const m of v) {
        expect(m.errorMm, mode).toBeLessThan(17);
        expect(m.found?.fallen).toBe(false);
      }
    }
  });

  it.fails('vehicle: within 5 mm of its base centre (the aim)', () => {
    for (const mode of modes) for (const m of all(mode, (x) => x.truth.kind === 'vehicle')) expect(m.errorMm).toBeLessThan(5);
  });

  // Asked in four views (before rule SV): 7 of 8 with the empty table, 8 without. In eight views
  // within [0.1, 0.9] (rule SV, which made 240 errors against 242 on the whole of seed 1, fewer
  // standing called fallen and more falls left standing): 6 and 7, the humanoid at (553, 364) on
  // t1-f2 left standing in both modes, the beast at (143, 873) on t1-f1 with the empty table.
  it('falls: every one found as an object; called fallen 6 of 8 with the empty table, 7 of 8 without', () => {
    for (const mode of modes) expect(all(mode, (m) => m.truth.fallen && m.found !== null).length).toBe(8);
    expect(all('withBackground', (m) => m.truth.fallen && m.found?.fallen === true).length).toBeGreaterThanOrEqual(6);
    expect(all('without', (m) => m.truth.fallen && m.found?.fallen === true).length).toBeGreaterThanOrEqual(7);
  });

  it.fails('falls: every one called fallen in both modes (the aim)', () => {
    for (const mode of modes) expect(all(mode, (m) => m.truth.fallen && m.found?.fallen === true).length).toBe(8);
  });

  // The twelfth: p95 12.9 mm with the empty table (a leaning figure called fallen), 18.5 without
  // (the tank); median 2.0 and 2.7 mm. The thirteenth: p95 11.9 and 18.5 mm (the tank), median 2.0
  // and 3.1 mm. The fourteenth (its placement net trained on WebGL squares too): p95 10.7 and 16.8
  // mm, median 1.2 and 1.4 mm. With the map's mirrors (rule M′) p95 with the empty table is 13.2 mm:
  // the figure leaning far from the nadir at (1716, 358) on t1-f2, called fallen either way, is
  // placed at its footprint's middle 13.2 mm off instead of 10.7.
  it('base centres: untagged standing models p95 within 13.5 mm with the empty table and 17 mm without, median within 1.5 and 2 mm', () => {
    for (const mode of modes) {
      const e = all(mode, untaggedStanding).map((m) => m.errorMm);
      expect(p95(e), mode).toBeLessThanOrEqual(mode === 'withBackground' ? 13.5 : 17);
      expect([...e].sort((a, b) => a - b)[e.length >> 1], mode).toBeLessThanOrEqual(mode === 'withBackground' ? 1.5 : 2);
    }
  });

  it.fails('base centres: p95 within 3 mm with the empty table and 5 mm without (the aim)', () => {
    expect(p95(all('withBackground', untaggedStanding).map((m) => m.errorMm))).toBeLessThanOrEqual(3);
    expect(p95(all('without', untaggedStanding).map((m) => m.errorMm))).toBeLessThanOrEqual(5);
  });

  it.skipIf(!pythonHas('cv2'))('every tag native OpenCV (python3-opencv) reads on the fixtures is read and located', () => {
    expectNativeTagsRead(runs);
  }, 120_000);
});
