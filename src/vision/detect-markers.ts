/** ArUco detection, tuned for small tags seen from 1.5–2 m, with every Mat freed. */
import type { CvArucoDetector, CvDeletable, CvDictionary, CvMat, OpenCv } from './cv-types.js';
import { dictionaryConstant, type DictionaryName } from './dictionaries.js';
import type { GrayImage, RgbaImage } from './image.js';
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
  /** Frees the detector's wasm objects; the detector is unusable afterwards. */
  delete(): void;
}

export function createMarkerDetector(cv: OpenCv, dictionary: DictionaryName): MarkerDetector {
  const dict: CvDictionary = cv.getPredefinedDictionary(dictionaryConstant(cv, dictionary));
  const params = cv.aruco_DetectorParameters ? new cv.aruco_DetectorParameters() : null;
  if (!params) throw new Error('this opencv.js build has no ArUco module');
  // A 20 mm tag from 1.6 m is ~16 px across in 1080p: allow perimeters down to ~9 px a side.
  params.minMarkerPerimeterRate = 0.02;
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
  const refine = new cv.aruco_RefineParameters(10, 3, true);
  const detector: CvArucoDetector = new cv.aruco_ArucoDetector(dict, params, refine);
  const owned: CvDeletable[] = [detector, refine, params, dict];
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
      return inRegion(cv, detector, grayMat, region);
    },
    detectRgba(frame, region) {
      rgbaMat = sized(rgbaMat, frame.width, frame.height, cv.CV_8UC4);
      grayMat = sized(grayMat, frame.width, frame.height, cv.CV_8UC1);
      rgbaMat.data.set(frame.data);
      if (!region) {
        cv.cvtColor(rgbaMat, grayMat, cv.COLOR_RGBA2GRAY);
        return detectInMat(cv, detector, grayMat);
      }
      const gray = grayMat;
      return withMats((keep) => {
        const rect = new cv.Rect(region.x, region.y, region.width, region.height);
        const src = keep(rgbaMat?.roi(rect) as CvMat);
        const dst = keep(gray.roi(rect));
        cv.cvtColor(src, dst, cv.COLOR_RGBA2GRAY);
        return offset(detectInMat(cv, detector, dst), region);
      });
    },
    delete() {
      rgbaMat?.delete();
      grayMat?.delete();
      for (const o of owned) o.delete();
    },
  };
}

function inRegion(cv: OpenCv, detector: CvArucoDetector, gray: CvMat, region: PixelBox | undefined): DetectedMarker[] {
  if (!region) return detectInMat(cv, detector, gray);
  return withMats((keep) => offset(detectInMat(cv, detector, keep(gray.roi(new cv.Rect(region.x, region.y, region.width, region.height)))), region));
}

function offset(markers: DetectedMarker[], region: PixelBox): DetectedMarker[] {
  for (const m of markers) for (const c of m.corners) {
    c[0] += region.x;
    c[1] += region.y;
  }
  return markers;
}

export function detectInMat(cv: OpenCv, detector: CvArucoDetector, gray: CvMat): DetectedMarker[] {
  return withMats((keep) => {
    const corners = keep(new cv.MatVector());
    const ids = keep(new cv.Mat());
    const rejected = keep(new cv.MatVector());
    detector.detectMarkers(gray, corners, ids, rejected);
    const out: DetectedMarker[] = [];
    // ids is 1×N in opencv.js 5 and N×1 in 4.x: total() reads both.
    for (let i = 0; i < ids.total(); i++) {
      const c = keep(corners.get(i)).data32F;
      out.push({
        id: ids.data32S[i] as number,
        corners: [
          [c[0] as number, c[1] as number],
          [c[2] as number, c[3] as number],
          [c[4] as number, c[5] as number],
          [c[6] as number, c[7] as number],
        ],
      });
    }
    return out;
  });
}
