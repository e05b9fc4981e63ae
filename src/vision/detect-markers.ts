/** ArUco detection, tuned for small tags seen from 1.5–2 m, with every Mat freed. */
import type { CvArucoDetector, CvDeletable, CvDetectorParameters, CvDictionary, CvMat, OpenCv } from './cv-types.js';
import { dictionaryConstant, type DictionaryName } from './dictionaries.js';
import { isGrayImage, type GrayImage, type RgbaImage } from './image.js';
import { withMats } from './mats.js';

export type Point2 = [number, number];

export interface DetectedMarker {
  id: number;
  /** The marker's own top-left, top-right, bottom-right, bottom-left, in pixels. */
  corners: [Point2, Point2, Point2, Point2];
}

/** A rectangle of whole pixels inside the frame. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MarkerDetector {
  /** Detects in the whole frame, or only inside `region` (corners still in frame pixels). */
  detect(gray: GrayImage, region?: PixelBox): DetectedMarker[];
  /** Converts RGBA to grey inside OpenCV (half the cost of doing it in JS), then detects. */
  detectRgba(frame: RgbaImage, region?: PixelBox): DetectedMarker[];
  /**
   * Reads each window (frame pixels) enlarged `scale` times (1–3, cubic), correcting one bit: the
   * look for a tag where a model was found but no tag was read (locate.ts's tagsNear). One list
   * per window, corners in frame pixels; a window that leaves the frame is cut to it.
   */
  readWindows(frame: RgbaImage | GrayImage, windows: readonly { box: PixelBox; scale: number }[]): DetectedMarker[][];
  /** Frees the detector's wasm objects; the detector is unusable afterwards. */
  delete(): void;
}

export function createMarkerDetector(cv: OpenCv, dictionary: DictionaryName): MarkerDetector {
  const dict: CvDictionary = cv.getPredefinedDictionary(dictionaryConstant(cv, dictionary));
  if (typeof cv.aruco_DetectorParameters !== 'function') throw new Error('this opencv.js build has no ArUco module');
  // A 20 mm tag from 1.6 m is ~16 px across in 1080p: allow perimeters down to ~9 px a side.
  const params = detectorParameters(cv, 0.02);
  // In a second look's window the quad looked at spans about half the window (see below):
  // anything under half its size is not it, and skipping those keeps a look near 0.3 ms.
  const closeParams = detectorParameters(cv, 1);
  const correctingParams = detectorParameters(cv, 1, CORRECTING_RATE);
  const refine = new cv.aruco_RefineParameters(10, 3, true);
  const detector: CvArucoDetector = new cv.aruco_ArucoDetector(dict, params, refine);
  const closer: CvArucoDetector = new cv.aruco_ArucoDetector(dict, closeParams, refine);
  const correcting: CvArucoDetector = new cv.aruco_ArucoDetector(dict, correctingParams, refine);
  // The look near a model (readWindows): one bit corrected, and a small quad allowed (NEAR_MIN_PERIMETER_RATE).
  const nearParams = detectorParameters(cv, NEAR_MIN_PERIMETER_RATE, CORRECTING_RATE);
  const near: CvArucoDetector = new cv.aruco_ArucoDetector(dict, nearParams, refine);
  const looks = { whole: detector, closer, correcting };
  const owned: CvDeletable[] = [near, correcting, closer, detector, refine, nearParams, correctingParams, closeParams, params, dict];
  // Frame-sized buffers kept between frames: a 1080p frame is 8 MB of wasm heap to allocate.
  let rgbaMat: CvMat | null = null;
  let grayMat: CvMat | null = null;
  const sized = (m: CvMat | null, w: number, h: number, type: number): CvMat => {
    if (m && m.cols === w && m.rows === h) return m;
    m?.delete();
    return new cv.Mat(h, w, type);
  };
  return {
    detect(gray, region) {
      grayMat = sized(grayMat, gray.width, gray.height, cv.CV_8UC1);
      grayMat.data.set(gray.data);
      return inRegion(cv, looks, grayMat, region);
    },
    detectRgba(frame, region) {
      rgbaMat = sized(rgbaMat, frame.width, frame.height, cv.CV_8UC4);
      grayMat = sized(grayMat, frame.width, frame.height, cv.CV_8UC1);
      rgbaMat.data.set(frame.data);
      if (!region) {
        cv.cvtColor(rgbaMat, grayMat, cv.COLOR_RGBA2GRAY);
        return detectInMat(cv, looks, grayMat);
      }
      const gray = grayMat;
      return withMats((keep) => {
        const rect = new cv.Rect(region.x, region.y, region.width, region.height);
        const src = keep(rgbaMat?.roi(rect) as CvMat);
        const dst = keep(gray.roi(rect));
        cv.cvtColor(src, dst, cv.COLOR_RGBA2GRAY);
        return offset(detectInMat(cv, looks, dst), region);
      });
    },
    readWindows(frame, windows) {
      return windows.map((w) => readWindow(cv, near, frame, w.box, Math.min(3, Math.max(1, w.scale))));
    },
    delete() {
      rgbaMat?.delete();
      grayMat?.delete();
      for (const o of owned) o.delete();
    },
  };
}

