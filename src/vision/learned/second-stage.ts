/**
 * The detector's second look (models/train/fall_classifier.py): for each heat peak, a square of
 * the map around it says whether that object is fallen and whether a second model's point lies
 * near it (bases in contact, which the first stage often sees as one peak), and, with a centre
 * head, whether a model is there at all and where it lies (a peak can sit between two bases in
 * contact, or to one side of a vehicle). A peak whose square sees no model is dropped; an object
 * that lies elsewhere is moved there; the second model is added where no object was found
 * already, and is looked at in turn for whether it is a model and fallen.
 */
import type { DecodeOptions, HeatPeak } from './decode-heat.js';
import { PATCH_CELLS, patchOrigin } from './fall-patches.js';

/** The second head's place is given in this many map cells from the square's middle. */
export const SECOND_CELLS = 10;
/** A second model named this close to an object already found is that object. */
export const SECOND_SAME_MM = 15;
/** The centre head was trained on models this close to the square's middle (fall_classifier.py's CENTRE_CELLS): it moves no object farther. */
export const CENTRE_MAX_CELLS = 6;

export interface SquareAnswer {
  /** The chance that the object at the square's middle is fallen. */
  fallen: number;
  /** Chance that a second model is near, and its place (x, y from the middle, in SECOND_CELLS); null when the model has no such head. */
  second: readonly [number, number, number] | null;
  /**
   * The centre head: the chance that a model's point lies within 30 mm of the square's middle
   * (a phantom's square says no), then where the nearest one lies (x, y from the middle, in
   * SECOND_CELLS); null when the model has no such head.
   */
  centre?: readonly [number, number, number] | null;
}

/** Runs the second stage on the squares at these top-left cells, in one batch. */
export type LookAgain = (origins: readonly (readonly [number, number])[]) => Promise<SquareAnswer[]>;

export interface SeenObject {
  xMm: number;
  yMm: number;
  fallen: boolean;
  confidence: number;
  /** The second stage's chance that it is fallen (absent without a second stage's answer). */
  fallenChance?: number;
}

/** False when the square's centre head says no model is there, with less than the decoding's hereThreshold. */
const onModel = (a: SquareAnswer | undefined, d: DecodeOptions): boolean => d.hereThreshold === undefined || !a?.centre || a.centre[0] >= d.hereThreshold;

/** A moved object's fallen chance from its peak's square and its own (DecodeOptions.movedFallen). */
function fallenChance(atPeak: number | undefined, atPlace: number | undefined, how: NonNullable<DecodeOptions['movedFallen']>): number | undefined {
  if (atPlace === undefined || how === 'peak') return atPeak;
  if (how === 'place' || atPeak === undefined) return atPlace;
  return (atPeak + atPlace) / 2;
}

