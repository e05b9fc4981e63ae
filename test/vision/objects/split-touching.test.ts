import { describe, expect, it } from 'vitest';
import { splitTouching } from '../../../src/vision/objects/split-touching.js';
import { close } from '../../../src/vision/objects/binary-morphology.js';

const COLS = 200;
const ROWS = 120;
const MM = 1.5;

function discs(list: [number, number, number][]): Uint8Array {
  const m = new Uint8Array(COLS * ROWS);
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) {
    const x = (c + 0.5) * MM;
    const y = (r + 0.5) * MM;
    if (list.some(([cx, cy, rr]) => Math.hypot(x - cx, y - cy) <= rr)) m[r * COLS + c] = 1;
  }
  return m;
}

function cellsOf(m: Uint8Array): Int32Array {
  const out: number[] = [];
  m.forEach((v, i) => v && out.push(i));
  return Int32Array.from(out);
}

function centroid(cells: Int32Array): [number, number] {
  let x = 0;
  let y = 0;
  for (const p of cells) {
    x += ((p % COLS) + 0.5) * MM;
    y += (Math.floor(p / COLS) + 0.5) * MM;
  }
  return [x / cells.length, y / cells.length];
}

describe('splitTouching', () => {
  it('cuts two bases in contact along their contact, even after closing fills the neck', () => {
    const mask = close(discs([[100, 90, 20], [136.5, 90, 16]]), COLS, ROWS, 2);
    const parts = splitTouching(cellsOf(mask), COLS, MM);
    expect(parts.length).toBe(2);
    const cs = parts.map(centroid).sort((a, b) => a[0] - b[0]);
    expect(Math.abs(cs[0]![0] - 100)).toBeLessThan(2.5);
    expect(Math.abs(cs[1]![0] - 136.5)).toBeLessThan(2.5);
  });

  it('keeps a capsule (a fallen figure) and a base with its body smear whole', () => {
    const capsule = discs(Array.from({ length: 12 }, (_, i) => [80 + i * 4, 90, 9] as [number, number, number]));
    expect(splitTouching(cellsOf(capsule), COLS, MM).length).toBe(1);
    const smeared = discs([[100, 90, 25], ...Array.from({ length: 10 }, (_, i) => [100 + 3 * i, 90, 7] as [number, number, number]), [135, 90, 9]]);
    expect(splitTouching(cellsOf(smeared), COLS, MM).length).toBe(1);
  });
});
