/**
 * models/train/compare-options.ts: option sets for the detector compared on whole frames of the
 * training family, counting errors as the bench does; bad arguments refused in one line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareOptions, optionsOf, parseCompareArgs } from '../../../models/train/compare-options.js';
import { writeVariedFrame } from '../../../models/train/write-frames.js';
import { defaultModelPath } from '../../../src/vision/learned/onnx-node.js';
import { DEFAULT_LEARNED_OPTIONS } from '../../../src/vision/learned/learned-detector.js';
import { variedTable } from '../../synthetic/varied.js';

describe('compare-options', () => {
  it('refuses missing arguments, bad JSON and unknown or out-of-range options in one line', () => {
    for (const argv of [[], ['d'], ['d', 'nope'], ['d', '[]'], ['d', '{}'], ['d', '[{"decode": {"threshold": 2}}]'], ['d', '[{"views": {"count": 9, "fallenUnsure": [0, 1], "hereUnsure": [0, 1]}}]'], ['d', '[{"colour": 1}]'], ['d', '[{"apparentHeightMm": -1}]'], ['d', '[{"decode": {"subcell": "vertex"}}]'], ['d', '[{"apparentHeightMm": 200}]'], ['d', '[{"place": {"scope": "some", "maxMm": 12}}]'], ['d', '[{"place": {"scope": "all", "maxMm": 80}}]'], ['d', '[{"place": {"scope": "all"}}]'], ['d', '[{}]', 'm', 'extra']]) {
      const r = parseCompareArgs(argv);
      expect(r.ok, argv.join(' ')).toBe(false);
      if (!r.ok) expect(r.problem.split('\n')).toHaveLength(1);
    }
    const r = parseCompareArgs(['a,b', '[{}, {"decode": {"threshold": 0.4}}]']);
    expect(r.ok && r.dirs).toEqual(['a', 'b']);
    expect(r.ok && optionsOf(r.sets[1] ?? {}).decode).toEqual({ ...DEFAULT_LEARNED_OPTIONS.decode, threshold: 0.4 });
    expect(optionsOf({ decode: { hereThreshold: null } }).decode).not.toHaveProperty('hereThreshold');
    expect(optionsOf({ decode: { hereThreshold: 0.2 } }).decode?.hereThreshold).toBe(0.2);
    expect(optionsOf({ apparentHeightMm: 6 }).apparentHeightMm).toBe(6);
    expect(optionsOf({})).not.toHaveProperty('apparentHeightMm');
    expect(optionsOf({ place: { scope: 'no-rim', maxMm: 8 } }).place).toEqual({ scope: 'no-rim', maxMm: 8 });
    expect(optionsOf({ place: null }).place).toBeNull();
    expect(optionsOf({})).not.toHaveProperty('place');
  });

  it('counts a set that finds nothing as every untagged model missed, and the shipped set as fewer errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'compare-options-'));
    try {
      await writeVariedFrame(dir, 900003, 1280);
      const [shipped, blind] = await compareOptions([dir], [{}, { decode: { threshold: 1 } }], defaultModelPath());
      const untagged = variedTable(900003, { widthPx: 1280 }).models.filter((m) => m.tag === null).length;
      // Every untagged model missed; a tagged one too where its tag is not read at this size.
      expect(blind?.lines[2]).toContain('missed 100.0 %');
      expect(Number(/\[m (\d+),/.exec(blind?.lines[2] ?? '')?.[1])).toBeGreaterThanOrEqual(untagged);
      expect(blind?.lines[3]).toMatch(/p95 ∞ mm .* of 0 found, 0 more than 3 mm off/);
      // The shipped set finds bases, and says how many lie more than 3 and 5 mm off.
      expect(shipped?.lines).toHaveLength(5);
      expect(Number(/of (\d+) found/.exec(shipped?.lines[3] ?? '')?.[1])).toBeGreaterThan(0);
      expect(shipped?.errors.without).toBeLessThan(blind?.errors.without ?? 0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
