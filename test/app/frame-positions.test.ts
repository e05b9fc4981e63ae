import { describe, expect, it } from 'vitest';
import { positionsFromFrame } from '../../src/app/vision/frame-positions.js';

describe('positions from a camera frame', () => {
  const models = [
    { id: 'A1', tag: 10, last: { xMm: 300, yMm: 380 } },
    { id: 'B3', tag: 22, last: { xMm: 1140, yMm: 1050 } },
    { id: 'B2', tag: 21, last: null },
  ];

  it('places tagged models where their tags are, and a vanished tag on the fallen object near it', () => {
    const report = {
      tags: [{ id: 10, x_mm: 495, y_mm: 450 }],
      objects: [
        { x_mm: 494, y_mm: 450, fallen: false, tag: 10 },
        { x_mm: 1141, y_mm: 1051, fallen: true, tag: null },
        { x_mm: 1472, y_mm: 447, fallen: true, tag: null },
      ],
    };
    expect(positionsFromFrame(models, report)).toEqual([
      { id: 'A1', xMm: 495, yMm: 450, fallen: false },
      { id: 'B3', xMm: 1141, yMm: 1051, fallen: true },
    ]);
  });

  it('invents nothing: an unseen model without a fallen object nearby gets no position', () => {
    expect(positionsFromFrame(models, { tags: [], objects: [{ x_mm: 600, y_mm: 600, fallen: true, tag: null }] })).toEqual([]);
  });
});
