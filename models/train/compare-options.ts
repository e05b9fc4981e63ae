/**
 * The rules around the network chosen on whole frames: each frame of the given directories
 * (write-frames.js's training-family frames; the layout test/blender/frames has) is located
 * once, then run through the shipped model under each option set, with and without its empty
 * table, and every set's errors are counted as the bench counts them.
 *
 *   node models/train/.build/models/train/compare-options.js DIR[,DIR...] 'OPTION SETS' [MODEL.onnx]
 *   OPTION SETS: a JSON list of LearnedDetectorOptions overrides, e.g.
 *     '[{}, {"views": {"count": 1, "fallenUnsure": [0, 1], "hereUnsure": [0, 1]}}, {"decode": {"threshold": 0.5}}]'
 *
 * Two lines a set and mode: missed (m), phantoms (p), falls not called (fm), standing called
 * fallen (ff), their sum, touching models missed; then where the untagged standing bases found
 * lie (p95, median, how many more than 3 and 5 mm off); and the median time of the second look.
 * Choose on the training family; held-out frames are for reporting.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { readHeldoutFrame } from '../../bench/heldout-frame.js';
import { detectedOf, errorCounts, figures, listHeldoutFrames, matchFrame, untaggedStanding, type Detected, type Match } from '../../bench/heldout-eval.js';
import type { DecodeOptions } from '../../src/vision/learned/decode-heat.js';
import { DEFAULT_LEARNED_OPTIONS, loadLearnedDetector, type LearnedDetector, type LearnedDetectorOptions } from '../../src/vision/learned/learned-detector.js';
import { defaultModelPath, loadOnnxRuntimeNode } from '../../src/vision/learned/onnx-node.js';
import { detectWithTagsNear } from '../../src/vision/learned/tags-near.js';
import { loadOpenCvNode } from '../../src/vision/opencv-node.js';

const Band = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]);
const OptionSet = z
  .object({
    views: z.object({ count: z.number().int().min(1).max(8), fallenUnsure: Band, hereUnsure: Band }).strict().optional(),
    /** The fine fallen net's part (a model that holds one); null: off. */
    fine: z.object({ combine: z.enum(['fine', 'mean']), threshold: z.number().min(0).max(1), unsure: Band.optional() }).strict().nullable().optional(),
    /** A standing object with no rim seen moved toward the nadir as a point this high (mm). */
    apparentHeightMm: z.number().min(0).max(100).optional(),
    /** How many views of the map the first stage sees with and without the empty table (rules M, M′): 1, 2 or 4 each. */
    mapViews: z.object({ withBackground: z.union([z.literal(1), z.literal(2), z.literal(4)]), without: z.union([z.literal(1), z.literal(2), z.literal(4)]) }).strict().optional(),
    /** The fine placement net's part (a model that holds one); null: off. */
    place: z.object({ scope: z.enum(['no-rim', 'all']), maxMm: z.number().min(0).max(50), rimWithinMm: z.number().min(0).max(50).optional(), views: z.number().int().min(1).max(8).optional() }).strict().nullable().optional(),
    decode: z
      .object({
        threshold: z.number().min(0).max(1),
        fallenThreshold: z.number().min(0).max(1),
        mergeMm: z.number().min(0).max(100),
        /** Where inside its cell a peak lies: the offset head, the heat's vertex, or their mean. */
        subcell: z.enum(['offset', 'heat', 'mean']),
        secondThreshold: z.number().min(0).max(1),
        centreMinMm: z.number().min(0).max(100),
        /** null: the "is a model here" filter off. */
        hereThreshold: z.number().min(0).max(1).nullable(),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
const OptionSets = z.array(OptionSet).min(1).max(64);
export type OptionSet = z.infer<typeof OptionSet>;

export type CompareArgs = { ok: true; dirs: string[]; sets: OptionSet[]; model: string } | { ok: false; problem: string };

/** The command's arguments, or the one line that says what is wrong with them. */
export function parseCompareArgs(argv: readonly string[]): CompareArgs {
  const usage = "usage: compare-options.js DIR[,DIR...] 'JSON list of option sets' [MODEL.onnx]";
  const [dirs, json, model] = argv;
  if (!dirs || json === undefined || argv.length > 3) return { ok: false, problem: usage };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, problem: `option sets: not JSON (${usage})` };
  }
  const sets = OptionSets.safeParse(raw);
  if (!sets.success) {
    const i = sets.error.issues[0];
    return { ok: false, problem: `option sets: ${i?.path.join('.') || 'the list'}: ${i?.message ?? 'invalid'}` };
  }
  return { ok: true, dirs: dirs.split(',').filter(Boolean), sets: sets.data, model: model ?? defaultModelPath() };
}

