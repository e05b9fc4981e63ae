/** ChArUco board geometry and detection: the calibration target's corners with their ids. */
import type { CvCharucoDetector, CvDeletable, OpenCv } from './cv-types.js';
import { dictionaryConstant, dictionarySize, isDictionaryName, type DictionaryName } from './dictionaries.js';
import type { Point2 } from './detect-markers.js';
import type { GrayImage } from './image.js';
import { withMats } from './mats.js';

export interface CharucoBoard {
  squaresX: number;
  squaresY: number;
  squareMm: number;
  markerMm: number;
  dictionary: DictionaryName;
}

export const DEFAULT_CHARUCO: CharucoBoard = { squaresX: 7, squaresY: 5, squareMm: 30, markerMm: 22, dictionary: 'DICT_4X4_50' };

/** Parses `charuco:7x5:30:22:DICT_4X4_50`; returns an error message instead on bad input. */
export function parseBoardSpec(spec: string): CharucoBoard | string {
  const m = /^charuco:(\d+)x(\d+):(\d+(?:\.\d+)?):(\d+(?:\.\d+)?):([A-Z0-9_]+)$/.exec(spec);
  if (!m) return `expected charuco:COLSxROWS:SQUARE_MM:MARKER_MM:DICTIONARY (e.g. charuco:7x5:30:22:DICT_4X4_50), got "${spec}"`;
  const [, sx, sy, sq, mk, dict] = m as unknown as [string, string, string, string, string, string];
  const board = { squaresX: Number(sx), squaresY: Number(sy), squareMm: Number(sq), markerMm: Number(mk) };
  if (board.squaresX < 3 || board.squaresY < 3) return `a board needs at least 3×3 squares, got ${sx}x${sy}`;
  if (board.squaresX > 40 || board.squaresY > 40) return `a board has at most 40×40 squares, got ${sx}x${sy}`;
  if (board.squareMm < 2 || board.squareMm > 500) return `squares from 2 to 500 mm, got ${sq}`;
  if (board.markerMm < 1) return `markers of at least 1 mm, got ${mk}`;
  // A0's long side: a larger sheet cannot be printed, and its page would not fit in memory at 1200 dpi.
  if (board.squaresX * board.squareMm > 1189 || board.squaresY * board.squareMm > 1189) return `the board would be ${board.squaresX * board.squareMm}×${board.squaresY * board.squareMm} mm; at most 1189 mm a side (A0)`;
  if (board.markerMm >= board.squareMm) return `markers (${mk} mm) must be smaller than squares (${sq} mm)`;
  if (!isDictionaryName(dict)) return `unknown dictionary "${dict}"`;
  // A ChArUco board puts one marker in every other square: the dictionary must hold them all.
  const markers = Math.floor((board.squaresX * board.squaresY) / 2);
  const size = dictionarySize(dict);
  if (markers > size) return `a ${sx}x${sy} board needs ${markers} markers but ${dict} holds ${size}`;
  return { ...board, dictionary: dict };
}

export function formatBoardSpec(b: CharucoBoard): string {
  return `charuco:${b.squaresX}x${b.squaresY}:${b.squareMm}:${b.markerMm}:${b.dictionary}`;
}

/** Inner corner id → board millimetres (x right, y down the printed page), as OpenCV numbers them. */
export function charucoCornerMm(b: CharucoBoard, id: number): [number, number] {
  const perRow = b.squaresX - 1;
  return [((id % perRow) + 1) * b.squareMm, (Math.floor(id / perRow) + 1) * b.squareMm];
}

export interface CharucoView {
  ids: number[];
  corners: Point2[];
}

export interface CharucoDetector {
  detect(gray: GrayImage): CharucoView;
  delete(): void;
}

export function createCharucoDetector(cv: OpenCv, b: CharucoBoard): CharucoDetector {
  const dict = cv.getPredefinedDictionary(dictionaryConstant(cv, b.dictionary));
  const noIds = new cv.Mat();
  const board = new cv.aruco_CharucoBoard(new cv.Size(b.squaresX, b.squaresY), b.squareMm, b.markerMm, dict, noIds);
  const charucoParams = new cv.aruco_CharucoParameters();
  const params = new cv.aruco_DetectorParameters();
  params.cornerRefinementMethod = cv.CORNER_REFINE_NONE;
  const refine = new cv.aruco_RefineParameters(10, 3, true);
  const detector: CvCharucoDetector = new cv.aruco_CharucoDetector(board, charucoParams, params, refine);
  const owned: CvDeletable[] = [detector, refine, params, charucoParams, board, noIds, dict];
  return {
    detect(gray) {
      return withMats((keep) => {
        const mat = keep(new cv.Mat(gray.height, gray.width, cv.CV_8UC1));
        mat.data.set(gray.data);
        const corners = keep(new cv.Mat());
        const ids = keep(new cv.Mat());
        const markerCorners = keep(new cv.MatVector());
        const markerIds = keep(new cv.Mat());
        detector.detectBoard(mat, corners, ids, markerCorners, markerIds);
        const view: CharucoView = { ids: [], corners: [] };
        const c = corners.data32F;
        for (let i = 0; i < ids.total(); i++) {
          view.ids.push(ids.data32S[i] as number);
          view.corners.push([c[i * 2] as number, c[i * 2 + 1] as number]);
        }
        return view;
      });
    },
    delete() {
      for (const o of owned) o.delete();
    },
  };
}
