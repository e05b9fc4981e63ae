/**
 * The vision layer's browser-safe entry, as the renderer's vision worker may use it: the
 * renderer reaches vision only through the app API (layers of DESIGN.md), and vision/index.ts
 * runs in a Web Worker unchanged (it touches no Node API).
 */
export { calibrateFromViews, viewProblem, cameraFileFromIntrinsics, rgbaToGray, createCharucoDetector, parseBoardSpec, DEFAULT_CHARUCO, MIN_VIEWS, type CharucoBoard, type NamedView } from '../../vision/index.js';
export { loadOpenCv, createLocator, parseCameraFile, parseTableProfile, projectTablePoint, type CameraIntrinsics, type CameraPose, type TableProfile } from '../../vision/index.js';
/** The learned detector (issue 9): the worker hands in onnxruntime-web and the model's bytes. */
export { loadLearnedDetector, learnedLocateObjects, LIVE_DETECTOR_OPTIONS, type LearnedDetector, type OnnxRuntime } from '../../vision/learned/learned-detector.js';
export { bindTags, DEFAULT_LEARNED_OPTIONS, type LearnedObject } from '../../vision/learned/learned-detector.js';
/** Where the vision worker looks for the tags of models the detector found untagged. */
export { untaggedStanding } from '../../vision/learned/tags-near.js';
/** Camera frame → model positions (a tagged model where its tag is, a fall near where it stood). */
export { positionsFromFrame, type TrackedModel } from '../vision/frame-positions.js';