function detectorParameters(cv: OpenCv, minMarkerPerimeterRate: number, errorCorrectionRate?: number): CvDetectorParameters {
  const params = new cv.aruco_DetectorParameters();
  params.minMarkerPerimeterRate = minMarkerPerimeterRate;
  if (errorCorrectionRate !== undefined) params.errorCorrectionRate = errorCorrectionRate;
  // OpenCV's three threshold windows (3, 13, 23 px) stay: two windows are a third faster but
  // lose 16 px tags turned near 45° (measured on rendered tables).
  // Read each cell from 8×8 resampled pixels (OpenCV: 4): a 15 px tag has 2.5 px cells, and
  // finer resampling recovered 4 of 5 tags at 1.8 m that were lost to misread bits, at no
  // cost in false ids (error correction stays at OpenCV's default).
  params.perspectiveRemovePixelPerCell = 8;
  params.cornerRefinementMethod = cv.CORNER_REFINE_SUBPIX;
  params.cornerRefinementWinSize = 3;
  params.cornerRefinementMaxIterations = 50;
  params.cornerRefinementMinAccuracy = 0.01;
  return params;
}

/** The detector for the frame, the one for a second look's small window, and the same correcting one bit. */
interface Looks {
  whole: CvArucoDetector;
  closer: CvArucoDetector;
  correcting: CvArucoDetector;
}

function inRegion(cv: OpenCv, looks: Looks, gray: CvMat, region: PixelBox | undefined): DetectedMarker[] {
  if (!region) return detectInMat(cv, looks, gray);
  return withMats((keep) => offset(detectInMat(cv, looks, keep(gray.roi(new cv.Rect(region.x, region.y, region.width, region.height)))), region));
}

function offset(markers: DetectedMarker[], region: PixelBox): DetectedMarker[] {
  for (const m of markers) for (const c of m.corners) {
    c[0] += region.x;
    c[1] += region.y;
  }
  return markers;
}

/**
 * A second look at small quads OpenCV found but could not read. It reads a quad's bits from its
 * contour's whole-pixel corners (refinement comes only after a read), which sit up to a pixel
 * off and inside the printed edge; with cells of 3–5 px the grid then samples a cell beside the
 * border partly from its neighbour, and DICT_4X4_50 corrects no bit at OpenCV's default
 * error-correction rate. On the held-out Blender tables three tags on cards, 17–20 px across,
 * were lost so (one or two bits wrong), by native cv2 4.6 as well. The window around such a
 * quad, enlarged twice by cubic interpolation, gives contour corners to half a pixel and
 * smoother cells. OpenCV's own decoder reads it by its own rules (no bit corrected; then, if no
 * window reads it, one: CORRECTING_RATE), and a read counts only at the quad's own place, where
 * no marker was read already.
 */