/** Each decoding's peaks, looked at again: fallen by the second stage, seconds added. */
export async function lookAgainAt(look: LookAgain, each: readonly (readonly HeatPeak[])[], decodes: readonly DecodeOptions[], mmPerCell: number, bounds: { wMm: number; dMm: number }): Promise<SeenObject[][]> {
  const answers = new Map<string, SquareAnswer>();
  const ask = async (points: readonly { xMm: number; yMm: number }[]): Promise<void> => {
    const fresh = new Map<string, [number, number]>();
    for (const p of points) {
      const at = patchOrigin(p.xMm, p.yMm, mmPerCell);
      const key = at.join(',');
      if (!answers.has(key)) fresh.set(key, at);
    }
    if (fresh.size === 0) return;
    const got = await look([...fresh.values()]);
    [...fresh.keys()].forEach((key, i) => {
      const a = got[i];
      if (a) answers.set(key, a);
    });
  };
  const answer = (p: { xMm: number; yMm: number }): SquareAnswer | undefined => answers.get(patchOrigin(p.xMm, p.yMm, mmPerCell).join(','));
  /** A point given from a square's middle in SECOND_CELLS, in table mm. */
  const fromMiddle = (p: { xMm: number; yMm: number }, dx: number, dy: number): { xMm: number; yMm: number } => {
    const [c0, r0] = patchOrigin(p.xMm, p.yMm, mmPerCell);
    return { xMm: (c0 + PATCH_CELLS / 2 + 0.5 + dx * SECOND_CELLS) * mmPerCell, yMm: (r0 + PATCH_CELLS / 2 + 0.5 + dy * SECOND_CELLS) * mmPerCell };
  };
  await ask(each.flat());
  // Objects whose square puts them elsewhere move there (each decoding its own way) and get a square of their own.
  const placed = each.map((peaks, k) => {
    const d = decodes[k] as DecodeOptions;
    return peaks.map((p) => {
      const c = d.centreMinMm === undefined ? null : answer(p)?.centre;
      if (!c || Math.hypot(c[1], c[2]) * SECOND_CELLS > CENTRE_MAX_CELLS) return null;
      const to = fromMiddle(p, c[1], c[2]);
      const moved = Math.hypot(to.xMm - p.xMm, to.yMm - p.yMm) >= (d.centreMinMm ?? Infinity) && to.xMm >= 0 && to.yMm >= 0 && to.xMm < bounds.wMm && to.yMm < bounds.dMm;
      return moved ? to : null;
    });
  });
  // A moved object is called fallen by its peak's square alone when the decoding says so: its own is not needed.
  await ask(placed.flatMap((ps, k) => ((decodes[k] as DecodeOptions).movedFallen === 'peak' ? [] : ps.filter((p): p is { xMm: number; yMm: number } => p !== null))));
  const seconds: SeenObject[][] = [];
  const found = each.map((peaks, k) => {
    const d = decodes[k] as DecodeOptions;
    const objects: SeenObject[] = [];
    const kept = new Set(peaks.filter((p) => onModel(answer(p), d)));
    peaks.forEach((p, i) => {
      if (!kept.has(p)) return;
      const at = placed[k]?.[i] ?? p;
      // Two peaks of one model both moved to its place are that model once (the hotter was first).
      if (at !== p && objects.some((o) => Math.hypot(o.xMm - at.xMm, o.yMm - at.yMm) < d.mergeMm)) return;
      const chance = fallenChance(answer(p)?.fallen, at === p ? undefined : answer(at)?.fallen, d.movedFallen ?? 'place');
      objects.push({ xMm: at.xMm, yMm: at.yMm, fallen: chance === undefined ? p.fallen : chance >= d.fallenThreshold, confidence: p.confidence, ...(chance === undefined ? {} : { fallenChance: chance }) });
    });
    const added: SeenObject[] = [];
    if (d.secondThreshold !== undefined) {
      // A peak dropped as no model names no second one either.
      for (const p of kept) {
        const s = answer(p)?.second;
        if (!s || s[0] < d.secondThreshold) continue;
        const { xMm, yMm } = fromMiddle(p, s[1], s[2]);
        if (xMm < 0 || yMm < 0 || xMm >= bounds.wMm || yMm >= bounds.dMm) continue;
        if ([...objects, ...added].some((o) => Math.hypot(o.xMm - xMm, o.yMm - yMm) < SECOND_SAME_MM)) continue;
        added.push({ xMm, yMm, fallen: false, confidence: s[0] });
      }
    }
    seconds.push(added);
    return objects;
  });
  // The seconds' own squares: whether each of them is fallen.
  await ask(seconds.flat());
  return found.map((objects, k) => {
    const d = decodes[k] as DecodeOptions;
    const more = (seconds[k] ?? []).filter((o) => onModel(answer(o), d)).map((o) => ({ ...o, fallen: (answer(o)?.fallen ?? 0) >= d.fallenThreshold, fallenChance: answer(o)?.fallen ?? 0 }));
    return [...objects, ...more];
  });
}
