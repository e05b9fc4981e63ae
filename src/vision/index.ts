/**
 * The vision layer's browser-safe surface: everything here runs in Node, a renderer page or
 * a Web Worker. Node-only helpers live in *-node.ts files (opencv-node.ts, image-file-node.ts).
 */
export type { OpenCv } from './cv-types.js';
export { loadOpenCv, type OpenCvSource } from './opencv.js';
export * from './camera-model.js';
export { CameraFileSchema, cameraFileFromIntrinsics, intrinsicsFromCameraFile, scaleIntrinsics, type CameraFile } from './camera-file.js';
export { TableProfileSchema, defaultTableProfile, tagHeightMm, type TableProfile, type AnchorMarker } from './table-profile.js';
export { parseCameraFile, parseTableProfile, type Parsed } from './parse-files.js';
export { rgbaToGray, type GrayImage, type RgbaImage } from './image.js';
export { createMarkerDetector, type DetectedMarker, type MarkerDetector, type Point2 } from './detect-markers.js';
export { solveTablePose, MIN_ANCHORS, type TablePose, type TablePoseResult } from './table-pose.js';
export { locateTag, type LocatedTag } from './locate-tags.js';
export { createLocator, type LocateFailure, type LocateReport, type LocateResult, type LocatedFrame, type Locator } from './locate.js';
export { createCharucoDetector, parseBoardSpec, formatBoardSpec, DEFAULT_CHARUCO, type CharucoBoard, type CharucoView } from './charuco.js';
export { calibrateFromViews, viewProblem, MIN_VIEWS, type CalibrationOutcome, type CalibrationResult, type NamedView } from './calibrate.js';
