import { describe, expect, it } from 'vitest';
import { markerCells as cvMarkerCells } from '../../src/vision/marker-sheets.js';
import { markerCells } from '../synthetic/dictionary.js';
import { charucoWorld, DEFAULT_BOARD } from '../synthetic/charuco.js';
import { openCv } from './helpers.js';

describe('the renderer draws markers as OpenCV does', () => {
  it('dict-4x4-50.json matches cv.generateImageMarker for every id', async () => {
    const cv = await openCv();
    for (let id = 0; id < 50; id++) expect(Array.from(markerCells(id))).toEqual(Array.from(cvMarkerCells(cv, 'DICT_4X4_50', id).cells));
  });

  it('the rendered ChArUco board matches aruco_CharucoBoard.generateImage cell for cell', async () => {
    const cv = await openCv();
    const b = DEFAULT_BOARD;
    const pxPerMm = 4;
    const [w, h] = [b.squaresX * b.squareMm * pxPerMm, b.squaresY * b.squareMm * pxPerMm];
    const dict = cv.getPredefinedDictionary(cv.DICT_4X4_50);
    const ids = new cv.Mat();
    const board = new cv.aruco_CharucoBoard(new cv.Size(b.squaresX, b.squaresY), b.squareMm, b.markerMm, dict, ids);
    const img = new cv.Mat();
    board.generateImage(new cv.Size(w, h), img, 0, 1);
    const world = charucoWorld(b);
    const out = new Float32Array(3);
    let mismatches = 0;
    let checked = 0;
    // Sample away from cell edges, where rounding could differ by a pixel.
    for (let y = 2; y < h; y += 7) {
      for (let x = 2; x < w; x += 7) {
        const mmX = (x + 0.5) / pxPerMm;
        const mmY = (y + 0.5) / pxPerMm;
        const cell = b.markerMm / 6;
        const nearEdge = (v: number, step: number): boolean => Math.abs(v / step - Math.round(v / step)) * step < 0.6;
        if (nearEdge(mmX, b.squareMm) || nearEdge(mmY, b.squareMm) || nearEdge((mmX % b.squareMm) - (b.squareMm - b.markerMm) / 2, cell) || nearEdge((mmY % b.squareMm) - (b.squareMm - b.markerMm) / 2, cell)) continue;
        world.planeColor(mmX, mmY, out);
        checked++;
        if ((out[0] as number) > 128 !== (img.data[y * w + x] as number) > 128) mismatches++;
      }
    }
    for (const m of [img, board, ids, dict]) m.delete();
    expect(checked).toBeGreaterThan(1000);
    expect(mismatches).toBe(0);
  });
});
