/**
 * Scoring object detectors against the truth of the held-out Blender frames
 * (test/blender/heldout.py): one greedy nearest-first matching, then issue 9's figures.
 * Used by `npm run bench:vision` (section 5) and the learned detector's fixture tests.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const HeldoutModel = z.object({
  x_mm: z.number(),
  y_mm: z.number(),
  fallen: z.boolean(),
  kind: z.string(),
  base_mm: z.number(),
  height_mm: z.number(),
  tag: z.number().int().nullable(),
  traits: z.array(z.string()),
});
export type HeldoutModel = z.infer<typeof HeldoutModel>;
export const HeldoutTruth = z.object({
  camera_position_mm: z.array(z.number()).length(3),
  background: z.string(),
  window_light: z.boolean(),
  models: z.array(HeldoutModel),
});
export type HeldoutTruth = z.infer<typeof HeldoutTruth>;

export interface HeldoutFrame {
  name: string;
  image: string;
  background: string;
  profile: string;
  camera: string;
  truth: HeldoutTruth;
}

/** Every NAME.jpg with NAME.truth.json in dir, sorted by name. */
export async function listHeldoutFrames(dir: string): Promise<HeldoutFrame[]> {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return [];
  }
  const out: HeldoutFrame[] = [];
  for (const f of files.filter((n) => n.endsWith('.truth.json')).sort()) {
    const name = f.slice(0, -'.truth.json'.length);
    if (!files.includes(`${name}.jpg`)) continue;
    const truth = HeldoutTruth.parse(JSON.parse(await readFile(join(dir, f), 'utf8')));
    out.push({ name, image: join(dir, `${name}.jpg`), background: join(dir, truth.background), profile: join(dir, `${name}.table.json`), camera: join(dir, `${name}.camera.json`), truth });
  }
  return out;
}

export interface Detected {
  x_mm: number;
  y_mm: number;
  fallen: boolean;
  tag: number | null;
}

export interface Match {
  truth: HeldoutModel;
  /** The detection paired with it, or null when missed. */
  found: Detected | null;
  errorMm: number;
}

/** A detector's objects (table mm, camelCase) as the scoring reads them. */
export function detectedOf(objects: readonly { xMm: number; yMm: number; fallen: boolean; tag: number | null }[]): Detected[] {
  return objects.map((o) => ({ x_mm: o.xMm, y_mm: o.yMm, fallen: o.fallen, tag: o.tag }));
}

/** What is wrong with one model's match, if anything: not found, a fall not called, or a standing model called fallen. */
export function matchError(m: Match): 'missed' | 'fall not called' | 'standing called fallen' | null {
  if (!m.found) return 'missed';
  if (m.truth.fallen && !m.found.fallen) return 'fall not called';
  if (!m.truth.fallen && m.found.fallen) return 'standing called fallen';
  return null;
}

/** A detection farther than this from every model is a phantom. */
export const MATCH_MM = 30;
export const MATCH_FALLEN_MM = 45;

export function matchFrame(truth: readonly HeldoutModel[], found: readonly Detected[]): { matches: Match[]; phantoms: Detected[] } {
  const pairs: { t: number; f: number; d: number }[] = [];
  truth.forEach((t, i) =>
    found.forEach((f, j) => {
      const d = Math.hypot(t.x_mm - f.x_mm, t.y_mm - f.y_mm);
      if (d <= (t.fallen ? MATCH_FALLEN_MM : MATCH_MM)) pairs.push({ t: i, f: j, d });
    }),
  );
  pairs.sort((a, b) => a.d - b.d);
  const tUsed = new Map<number, number>();
  const fUsed = new Set<number>();
  for (const p of pairs) {
    if (tUsed.has(p.t) || fUsed.has(p.f)) continue;
    tUsed.set(p.t, p.f);
    fUsed.add(p.f);
  }
  const matches = truth.map((t, i) => {
    const j = tUsed.get(i);
    const f = j === undefined ? null : (found[j] as Detected);
    return { truth: t, found: f, errorMm: f ? Math.hypot(t.x_mm - f.x_mm, t.y_mm - f.y_mm) : Infinity };
  });
  return { matches, phantoms: found.filter((_, j) => !fUsed.has(j)) };
}

/** Wrong objects of some frames, each counted once: models missed, phantoms, falls not called, standing models called fallen. */
export function errorCounts(frames: readonly { matches: Match[]; phantoms: Detected[] }[]): { missed: number; phantoms: number; fallsMissed: number; falseFalls: number } {
  const c = { missed: 0, phantoms: 0, fallsMissed: 0, falseFalls: 0 };
  for (const f of frames) {
    c.phantoms += f.phantoms.length;
    for (const m of f.matches) {
      const wrong = matchError(m);
      if (wrong === 'missed') c.missed++;
      else if (wrong === 'fall not called') c.fallsMissed++;
      else if (wrong === 'standing called fallen') c.falseFalls++;
    }
  }
  return c;
}

export interface Figures {
  /** Untagged standing models: base centre error p95 (a miss counts as infinite). */
  baseP95Mm: number;
  baseMedianMm: number;
  bases: number;
  /** Untagged standing models not found at all, % of them. */
  basesMissedPct: number;
  phantomsPct: number;
  fallsFoundPct: number;
  falls: number;
  standingCalledFallenPct: number;
  standing: number;
  tagsBoundPct: number;
  tagged: number;
  fallP95Mm: number;
}

/** A standing model without a tag: the models whose base centres the untagged-base figures measure. */
export const untaggedStanding = (m: Match): boolean => !m.truth.fallen && m.truth.tag === null;

export const quantile = (v: readonly number[], q: number): number => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};

export function figures(frames: readonly { matches: Match[]; phantoms: Detected[] }[]): Figures {
  const all = frames.flatMap((f) => f.matches);
  const bases = all.filter(untaggedStanding);
  const falls = all.filter((m) => m.truth.fallen);
  const standing = all.filter((m) => !m.truth.fallen);
  const tagged = all.filter((m) => m.truth.tag !== null);
  const pct = (a: number, b: number): number => (b === 0 ? NaN : (100 * a) / b);
  return {
    baseP95Mm: quantile(bases.map((m) => m.errorMm), 0.95),
    baseMedianMm: quantile(bases.map((m) => m.errorMm), 0.5),
    bases: bases.length,
    basesMissedPct: pct(bases.filter((m) => m.found === null).length, bases.length),
    phantomsPct: pct(frames.reduce((s, f) => s + f.phantoms.length, 0), all.length),
    fallsFoundPct: pct(falls.filter((m) => m.found?.fallen === true).length, falls.length),
    falls: falls.length,
    standingCalledFallenPct: pct(standing.filter((m) => m.found?.fallen === true).length, standing.length),
    standing: standing.length,
    tagsBoundPct: pct(tagged.filter((m) => m.found !== null && m.found.tag === m.truth.tag).length, tagged.length),
    tagged: tagged.length,
    fallP95Mm: quantile(falls.map((m) => (m.found?.fallen ? m.errorMm : Infinity)), 0.95),
  };
}
