/**
 * The second look on made-up answers (the network is run by the train smoke test and the
 * held-out fixtures): fallen follows the square's answer, a second model is added only where
 * nothing was found, inside the table, and is itself looked at for whether it is fallen.
 */
import { describe, expect, it } from 'vitest';
import type { DecodeOptions, HeatPeak } from '../../../src/vision/learned/decode-heat.js';
import { PATCH_CELLS } from '../../../src/vision/learned/fall-patches.js';
import { lookAgainAt, SECOND_CELLS, type SquareAnswer } from '../../../src/vision/learned/second-stage.js';

const MM = 4;
const decode: DecodeOptions = { threshold: 0.5, fallenThreshold: 0.5, subcell: 'heat', mergeMm: 10, secondThreshold: 0.6 };
const peak = (xMm: number, yMm: number, fallen = false): HeatPeak => ({ xMm, yMm, fallen, confidence: 0.9 });
/** The square's middle (table mm) for a peak at (x, y): the middle of its cell. */
const middle = (v: number): number => (Math.floor(v / MM) + 0.5) * MM;
const bounds = { wMm: 1200, dMm: 800 };

/** Answers by the square's top-left cell; squares asked for are logged. */
function answering(byOrigin: Record<string, SquareAnswer>): { look: (o: readonly (readonly [number, number])[]) => Promise<SquareAnswer[]>; asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    look: (origins) => {
      asked.push(origins.map((o) => o.join(',')));
      return Promise.resolve(origins.map((o) => byOrigin[o.join(',')] ?? { fallen: 0, second: [0, 0, 0] }));
    },
  };
}
const origin = (x: number, y: number): string => [Math.floor(x / MM) - PATCH_CELLS / 2, Math.floor(y / MM) - PATCH_CELLS / 2].join(',');

describe('the second look', () => {
  it('calls an object fallen by its square, not by the first stage', async () => {
    const a = answering({ [origin(100, 100)]: { fallen: 0.9, second: null }, [origin(300, 100)]: { fallen: 0.1, second: null } });
    const [objs] = await lookAgainAt(a.look, [[peak(100, 100, false), peak(300, 100, true)]], [decode], MM, bounds);
    expect(objs?.map((o) => o.fallen)).toEqual([true, false]);
    expect(a.asked).toEqual([[origin(100, 100), origin(300, 100)]]);
  });

  it('adds a second model where its square says, and looks at it in turn', async () => {
    const dx = 0.7;
    const x2 = middle(200) + dx * SECOND_CELLS * MM;
    const a = answering({ [origin(200, 200)]: { fallen: 0.2, second: [0.8, dx, 0] }, [origin(x2, middle(200))]: { fallen: 0.95, second: [0.9, -dx, 0] } });
    const [objs] = await lookAgainAt(a.look, [[peak(200, 200)]], [decode], MM, bounds);
    expect(objs).toHaveLength(2);
    expect(objs?.[1]?.xMm).toBeCloseTo(x2, 6);
    expect(objs?.[1]?.yMm).toBeCloseTo(middle(200), 6);
    expect(objs?.[1]?.fallen).toBe(true);
    expect(objs?.[1]?.confidence).toBeCloseTo(0.8, 6);
    // The added model's own "second" is not followed (it points back at the first).
    expect(a.asked).toHaveLength(2);
  });

  it('adds nothing near an object already found, outside the table, or below the threshold', async () => {
    const a = answering({
      [origin(200, 200)]: { fallen: 0, second: [0.95, 0.5, 0] },
      [origin(4, 400)]: { fallen: 0, second: [0.95, -1, 0] },
      [origin(600, 600)]: { fallen: 0, second: [0.55, 0.6, 0.6] },
    });
    const near = middle(200) + 0.5 * SECOND_CELLS * MM + 8; // a found object 8 mm from the named place
    const [objs] = await lookAgainAt(a.look, [[peak(200, 200), peak(near, middle(200)), peak(4, 400), peak(600, 600)]], [decode], MM, bounds);
    expect(objs).toHaveLength(4);
    const [none] = await lookAgainAt(a.look, [[peak(600, 600)]], [{ ...decode, secondThreshold: undefined }], MM, bounds);
    expect(none).toHaveLength(1);
    const [lower] = await lookAgainAt(a.look, [[peak(600, 600)]], [{ ...decode, secondThreshold: 0.5 }], MM, bounds);
    expect(lower).toHaveLength(2);
  });

  it('asks once per square however many decodings share it', async () => {
    const a = answering({});
    const res = await lookAgainAt(a.look, [[peak(100, 100)], [peak(101, 101), peak(500, 500)]], [decode, { ...decode, fallenThreshold: 0 }], MM, bounds);
    expect(a.asked[0]).toEqual([origin(100, 100), origin(500, 500)]);
    expect(res[1]?.every((o) => o.fallen)).toBe(true);
    expect(res[0]?.every((o) => !o.fallen)).toBe(true);
  });
});
