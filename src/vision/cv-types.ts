/**
 * Hand-written declarations for the part of opencv.js 5 that Shagomer uses. The package's own
 * .d.ts lacks the aruco_* classes and declares a calibrateCamera that does not exist at run
 * time, so vision code types OpenCV through this interface only.
 */

export interface CvDeletable {
  delete(): void;
}

export interface CvSize {
  width: number;
  height: number;
}

export interface CvMat extends CvDeletable {
  rows: number;
  cols: number;
  data: Uint8Array;
  data32F: Float32Array;
  data32S: Int32Array;
  data64F: Float64Array;
  total(): number;
  channels(): number;
  type(): number;
  empty(): boolean;
  roi(rect: CvRect): CvMat;
  copyTo(dst: CvMat): void;
}

export interface CvRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CvMatVector extends CvDeletable {
  size(): number;
  get(i: number): CvMat;
  push_back(m: CvMat): void;
}

export interface CvDictionary extends CvDeletable {
  markerSize: number;
}

export interface CvDetectorParameters extends CvDeletable {
  adaptiveThreshWinSizeMin: number;
  adaptiveThreshWinSizeMax: number;
  adaptiveThreshWinSizeStep: number;
  adaptiveThreshConstant: number;
  minMarkerPerimeterRate: number;
  maxMarkerPerimeterRate: number;
  polygonalApproxAccuracyRate: number;
  cornerRefinementMethod: number;
  cornerRefinementWinSize: number;
  cornerRefinementMaxIterations: number;
  cornerRefinementMinAccuracy: number;
  perspectiveRemovePixelPerCell: number;
  errorCorrectionRate: number;
  perspectiveRemoveIgnoredMarginPerCell: number;
  minDistanceToBorder: number;
  useAruco3Detection: boolean;
  minSideLengthCanonicalImg: number;
  minMarkerLengthRatioOriginalImg: number;
}

export interface CvArucoDetector extends CvDeletable {
  detectMarkers(image: CvMat, corners: CvMatVector, ids: CvMat, rejected: CvMatVector): void;
}

export interface CvCharucoBoard extends CvDeletable {
  generateImage(size: CvSize, out: CvMat, marginPx: number, borderBits: number): void;
}

export interface CvCharucoDetector extends CvDeletable {
  detectBoard(image: CvMat, charucoCorners: CvMat, charucoIds: CvMat, markerCorners: CvMatVector, markerIds: CvMat): void;
}

export interface CvTermCriteria {
  type: number;
  maxCount: number;
  epsilon: number;
}

/** The opencv.js module object, narrowed to what Shagomer calls. */
export interface OpenCv {
  Mat: {
    new (): CvMat;
    new (rows: number, cols: number, type: number): CvMat;
    new (rows: number, cols: number, type: number, scalar: unknown): CvMat;
  };
  MatVector: new () => CvMatVector;
  Size: new (width: number, height: number) => CvSize;
  Rect: new (x: number, y: number, width: number, height: number) => CvRect;
  Scalar: new (...v: number[]) => unknown;
  TermCriteria: new (type: number, maxCount: number, epsilon: number) => CvTermCriteria;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat;

  CV_8UC1: number;
  CV_8UC4: number;
  CV_32FC1: number;
  CV_32FC2: number;
  CV_32FC3: number;
  CV_64FC1: number;
  COLOR_RGBA2GRAY: number;
  INTER_CUBIC: number;
  TERM_CRITERIA_COUNT: number;
  TERM_CRITERIA_EPS: number;
  CORNER_REFINE_NONE: number;
  CORNER_REFINE_SUBPIX: number;
  CORNER_REFINE_CONTOUR: number;
  SOLVEPNP_ITERATIVE: number;
  SOLVEPNP_SQPNP: number;
  SOLVEPNP_IPPE: number;
  CALIB_FIX_ASPECT_RATIO: number;
  CALIB_FIX_PRINCIPAL_POINT: number;
  CALIB_ZERO_TANGENT_DIST: number;
  CALIB_FIX_K1: number;
  CALIB_FIX_K2: number;
  CALIB_FIX_K3: number;
  CALIB_FIX_FOCAL_LENGTH: number;
  CALIB_USE_INTRINSIC_GUESS: number;
  DICT_4X4_50: number;
  DICT_4X4_100: number;
  DICT_5X5_50: number;
  DICT_5X5_100: number;
  DICT_6X6_50: number;

  cvtColor(src: CvMat, dst: CvMat, code: number): void;
  resize(src: CvMat, dst: CvMat, size: CvSize, fx: number, fy: number, interpolation: number): void;
  getPredefinedDictionary(id: number): CvDictionary;
  generateImageMarker(dict: CvDictionary, id: number, sidePx: number, out: CvMat, borderBits: number): void;
  aruco_DetectorParameters: new () => CvDetectorParameters;
  aruco_RefineParameters: new (minRepDistance: number, errorCorrectionRate: number, checkAllOrders: boolean) => CvDeletable;
  aruco_ArucoDetector: new (dict: CvDictionary, params: CvDetectorParameters, refine: CvDeletable) => CvArucoDetector;
  aruco_CharucoBoard: new (size: CvSize, squareMm: number, markerMm: number, dict: CvDictionary, ids: CvMat) => CvCharucoBoard;
  aruco_CharucoParameters: new () => CvDeletable;
  aruco_CharucoDetector: new (board: CvCharucoBoard, charuco: CvDeletable, detector: CvDetectorParameters, refine: CvDeletable) => CvCharucoDetector;

  solvePnP(objectPoints: CvMat, imagePoints: CvMat, cameraMatrix: CvMat, distCoeffs: CvMat, rvec: CvMat, tvec: CvMat, useExtrinsicGuess: boolean, flags: number): boolean;
  solvePnPRefineLM(objectPoints: CvMat, imagePoints: CvMat, cameraMatrix: CvMat, distCoeffs: CvMat, rvec: CvMat, tvec: CvMat, criteria: CvTermCriteria): void;
  calibrateCameraExtended(
    objectPoints: CvMatVector,
    imagePoints: CvMatVector,
    imageSize: CvSize,
    cameraMatrix: CvMat,
    distCoeffs: CvMat,
    rvecs: CvMatVector,
    tvecs: CvMatVector,
    stdDevIntrinsics: CvMat,
    stdDevExtrinsics: CvMat,
    perViewErrors: CvMat,
    flags: number,
    criteria: CvTermCriteria,
  ): number;
}