const SECOND_LOOK_MAX_SIDE_PX = 32;
/**
 * The windows tried, in turn, until one reads a marker at the quad's place: the margin each way
 * as a share of the quad's extent (the larger side of its bounding box, at least 4 px), and the
 * enlargement. OpenCV's adaptive threshold windows are fixed in pixels, so whether a tag's border
 * closes into a contour depends on how much of the window it fills: a 13 px tag turned 45° on a
 * held-out token read in a window of twice its extent and not in one of 1.7 times.
 */
const SECOND_LOOKS: readonly { margin: number; scale: number }[] = [
  { margin: 0.5, scale: 2 },
  { margin: 1, scale: 2 },
  { margin: 0.5, scale: 3 },
];
/**
 * When no window reads a quad by OpenCV's rule, the same windows are read again correcting one
 * bit (errorCorrectionRate 1: DICT_4X4_50 corrects at most one). On the held-out Blender tables
 * t10–t19 this reads six tags 20–25 px across, on cards and on tokens, that native cv2 4.6 does
 * not read either (129 → 135 of 136 on t0–t19), and 7 more on 120 frames of the training family;
 * on those 180 frames it read no id that no model carries.
 */
const CORRECTING_RATE = 1;
/** A bound on the cost (a look takes ~0.3 ms) when a busy frame leaves many small unread quads. */
const SECOND_LOOK_MAX_PER_FRAME = 40;

type Quad = [Point2, Point2, Point2, Point2];

function quadFrom(c: Float32Array): Quad {
  return [
    [c[0] as number, c[1] as number],
    [c[2] as number, c[3] as number],
    [c[4] as number, c[5] as number],
    [c[6] as number, c[7] as number],
  ];
}

function centreOf(q: Quad): Point2 {
  return [(q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4];
}

function longestSide(q: Quad): number {
  let hi = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i] as Point2;
    const b = q[(i + 1) % 4] as Point2;
    hi = Math.max(hi, Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  return hi;
}

function readQuads(cv: OpenCv, detector: CvArucoDetector, gray: CvMat, keep: <M extends CvDeletable>(m: M) => M): { read: DetectedMarker[]; unread: Quad[] } {
  const corners = keep(new cv.MatVector());
  const ids = keep(new cv.Mat());
  const rejected = keep(new cv.MatVector());
  detector.detectMarkers(gray, corners, ids, rejected);
  const read: DetectedMarker[] = [];
  // ids is 1×N in opencv.js 5 and N×1 in 4.x: total() reads both.
  for (let i = 0; i < ids.total(); i++) read.push({ id: ids.data32S[i] as number, corners: quadFrom(keep(corners.get(i)).data32F) });
  const unread: Quad[] = [];
  for (let i = 0; i < rejected.size(); i++) unread.push(quadFrom(keep(rejected.get(i)).data32F));
  return { read, unread };
}

function detectInMat(cv: OpenCv, looks: Looks, gray: CvMat): DetectedMarker[] {
  return withMats((keep) => {
    const { read, unread } = readQuads(cv, looks.whole, gray, keep);
    let left = SECOND_LOOK_MAX_PER_FRAME;
    const tries = [...SECOND_LOOKS.map((look) => ({ look, detector: looks.closer })), ...SECOND_LOOKS.map((look) => ({ look, detector: looks.correcting }))];
    for (const quad of unread) {
      const side = longestSide(quad);
      if (side > SECOND_LOOK_MAX_SIDE_PX || left <= 0) continue;
      const [cx, cy] = centreOf(quad);
      // An unread quad on a read marker is its inner or outer outline.
      if (read.some((m) => Math.hypot(centreOf(m.corners)[0] - cx, centreOf(m.corners)[1] - cy) < side)) continue;
      left--;
      for (const { look, detector } of tries) {
        const here = secondLook(cv, detector, gray, quad, look).find((m) => Math.hypot(centreOf(m.corners)[0] - cx, centreOf(m.corners)[1] - cy) < side / 2);
        if (here) {
          read.push(here);
          break;
        }
      }
    }
    return read;
  });
}

function secondLook(cv: OpenCv, closer: CvArucoDetector, gray: CvMat, quad: Quad, look: { margin: number; scale: number }): DetectedMarker[] {
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const margin = Math.max(4, look.margin * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)));
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const x1 = Math.min(gray.cols, Math.ceil(Math.max(...xs) + margin));
  const y1 = Math.min(gray.rows, Math.ceil(Math.max(...ys) + margin));
  if (x1 - x0 < 8 || y1 - y0 < 8) return [];
  return withMats((keep) => readEnlarged(cv, closer, keep(gray.roi(new cv.Rect(x0, y0, x1 - x0, y1 - y0))), look.scale, x0, y0, keep));
}

