/** Photographs of a printed ChArUco board, for camera calibration tests. */
import { lookAtPose, type CameraIntrinsics, type Vec3 } from '../../src/vision/camera-model.js';
import { markerCells } from './dictionary.js';
import { mulberry32, valueNoise } from './noise.js';
import { applySensor } from './post.js';
import { INK, PAPER, markerValue } from './primitives.js';
import type { RenderOptions } from './render.js';
import { renderWorld, type RawImage, type SyntheticCamera, type World } from './world.js';

export interface CharucoBoardSpec {
  squaresX: number;
  squaresY: number;
  squareMm: number;
  markerMm: number;
}

export const DEFAULT_BOARD: CharucoBoardSpec = { squaresX: 7, squaresY: 5, squareMm: 30, markerMm: 22 };

/**
 * The board in its own frame (OpenCV's object points: x right, y down the printed page,
 * z = 0): square (0, 0) black, markers 0, 1, … in the white squares row by row, as
 * cv.aruco_CharucoBoard draws it for an odd number of rows.
 */
export function charucoWorld(board: CharucoBoardSpec = DEFAULT_BOARD, lightMm: Vec3 = [100, -300, -900]): World {
  const { squaresX, squaresY, squareMm, markerMm } = board;
  const w = squaresX * squareMm;
  const h = squaresY * squareMm;
  const inset = (squareMm - markerMm) / 2;
  const markerIndex: number[] = [];
  let next = 0;
  for (let r = 0; r < squaresY; r++) for (let c = 0; c < squaresX; c++) markerIndex.push((r + c) % 2 === 0 ? -1 : next++);
  const cells = markerIndex.map((id) => (id >= 0 ? markerCells(id) : null));
  const paperMarginMm = 15;
  return {
    planeColor(x, y, out) {
      if (x >= 0 && y >= 0 && x < w && y < h) {
        const c = Math.floor(x / squareMm);
        const r = Math.floor(y / squareMm);
        const m = cells[r * squaresX + c];
        let g = m ? PAPER : INK;
        if (m) g = markerValue(m, 6, (x - c * squareMm - inset) / markerMm, (y - r * squareMm - inset) / markerMm);
        out[0] = out[1] = out[2] = g;
        return 3;
      }
      if (x > -paperMarginMm && y > -paperMarginMm && x < w + paperMarginMm && y < h + paperMarginMm) {
        out[0] = out[1] = out[2] = PAPER;
        return 3;
      }
      const n = valueNoise(x, y, 25, 11);
      out[0] = 120 + 40 * n;
      out[1] = 100 + 30 * n;
      out[2] = 80 + 20 * n;
      return 4;
    },
    primitives: [],
    light: { x: lightMm[0], y: lightMm[1], z: lightMm[2], ambient: 0.45, unevenness: 0.12 },
  };
}

export function renderCharucoView(camera: SyntheticCamera, board: CharucoBoardSpec = DEFAULT_BOARD, options: RenderOptions = {}): RawImage {
  return applySensor(renderWorld(charucoWorld(board), camera), options);
}

/**
 * Poses a calibration session would take: the board seen from varied angles and spread over
 * the frame so the lens distortion is observed out to the corners. Deterministic per seed.
 */
export function charucoViews(intrinsics: CameraIntrinsics, count: number, seed = 5, board: CharucoBoardSpec = DEFAULT_BOARD): SyntheticCamera[] {
  const rand = mulberry32(seed);
  const bw = board.squaresX * board.squareMm;
  const bh = board.squaresY * board.squareMm;
  const views: SyntheticCamera[] = [];
  for (let i = 0; i < count; i++) {
    // Board filling roughly 35–60 % of the frame width.
    const fill = 0.3 + 0.2 * rand();
    const dist = (intrinsics.fx * bw) / (fill * intrinsics.widthPx);
    const tiltX = (rand() - 0.5) * 60;
    const tiltY = (rand() - 0.5) * 60;
    // Aim the optical axis away from the board centre so the board lands off-centre in the
    // image (a 3×3 pattern over the views), yet stays whole in the frame.
    const halfW = bw / (2 * fill);
    const halfH = (halfW * intrinsics.heightPx) / intrinsics.widthPx;
    const aimX = ((i % 3) - 1) * 0.7 * Math.max(0, halfW - bw / 2);
    const aimY = ((Math.floor(i / 3) % 3) - 1) * 0.7 * Math.max(0, halfH - bh / 2);
    const tx = (tiltX * Math.PI) / 180;
    const ty = (tiltY * Math.PI) / 180;
    const centre: Vec3 = [bw / 2, bh / 2, 0];
    // The camera sits on the printed side (z < 0), tilted by (tiltX, tiltY).
    const position: Vec3 = [centre[0] + dist * Math.sin(ty), centre[1] + dist * Math.sin(tx), -dist * Math.cos(tx) * Math.cos(ty)];
    const target: Vec3 = [centre[0] - aimX, centre[1] - aimY, 0];
    const pose = lookAtPose(position, target, (rand() - 0.5) * 40 + 180);
    views.push({ intrinsics, pose });
  }
  return views;
}
