/**
 * Renders the demo's camera frames from the synthetic table (test/synthetic): an empty table and
 * one frame per moment of the demo, with DICT_4X4_50 tags on the miniatures at their heights,
 * plus the table profile and camera file the app locates them with. Run: node demo/make-frames.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cameraFileFromIntrinsics } from '../src/vision/camera-file.js';
import { defaultTableProfile } from '../src/vision/table-profile.js';
import { overheadCamera, renderSceneJpeg, sceneFromProfile, WEBCAM, type SceneMiniature } from '../test/synthetic/index.js';

// Run from the repository root (the bundle itself lives under dist/).
const out = join(process.cwd(), 'demo', 'frames');

interface Mini {
  tag: number;
  x: number;
  y: number;
  base: number;
  height: number;
  shape: 'figure' | 'vehicle';
  color: [number, number, number];
}

// Tags as bound in demo/session.json (A1…A3: 10–12, B1…B3: 20–22); positions in table mm.
// 30 mm tags: about 19 px at 1280×720, enough for the detector tuned for ~16 px.
const TAG_MM = 30;
const blue: [number, number, number] = [60, 90, 200];
const red: [number, number, number] = [190, 50, 50];
const minis: Record<string, Mini> = {
  A1: { tag: 10, x: 300, y: 380, base: 80, height: 60, shape: 'vehicle', color: blue },
  A2: { tag: 11, x: 480, y: 930, base: 32, height: 40, shape: 'figure', color: blue },
  A3: { tag: 12, x: 630, y: 630, base: 32, height: 40, shape: 'figure', color: blue },
  B1: { tag: 20, x: 1470, y: 450, base: 60, height: 70, shape: 'figure', color: red },
  B2: { tag: 21, x: 1290, y: 840, base: 40, height: 60, shape: 'figure', color: red },
  B3: { tag: 22, x: 1140, y: 1050, base: 32, height: 42, shape: 'figure', color: red },
};

function scene(moved: Record<string, [number, number]>, fallen: string[]): SceneMiniature[] {
  return Object.entries(minis).map(([id, m]) => {
    const [x, y] = moved[id] ?? [m.x, m.y];
    const down = fallen.includes(id);
    return {
      x_mm: x,
      y_mm: y,
      base_mm: m.base,
      height_mm: m.height,
      fallen: down,
      angle_deg: 30,
      shape: m.shape,
      color: m.color,
      tag: { id: m.tag, size_mm: TAG_MM },
    };
  });
}

const frames: Record<string, SceneMiniature[]> = {
  empty: [],
  'f0-start': scene({}, []),
  'f1-tank-moved': scene({ A1: [495, 450] }, []),
  'f2-walker-fell': scene({ A1: [495, 450] }, ['B1']),
  'f3-necro-moved': scene({ A1: [495, 450], B2: [1140, 750] }, ['B1']),
  'f4-invader-fell': scene({ A1: [495, 450], B2: [1140, 750] }, ['B1', 'B3']),
};

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const profile = defaultTableProfile({ tagMm: TAG_MM });
  profile.name = 'demo table';
  profile.tags.heights_mm = Object.fromEntries(Object.values(minis).map((m) => [String(m.tag), m.height]));
  const camera = overheadCamera({ heightMm: 1600, offsetMm: [60, -40], widthPx: 1280, heightPx: 720 });
  writeFileSync(join(out, 'table.json'), `${JSON.stringify(profile, null, 1)}\n`);
  writeFileSync(join(out, 'camera.json'), `${JSON.stringify(cameraFileFromIntrinsics(camera.intrinsics), null, 1)}\n`);
  for (const [name, miniatures] of Object.entries(frames)) {
    const { jpeg } = await renderSceneJpeg(sceneFromProfile(profile, miniatures), camera, { ...WEBCAM, seed: 7 });
    writeFileSync(join(out, `${name}.jpg`), jpeg);
    console.log(`demo/frames/${name}.jpg ${(jpeg.length / 1024).toFixed(0)} KiB`);
  }
}

await main();