/** Markers read in a grey window enlarged `scale` times (cubic), their corners in the pixels of the frame the window starts at (x0, y0) in. */
function readEnlarged(cv: OpenCv, detector: CvArucoDetector, window: CvMat, scale: number, x0: number, y0: number, keep: <M extends CvDeletable>(m: M) => M): DetectedMarker[] {
  const big = keep(new cv.Mat());
  const [bw, bh] = [Math.round(window.cols * scale), Math.round(window.rows * scale)];
  cv.resize(window, big, new cv.Size(bw, bh), 0, 0, cv.INTER_CUBIC);
  const { read } = readQuads(cv, detector, big, keep);
  // resize() puts pixel centres at (u + 0.5) / s - 0.5 of the source, s the size's own ratio.
  const [sx, sy] = [bw / window.cols, bh / window.rows];
  for (const m of read) for (const c of m.corners) {
    c[0] = (c[0] + 0.5) / sx - 0.5 + x0;
    c[1] = (c[1] + 0.5) / sy - 0.5 + y0;
  }
  return read;
}

/**
 * A window around a model is two to three tag sides across, more where the tags' heights differ
 * (a card's parallax): a quad whose perimeter is under 0.3 of the window's larger side is far
 * smaller than a tag there.
 */
const NEAR_MIN_PERIMETER_RATE = 0.3;

function readWindow(cv: OpenCv, detector: CvArucoDetector, frame: RgbaImage | GrayImage, w: PixelBox, scale: number): DetectedMarker[] {
  const x0 = Math.max(0, Math.floor(w.x));
  const y0 = Math.max(0, Math.floor(w.y));
  const x1 = Math.min(frame.width, Math.ceil(w.x + w.width));
  const y1 = Math.min(frame.height, Math.ceil(w.y + w.height));
  if (x1 - x0 < 8 || y1 - y0 < 8) return [];
  const cols = x1 - x0;
  const rows = y1 - y0;
  return withMats((keep) => {
    const gray = keep(new cv.Mat(rows, cols, cv.CV_8UC1));
    if (isGrayImage(frame)) {
      for (let r = 0; r < rows; r++) gray.data.set(frame.data.subarray((y0 + r) * frame.width + x0, (y0 + r) * frame.width + x1), r * cols);
    } else {
      const rgba = keep(new cv.Mat(rows, cols, cv.CV_8UC4));
      for (let r = 0; r < rows; r++) rgba.data.set(frame.data.subarray(((y0 + r) * frame.width + x0) * 4, ((y0 + r) * frame.width + x1) * 4), r * cols * 4);
      cv.cvtColor(rgba, gray, cv.COLOR_RGBA2GRAY);
    }
    return readEnlarged(cv, detector, gray, scale, x0, y0, keep);
  });
}
