/**
 * Writes the committed sample frames in fixtures/: a 1280×720 webcam view of a set-up table,
 * the same table empty, and the truth, profile and camera files that go with them. Small on
 * purpose (JPEG, 720p, 30 mm tags so they are readable at that size). Regenerate with
 * `REGENERATE_FIXTURES=1 npx vitest run test/vision/sample-fixtures.test.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cameraFileFromIntrinsics } from '../../src/vision/camera-file.js';
import { defaultTableProfile } from '../../src/vision/table-profile.js';
import { overheadCamera } from './cameras.js';
import { encodeJpeg } from './post.js';
import { renderScene, WEBCAM } from './render.js';
import { randomScene } from './scenes.js';

export const FIXTURE_TAG_MM = 30;
export const FIXTURE_RAISED_MM = 40;

export async function writeFixtures(dir: string): Promise<void> {
  const profile = defaultTableProfile({ name: 'sample 180x120 cm table, 30 mm tags', tagMm: FIXTURE_TAG_MM });
  const scene = randomScene(profile, { seed: 2026, baseTags: 4, raisedTags: 4, raisedHeightMm: FIXTURE_RAISED_MM, standing: 4, fallen: 3, terrain: 2, firstTagId: 10 });
  for (const m of scene.miniatures) if (m.tag && m.height_mm === FIXTURE_RAISED_MM) profile.tags.heights_mm[String(m.tag.id)] = FIXTURE_RAISED_MM;
  const camera = overheadCamera({ heightMm: 1650, offsetMm: [60, -40], rollDeg: 0.8, widthPx: 1280, heightPx: 720 });
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/table-720p.jpg`, await encodeJpeg(renderScene(scene, camera, { ...WEBCAM, seed: 1 }), 85));
  await writeFile(`${dir}/empty-720p.jpg`, await encodeJpeg(renderScene({ ...scene, miniatures: [] }, camera, { ...WEBCAM, seed: 2 }), 85));
  await writeFile(`${dir}/sample.table.json`, `${JSON.stringify(profile, null, 2)}\n`);
  await writeFile(`${dir}/webcam-720p.camera.json`, `${JSON.stringify(cameraFileFromIntrinsics(camera.intrinsics), null, 2)}\n`);
  const truth = {
    camera_position_mm: [900 + 60, 600 - 40, 1650],
    miniatures: scene.miniatures.map((m) => ({ x_mm: round(m.x_mm), y_mm: round(m.y_mm), fallen: m.fallen, base_mm: m.base_mm, height_mm: round(m.height_mm), tag: m.tag?.id ?? null })),
  };
  await writeFile(`${dir}/table-720p.truth.json`, `${JSON.stringify(truth, null, 1)}\n`);
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
