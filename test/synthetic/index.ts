/** The synthetic table renderer's public API; see README.md. */
export type { Scene, SceneMiniature, SceneTag, SceneTerrain, SceneAnchor, SceneLight, Rgb } from './scene.js';
export { DEFAULT_LIGHT } from './scene.js';
export { renderScene, renderSceneJpeg, sceneWorld, WEBCAM, type RenderOptions, type RawImage, type SyntheticCamera } from './render.js';
export { overheadCamera, webcamIntrinsics, WEBCAM_DISTORTION, type OverheadOptions } from './cameras.js';
export { randomScene, sceneFromProfile, type RandomSceneOptions } from './scenes.js';
export { renderCharucoView, charucoViews, charucoWorld, DEFAULT_BOARD, type CharucoBoardSpec } from './charuco.js';
export { encodeJpeg, encodePng, decodeImage, applySensor, type SensorOptions } from './post.js';
export { renderWorld, type World } from './world.js';