/** The detector options an option set stands for: the shipped ones with its overrides. */
export function optionsOf(set: OptionSet): Partial<LearnedDetectorOptions> {
  const { hereThreshold, ...decode } = set.decode ?? {};
  const merged: DecodeOptions = { ...DEFAULT_LEARNED_OPTIONS.decode, ...decode };
  if (hereThreshold === null) delete merged.hereThreshold;
  else if (hereThreshold !== undefined) merged.hereThreshold = hereThreshold;
  return { ...(set.views ? { views: set.views } : {}), ...(set.fine !== undefined ? { fine: set.fine } : {}), ...(set.apparentHeightMm !== undefined ? { apparentHeightMm: set.apparentHeightMm } : {}), ...(set.place !== undefined ? { place: set.place } : {}), ...(set.mapViews !== undefined ? { mapViews: set.mapViews } : {}), decode: merged };
}

interface Run {
  matches: Match[];
  phantoms: Detected[];
}

export interface SetResult {
  set: OptionSet;
  lines: string[];
  /** Errors per mode: missed, phantoms, falls not called, standing called fallen. */
  errors: { withBackground: number; without: number };
}

/** Every set on every frame of the directories; a frame `locate` cannot place counts every model missed. */
export async function compareOptions(dirs: readonly string[], sets: readonly OptionSet[], modelPath: string): Promise<SetResult[]> {
  const ort = await loadOnnxRuntimeNode();
  const bytes = new Uint8Array(await readFile(modelPath));
  const detectors: LearnedDetector[] = [];
  for (const set of sets) {
    const r = await loadLearnedDetector(ort, bytes, optionsOf(set));
    if (!r.ok) throw new Error(`${modelPath}: ${r.problem}`);
    detectors.push(r.detector);
  }
  const cv = await loadOpenCvNode();
  const per = sets.map(() => ({ withBackground: [] as Run[], without: [] as Run[], secondMs: [] as number[] }));
  for (const dir of dirs) {
    for (const f of (await listHeldoutFrames(dir)).filter((x) => x.truth.models.length > 0)) {
      const { image, background, table, located: r, tagsNear, release } = await readHeldoutFrame(cv, f);
      for (const [k, d] of detectors.entries()) {
        const p = per[k] as (typeof per)[number];
        if (!r.ok) {
          p.withBackground.push(matchFrame(f.truth.models, []));
          p.without.push(matchFrame(f.truth.models, []));
          continue;
        }
        const input = { frame: image, pose: r.value.pose, intrinsics: r.value.intrinsics, table, tags: r.value.report.tags };
        p.withBackground.push(matchFrame(f.truth.models, detectedOf((await detectWithTagsNear(d, { ...input, background }, tagsNear)).detection.objects)));
        const without = (await detectWithTagsNear(d, { ...input, background: null }, tagsNear)).detection;
        p.without.push(matchFrame(f.truth.models, detectedOf(without.objects)));
        p.secondMs.push(without.ms.second);
      }
      release();
    }
  }
  for (const d of detectors) await d.release();
  return sets.map((set, k) => {
    const p = per[k] as (typeof per)[number];
    const lines: string[] = [];
    const errors = { withBackground: 0, without: 0 };
    for (const mode of ['withBackground', 'without'] as const) {
      const c = errorCounts(p[mode]);
      const fg = figures(p[mode]);
      errors[mode] = c.missed + c.phantoms + c.fallsMissed + c.falseFalls;
      const touchingMissed = p[mode].flatMap((r) => r.matches).filter((m) => !m.found && m.truth.traits.includes('touching')).length;
      const off = p[mode].flatMap((r) => r.matches).filter((m) => m.found && untaggedStanding(m));
      const offBy = (mm: number): number => off.filter((m) => m.errorMm > mm).length;
      lines.push(`${mode === 'withBackground' ? 'with the empty table' : 'without'}: missed ${fg.basesMissedPct.toFixed(1)} %, phantoms ${fg.phantomsPct.toFixed(1)} %, falls found ${fg.fallsFoundPct.toFixed(1)} %, standing called fallen ${fg.standingCalledFallenPct.toFixed(1)} % [m ${c.missed}, p ${c.phantoms}, fm ${c.fallsMissed}, ff ${c.falseFalls}: ${errors[mode]}; touching missed ${touchingMissed}]`);
      const mm = (v: number): string => (Number.isFinite(v) ? v.toFixed(1) : '∞');
      lines.push(`  untagged standing bases: p95 ${mm(fg.baseP95Mm)} mm (a miss is ∞), median ${mm(fg.baseMedianMm)} mm; of ${off.length} found, ${offBy(3)} more than 3 mm off, ${offBy(5)} more than 5 mm`);
    }
    const ms = [...p.secondMs].sort((a, b) => a - b)[Math.floor(p.secondMs.length / 2)] ?? NaN;
    lines.push(`second look ${ms.toFixed(1)} ms (median, without the empty table)`);
    return { set, lines, errors };
  });
}

async function main(): Promise<void> {
  const a = parseCompareArgs(process.argv.slice(2));
  if (!a.ok) {
    console.error(a.problem);
    process.exit(2);
  }
  for (const r of await compareOptions(a.dirs, a.sets, a.model)) console.log(`${JSON.stringify(r.set)}\n  ${r.lines.join('\n  ')}`);
}

if (process.argv[1]?.endsWith('compare-options.js')) await main();
