import { closeSync, openSync, writeSync } from 'node:fs';
import { defaultTableProfile } from '../../src/vision/table-profile.js';
import { charucoViews, overheadCamera, renderCharucoView, renderScene, sceneFromProfile, WEBCAM, type RawImage, type SceneMiniature } from '../synthetic/index.js';

/**
 * The fake camera for the wizard's browser test, rendered at test time: one webcam (1080p, its
 * barrel lens) first sees the ChArUco board in several poses, then the table with its anchors
 * and four base tags, two of them 50 cm apart for the ruler check. Written as one Y4M stream,
 * which Chromium's --use-file-for-fake-video-capture plays in a loop.
 */
export const CAMERA = overheadCamera({ heightMm: 1600 });
/** The table the wizard prints by default: 1800 × 1200 mm, anchors 0–3, 20 mm tags 4 mm up. */
export const PROFILE = defaultTableProfile();
/** Tags on bases (id → table mm): 10 and 11 lie 500 mm apart. */
export const TAGS: Record<number, [number, number]> = { 10: [600, 500], 11: [1100, 500], 20: [700, 820], 21: [1250, 860] };
export const BOARD_VIEWS = 10;
const FPS = 2;
/** Each picture stays this many frames (a second): the wizard samples a few frames a second. */
const HOLD = 2;

function yuv420(img: RawImage): Buffer {
  const { width: w, height: h, rgba } = img;
  const out = Buffer.alloc(w * h * 1.5);
  const u0 = w * h;
  const v0 = u0 + (w / 2) * (h / 2);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const k = (j * w + i) * 4;
      const r = rgba[k] as number;
      const g = rgba[k + 1] as number;
      const b = rgba[k + 2] as number;
      out[j * w + i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (j % 2 === 0 && i % 2 === 0) {
        const c = (j / 2) * (w / 2) + i / 2;
        out[u0 + c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        out[v0 + c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
  }
  return out;
}

export function tableScene(): ReturnType<typeof sceneFromProfile> {
  const minis: SceneMiniature[] = Object.entries(TAGS).map(([id, [x, y]]) => ({
    x_mm: x,
    y_mm: y,
    base_mm: 30,
    height_mm: PROFILE.tags.height_mm,
    fallen: false,
    angle_deg: 0,
    shape: 'token',
    tag: { id: Number(id), size_mm: PROFILE.tags.size_mm },
  }));
  return sceneFromProfile(PROFILE, minis);
}

/** Renders the board views and the table and writes the Y4M; returns its frame count. */
export function writeWizardY4m(path: string): number {
  const pictures: RawImage[] = [];
  charucoViews(CAMERA.intrinsics, BOARD_VIEWS, 7).forEach((view, i) => pictures.push(renderCharucoView(view, undefined, { blurSigmaPx: 0.6, noiseSigma: 2, seed: i })));
  const table = renderScene(tableScene(), CAMERA, { ...WEBCAM, jpegQuality: undefined });
  // The table stays longer: the table and bind steps want it most of the time.
  const sequence = [...pictures, table, table, table];
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${CAMERA.intrinsics.widthPx} H${CAMERA.intrinsics.heightPx} F${FPS}:1 Ip A1:1 C420jpeg\n`);
    for (const img of sequence) {
      const frame = yuv420(img);
      for (let k = 0; k < HOLD; k++) {
        writeSync(fd, 'FRAME\n');
        writeSync(fd, frame);
      }
    }
  } finally {
    closeSync(fd);
  }
  return sequence.length * HOLD;
}
