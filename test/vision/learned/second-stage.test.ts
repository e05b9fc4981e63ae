/**
 * The second look on made-up answers (the network is run by the train smoke test and the
 * held-out fixtures): fallen follows the square's answer, a second model is added only where
 * nothing was found, inside the table, and is itself looked at for whether it is fallen.
 */
import { describe, expect, it } from 'vitest';
import type { DecodeOptions, HeatPeak } from '../../../src/vision/learned/decode-heat.js';
import { PATCH_CELLS } from '../../../src/vision/learned/fall-patches.js';
import { CENTRE_MAX_CELLS, lookAgainAt, SECOND_CELLS, type SquareAnswer } from '../../../src/vision/learned/second-stage.js';

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

  describe('with a centre head', () => {
    const centred: DecodeOptions = { ...decode, centreMinMm: 4 };
    /** Cells of SECOND_CELLS for an offset in mm. */
    const u = (mm: number): number => mm / (SECOND_CELLS * MM);

    it('moves an object to where its square says it lies, and asks its new square whether it is fallen', async () => {
      const a = answering({ [origin(200, 200)]: { fallen: 0.9, second: [0, 0, 0], centre: [1, u(12), u(-5)] }, [origin(middle(200) + 12, middle(200) - 5)]: { fallen: 0.1, second: [0, 0, 0], centre: [1, 0, 0] } });
      const [objs] = await lookAgainAt(a.look, [[peak(200, 200)]], [centred], MM, bounds);
      expect(objs).toHaveLength(1);
      expect(objs?.[0]?.xMm).toBeCloseTo(middle(200) + 12, 4);
      expect(objs?.[0]?.yMm).toBeCloseTo(middle(200) - 5, 4);
      expect(objs?.[0]?.fallen).toBe(false);
      expect(a.asked).toEqual([[origin(200, 200)], [origin(middle(200) + 12, middle(200) - 5)]]);
    });

    it("calls a moved object fallen by its peak's square, its own, or the mean of the two, as the decoding says", async () => {
      const to = origin(middle(200) + 12, middle(200));
      const byOrigin: Record<string, SquareAnswer> = { [origin(200, 200)]: { fallen: 0.7, second: [0, 0, 0], centre: [1, u(12), 0] }, [to]: { fallen: 0.2, second: [0, 0, 0], centre: [1, 0, 0] } };
      const expected = { place: false, peak: true, mean: false } as const;
      for (const movedFallen of ['place', 'peak', 'mean'] as const) {
        const a = answering(byOrigin);
        const [objs] = await lookAgainAt(a.look, [[peak(200, 200)]], [{ ...centred, movedFallen }], MM, bounds);
        expect(objs?.[0]?.xMm).toBeCloseTo(middle(200) + 12, 4);
        expect(objs?.[0]?.fallen, movedFallen).toBe(expected[movedFallen]);
        // By the peak's square alone, the new square is not asked at all.
        expect(a.asked.flat().includes(to)).toBe(movedFallen !== 'peak');
      }
      // The mean of 0.7 and 0.2 is 0.45: fallen at a threshold of 0.4.
      const [low] = await lookAgainAt(answering(byOrigin).look, [[peak(200, 200)]], [{ ...centred, movedFallen: 'mean', fallenThreshold: 0.4 }], MM, bounds);
      expect(low?.[0]?.fallen).toBe(true);
    });

    it('drops a peak, or an added model, whose own square sees no model there, when the decoding asks', async () => {
      const x2 = middle(600) + 20;
      const a = answering({
        [origin(200, 200)]: { fallen: 0, second: [0, 0, 0], centre: [0.2, 0, 0] },
        [origin(600, 600)]: { fallen: 0, second: [0.9, u(20), 0], centre: [0.9, 0, 0] },
        [origin(x2, middle(600))]: { fallen: 0, second: [0, 0, 0], centre: [0.1, 0, 0] },
      });
      const peaks = [[peak(200, 200), peak(600, 600)]];
      const [all] = await lookAgainAt(a.look, peaks, [centred], MM, bounds);
      expect(all?.map((o) => Math.round(o.xMm))).toEqual([200, 600, Math.round(x2)]);
      const [kept] = await lookAgainAt(a.look, peaks, [{ ...centred, hereThreshold: 0.5 }], MM, bounds);
      expect(kept?.map((o) => o.xMm)).toEqual([600]);
      const [lenient] = await lookAgainAt(a.look, peaks, [{ ...centred, hereThreshold: 0.05 }], MM, bounds);
      expect(lenient).toHaveLength(3);
      // A dropped peak names no second model, however sure the second's own square is.
      const sure = answering({ [origin(600, 600)]: { fallen: 0, second: [0.9, u(20), 0], centre: [0.9, 0, 0] }, [origin(x2, middle(600))]: { fallen: 0, second: [0, 0, 0], centre: [0.99, 0, 0] } });
      const [none] = await lookAgainAt(sure.look, [[peak(600, 600)]], [{ ...centred, hereThreshold: 0.95 }], MM, bounds);
      expect(none).toEqual([]);
    });

    it('leaves it at its peak when the move is short, too long for the head, or not asked for', async () => {
      const a = answering({ [origin(200, 200)]: { fallen: 0.9, second: [0, 0, 0], centre: [1, 0, u(-1)] }, [origin(500, 500)]: { fallen: 0.9, second: [0, 0, 0], centre: [1, u(CENTRE_MAX_CELLS * MM + 4), 0] } });
      for (const d of [centred, decode]) {
        const [objs] = await lookAgainAt(a.look, [[peak(200, 200), peak(500, 500)]], [d], MM, bounds);
        expect(objs?.map((o) => [o.xMm, o.yMm, o.fallen])).toEqual([[200, 200, true], [500, 500, true]]);
      }
      const [far] = await lookAgainAt(answering({ [origin(200, 200)]: { fallen: 0, second: [0, 0, 0], centre: [1, u(12), 0] } }).look, [[peak(200, 200)]], [decode], MM, bounds);
      expect(far?.[0]?.xMm).toBe(200);
    });

    it('two peaks of one model moved to its place are one object', async () => {
      const place = { x: middle(300) + 6, y: middle(300) };
      const a = answering({ [origin(300, 300)]: { fallen: 0, second: [0, 0, 0], centre: [1, u(6), 0] }, [origin(312, 300)]: { fallen: 0, second: [0, 0, 0], centre: [1, u(place.x - middle(312)), 0] } });
      const [objs] = await lookAgainAt(a.look, [[peak(300, 300), peak(312, 300)]], [centred], MM, bounds);
      expect(objs).toHaveLength(1);
      expect(objs?.[0]?.xMm).toBeCloseTo(place.x, 4);
    });

    it('a peak between two bases in contact becomes both: the object moves onto one, the second is added at the other', async () => {
      // Bases 26 mm apart; the peak lies between them, 13 mm from each: too near the second for it to be added without the move.
      const mid = middle(400);
      const a = answering({ [origin(mid, mid)]: { fallen: 0.8, second: [0.9, u(13), 0], centre: [1, u(-13), 0] } });
      const [stay] = await lookAgainAt(a.look, [[peak(mid, mid)]], [decode], MM, bounds);
      expect(stay).toHaveLength(1);
      const [objs] = await lookAgainAt(a.look, [[peak(mid, mid)]], [centred], MM, bounds);
      expect(objs?.map((o) => Math.round(o.xMm - mid))).toEqual([-13, 13]);
      expect(objs?.map((o) => o.fallen)).toEqual([false, false]);
    });
  });
});
