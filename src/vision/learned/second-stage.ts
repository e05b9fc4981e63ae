/**
 * The detector's second look (models/train/fall_classifier.py): for each heat peak, a square of
 * the map around it says whether that object is fallen and whether a second model's point lies
 * near it (bases in contact, which the first stage often sees as one peak). The second model is
 * added where no object was found already, and is looked at in turn for whether it is fallen.
 */
import type { DecodeOptions, HeatPeak } from './decode-heat.js';
import { PATCH_CELLS, patchOrigin } from './fall-patches.js';

/** The second head's place is given in this many map cells from the square's middle. */
export const SECOND_CELLS = 10;
/** A second model named this close to an object already found is that object. */
export const SECOND_SAME_MM = 15;

export interface SquareAnswer {
  /** The chance that the object at the square's middle is fallen. */
  fallen: number;
  /** Chance that a second model is near, and its place (x, y from the middle, in SECOND_CELLS); null when the model has no such head. */
  second: readonly [number, number, number] | null;
}

/** Runs the second stage on the squares at these top-left cells, in one batch. */
export type LookAgain = (origins: readonly (readonly [number, number])[]) => Promise<SquareAnswer[]>;

export interface SeenObject {
  xMm: number;
  yMm: number;
  fallen: boolean;
  confidence: number;
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
  await ask(each.flat());
  const seconds: SeenObject[][] = [];
  const found = each.map((peaks, k) => {
    const d = decodes[k] as DecodeOptions;
    const objects: SeenObject[] = peaks.map((p) => {
      const a = answer(p);
      return { xMm: p.xMm, yMm: p.yMm, fallen: a ? a.fallen >= d.fallenThreshold : p.fallen, confidence: p.confidence };
    });
    const added: SeenObject[] = [];
    if (d.secondThreshold !== undefined) {
      for (const p of peaks) {
        const s = answer(p)?.second;
        if (!s || s[0] < d.secondThreshold) continue;
        const [c0, r0] = patchOrigin(p.xMm, p.yMm, mmPerCell);
        const xMm = (c0 + PATCH_CELLS / 2 + 0.5 + s[1] * SECOND_CELLS) * mmPerCell;
        const yMm = (r0 + PATCH_CELLS / 2 + 0.5 + s[2] * SECOND_CELLS) * mmPerCell;
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
    const more = (seconds[k] ?? []).map((o) => ({ ...o, fallen: (answer(o)?.fallen ?? 0) >= d.fallenThreshold }));
    return [...objects, ...more];
  });
}
