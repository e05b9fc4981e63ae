/**
 * The learned detector on held-out Blender fixtures (test/blender/fixtures: two frames of a
 * table lit by an area light and a low window sun, never trained on), one test per failure
 * mode of issue 9, with and without the empty-table frame. Each asserts what the shipped model
 * really achieves; `it.fails` marks the target where the model misses it today (so the
 * test turns red, and must be promoted, the day a model reaches it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEARNED_OPTIONS } from '../../../src/vision/learned/learned-detector.js';
import type { Match } from '../../../bench/heldout-eval.js';
import { expectNativeTagsRead, MODES as modes, nearEdge, p95, runFixtures, untaggedStanding, type FixtureRun, type Mode } from './heldout-helpers.js';
import { pythonHas } from './python-helpers.js';

let runs: FixtureRun[] = [];
const all = (mode: Mode, pick: (m: Match) => boolean): Match[] => runs.flatMap((r) => r[mode].matches.filter(pick));
const fallsCalled = (of: FixtureRun[], mode: Mode): number => of.flatMap((r) => r[mode].matches).filter((m) => m.truth.fallen && m.found?.fallen === true).length;

beforeAll(async () => {
  runs = await runFixtures();
}, 240_000);

describe('learned detector on held-out Blender fixtures', () => {
  it('reads both fixture frames and their truth', () => {
    expect(runs.map((r) => r.frame.name)).toEqual(['t0-f0', 't0-f2']);
    expect(runs.every((r) => r.frame.truth.window_light)).toBe(true);
  });

  // Within 10 mm up to the fifth model; the sixth's centre head puts them within 4 mm.
  it('dark figure: every one found within 5 mm, with and without the empty table', () => {
    const dark = (m: Match): boolean => untaggedStanding(m) && m.truth.traits.includes('dark');
    for (const mode of modes) {
      const d = all(mode, dark);
      expect(d).toHaveLength(3);
      for (const m of d) expect(m.errorMm).toBeLessThan(5);
    }
  });

  // The second model found them all; the third to the fifth missed the 25 mm one on t0-f0 (found on t0-f2); the sixth finds it.
  // The eighth found it without the empty table; with it, at the old decoding (heat 0.5, no
  // "is a model here" filter), it read that figure and its long window shadow as one fallen
  // object 39 mm off. At heat 0.4 with the filter it is found in both modes.
  it('mat-coloured figure standing: found, with and without the empty table', () => {
    for (const mode of modes) for (const m of all(mode, (x) => untaggedStanding(x) && x.truth.traits.includes('mat'))) expect(m.found, mode).not.toBeNull();
  });

  const edge = (m: Match): boolean => untaggedStanding(m) && nearEdge(m.truth);
  // The second model called 3 edge figures fallen, the third called one and missed one; the fourth and fifth find them all, standing.
  it('lean near the edge: standing figures within 70 mm of the edge are found, none called fallen with the empty table, at most one without', () => {
    const bg = all('withBackground', edge);
    expect(bg.length).toBeGreaterThanOrEqual(4);
    expect(bg.filter((m) => m.found).length).toBe(bg.length);
    const nobg = all('without', edge);
    expect(nobg.filter((m) => m.found).length).toBeGreaterThanOrEqual(nobg.length - 1);
    expect(all('withBackground', edge).filter((m) => m.found?.fallen === true)).toHaveLength(0);
    expect(all('without', edge).filter((m) => m.found?.fallen === true).length).toBeLessThanOrEqual(1);
  });

  // The sixth model called the 28 mm figure at the table's edge on t0-f0 fallen without the empty table; the eighth does not.
  it('lean near the edge: none called fallen without the empty table either', () => {
    expect(all('without', edge).filter((m) => m.found?.fallen === true)).toHaveLength(0);
  });

  it('tag on a card wider than the base: one object carrying the tag id, within 1 mm of the base centre', () => {
    for (const mode of modes) {
      const cards = all(mode, (m) => m.truth.traits.includes('tag-card'));
      expect(cards).toHaveLength(2);
      for (const m of cards) {
        expect(m.found?.tag).toBe(m.truth.tag);
        expect(m.errorMm).toBeLessThan(1);
      }
      // No second object for the same model seen through its card.
      for (const r of runs) for (const t of r.frame.truth.models.filter((x) => x.traits.includes('tag-card'))) {
        expect(r[mode].phantoms.filter((p) => Math.hypot(p.x_mm - t.x_mm, p.y_mm - t.y_mm) < 40)).toHaveLength(0);
      }
    }
  });

  // The sixth made none without the empty table and one with it; the eighth made one without
  // (t0-f0) and four with it: the window sun's long shadows, three of them called fallen. With
  // the "is a model here" filter, asked in four views when unsure, it makes one with the empty
  // table and three without (at (795, 958) on both frames, which is no shadow but the table's rock, a
  // 62 x 72 x 38 mm terrain piece at (799, 960) in t0's scene file; and one called fallen on t0-f2).
  it('window shadow: at most four phantoms under a low sun, both frames and both modes together', () => {
    expect(runs.flatMap((r) => [...r.withBackground.phantoms, ...r.without.phantoms]).length).toBeLessThanOrEqual(4);
  });

  // The fifth model made none; the sixth, which finds the mat-coloured figure on t0-f0, also calls its long window shadow a model (at 0.53) with the empty table.
  it.fails('window shadow: no phantom under a low sun, with or without the empty table', () => {
    for (const r of runs) for (const mode of modes) expect(r[mode].phantoms, `${r.frame.name} ${mode}`).toHaveLength(0);
  });

  it('touching pair: at least one base of each pair is found', () => {
    for (const mode of modes) for (const r of runs) {
      const pair = r[mode].matches.filter((m) => m.truth.traits.includes('touching'));
      expect(pair).toHaveLength(2);
      expect(pair.some((m) => m.found !== null)).toBe(true);
    }
  });

  // The second stage names the base beside a found one (second-stage.ts): the fifth model found
  // both of each pair with the empty table and 3 of 4 without; the sixth's centre head moves a
  // peak that lay between the two onto one of them, so the other can be added.
  it('touching pair: both bases of each pair found, with and without the empty table', () => {
    for (const mode of modes) for (const m of all(mode, (x) => x.truth.traits.includes('touching'))) expect(m.found, mode).not.toBeNull();
  });

  // The base rim fit (base-rim.ts) puts found bases within 1–4.5 mm; before it the sixth model's
  // errors reached 10 mm on these frames. Choosing the rim seen furthest round among several
  // centres (chosen on the training family's frames) brought three of these bases closer and put
  // one, at the table's edge, on a partial circle 4.3 mm off (3.9 mm was the largest before).
  const baseErrors = (mode: Mode): number[] => all(mode, untaggedStanding).map((m) => m.errorMm).sort((a, b) => a - b);
  // The eighth model: without the empty table every base within 4.6 mm; with it, at the old
  // decoding, the mat-coloured figure above was missed (an infinite error) and the others lay
  // within 4.0 mm; at the new one it is found. The tenth put every base within 4.5 mm with the
  // empty table; the eleventh puts one baseless humanoid on t0-f2 4.9 mm off (the tenth 3.1 mm),
  // the rest within 4.5 mm.
  it('base centres: every untagged standing model found; p95 within 5 mm without the empty table (the aim), every base within 5 mm with it, all but one within 4.5 mm', () => {
    expect(baseErrors('without').length).toBe(19);
    expect(p95(baseErrors('without'))).toBeLessThanOrEqual(5);
    expect(baseErrors('withBackground').every((e) => e <= 5)).toBe(true);
    expect(baseErrors('withBackground').filter((e) => e > 4.5).length).toBeLessThanOrEqual(1);
  });

  // An aim the fixtures did not meet until the eighteenth session's placement net (rule U).
  it('base centres: p95 within 3 mm with the empty table (the aim)', () => {
    expect(p95(baseErrors('withBackground'))).toBeLessThanOrEqual(3);
  });

  // The second model placed the 60 mm vehicle 7.9 mm off; the third missed it; the fourth finds both within 3 mm.
  it('vehicle: found within 5 mm of its base centre', () => {
    for (const mode of modes) {
      const v = all(mode, (m) => m.truth.kind === 'vehicle');
      expect(v).toHaveLength(2);
      for (const m of v) expect(m.errorMm).toBeLessThan(5);
    }
  });

  it('fallen models are found as objects (8 of 8, with and without the empty table)', () => {
    for (const mode of modes) expect(all(mode, (m) => m.truth.fallen).filter((m) => m.found).length).toBe(8);
  });

  // The fourth model called 4 of 8 with the empty table and 6 without; the second stage calls all 8.
  // The sixth called all 8 in both modes; the eighth, asked once per square, left the 32 mm figure
  // on t0-f2 standing in both modes and, with the empty table, the mat-coloured one beside its
  // shadow too; asked again in four views when unsure, it called 7 of 8 with the empty table and
  // 8 without. The fifteenth session's fallen net (trained on Blender tables too) calls all 8 in
  // both modes: asked once, it leaves only the 32 mm figure standing without the empty table. The
  // tenth (a first stage and a second-model net trained on Blender tables too) also calls all 8 in both
  // modes; asked once, it leaves one standing with the empty table and none without. The eleventh
  // (its fallen net and second-model net trained on more Blender tables, fallen threshold 0.55)
  // calls all 8 without the empty table; with it, it leaves the 32 mm humanoid on t0-f2 standing
  // (the tenth called it fallen, 10.1 mm from its footprint middle), in one view or four. Asked in
  // eight views when its chance lies in [0.1, 0.9] (rule SV), it is left standing without the empty
  // table too: 7 of 8 in both modes (on the whole held-out set SV made 117 errors against 123).
  it('falls are called fallen: 7 of 8 in each mode, the 32 mm humanoid on t0-f2 the one left standing', () => {
    for (const mode of modes) {
      expect(fallsCalled(runs, mode), mode).toBe(7);
      const left = all(mode, (x) => x.truth.fallen && x.found?.fallen !== true).map((m) => `${m.truth.x_mm.toFixed(0)}, ${m.truth.y_mm.toFixed(0)}`);
      expect(left, mode).toEqual(['68, 952']);
    }
  });

  it.fails('falls are called fallen: every one in both modes (the aim, ≥ 99 % found)', () => {
    for (const mode of modes) expect(fallsCalled(runs, mode)).toBe(8);
  });

  // Asked again in more views, an unsure square's fallen chance becomes the mean of the views. On
  // these fixtures that changed a call for the eighth and tenth models (a fall one view left
  // standing); for the eleventh, in four views, it changed chances but no call; in eight views
  // within [0.1, 0.9] (rule SV) it leaves the 32 mm humanoid on t0-f2 standing without the empty
  // table, which one view calls fallen.
  it('an unsure square is asked again mirrored and turned: its fallen chance is no longer the one view\'s', async () => {
    const once = await runFixtures({ views: { count: 1, fallenUnsure: [0, 1], hereUnsure: [0, 1] } });
    // The band the shipped detector asks again (learned-detector.ts), not a copy of it.
    const [lo, hi] = DEFAULT_LEARNED_OPTIONS.views.fallenUnsure;
    let unsure = 0;
    let moved = 0;
    for (const [k, r] of once.entries()) {
      for (const mode of modes) {
        for (const c of r[mode].chances) {
          const four = runs[k]?.[mode].chances.find((x) => Math.hypot(x.x_mm - c.x_mm, x.y_mm - c.y_mm) < 0.5);
          if (!four) continue;
          if (c.fallenChance >= lo && c.fallenChance <= hi) {
            unsure++;
            if (Math.abs(four.fallenChance - c.fallenChance) > 1e-4) moved++;
          }
        }
      }
    }
    expect(unsure).toBeGreaterThan(0);
    expect(moved).toBe(unsure);
    expect(fallsCalled(once, 'withBackground')).toBe(fallsCalled(runs, 'withBackground'));
    expect([fallsCalled(once, 'without'), fallsCalled(runs, 'without')]).toEqual([8, 7]);
  }, 120_000);

  // The fifth model called none; the sixth called the edge figure above fallen without the empty table; the eighth calls none.
  it('no standing model is called fallen, in either mode', () => {
    for (const mode of modes) expect(all(mode, (x) => !x.truth.fallen && x.found?.fallen === true)).toHaveLength(0);
  });

  it.skipIf(!pythonHas('cv2'))('every tag native OpenCV (python3-opencv) reads on the fixtures is read and located', () => {
    expectNativeTagsRead(runs);
  }, 120_000);
});
