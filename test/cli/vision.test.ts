/**
 * The vision commands as a user runs them: the compiled binary on rendered photographs in a
 * temp dir. Run `npx tsc -p tsconfig.build.json` first (npm test builds).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraFileFromIntrinsics } from '../../src/vision/camera-file.js';
import { TableProfileSchema, defaultTableProfile } from '../../src/vision/table-profile.js';
import { charucoViews, encodeJpeg, encodePng, overheadCamera, randomScene, renderCharucoView, renderScene, sceneFromProfile, WEBCAM } from '../synthetic/index.js';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../../dist/src/cli/main.js');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function shagomer(...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { code: x.code ?? -1, stdout: x.stdout ?? '', stderr: x.stderr ?? '' };
  }
}

/** One line, names what it should, and no stack trace. */
function expectOneLine(o: Outcome, code: number, ...mentions: string[]): void {
  expect(o.code).toBe(code);
  expect(o.stderr.trim().split('\n')).toHaveLength(1);
  expect(o.stderr).not.toMatch(/\n\s+at /);
  for (const m of mentions) expect(o.stderr).toContain(m);
}

describe('shagomer markers / calibrate-camera / locate', () => {
  let dir: string;
  const camera = overheadCamera({ heightMm: 1600, offsetMm: [50, -30], widthPx: 1280, heightPx: 720 });
  const profile = defaultTableProfile();
  const p = (name: string): string => join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shagomer-vision-'));
    // Tags of 30 mm: at 1280×720 a 20 mm tag is too small to read, and this suite is about the CLI.
    const bigTags = { ...profile, tags: { ...profile.tags, size_mm: 30, heights_mm: { '5': 40 } } };
    const scene = randomScene(bigTags, { seed: 4, baseTags: 1, raisedTags: 1, standing: 2, fallen: 1, terrain: 1 });
    await writeFile(p('table.jpg'), await encodeJpeg(renderScene(scene, camera, WEBCAM)));
    // The same table before the game: terrain in place, no miniatures.
    await writeFile(p('empty.jpg'), await encodeJpeg(renderScene({ ...scene, miniatures: [] }, camera, { ...WEBCAM, seed: 99 })));
    await writeFile(p('scene.json'), JSON.stringify(scene.miniatures));
    // Anchors 1 and 2 hidden (say, under a box lid): only 0 and 3 are on the table.
    const hidden = sceneFromProfile({ ...profile, anchors: { ...profile.anchors, markers: profile.anchors.markers.filter((m) => m.id === 0 || m.id === 3) } });
    await writeFile(p('hidden.jpg'), await encodeJpeg(renderScene(hidden, camera, WEBCAM)));
    await writeFile(p('table.json'), JSON.stringify(bigTags));
    await writeFile(p('truth.json'), JSON.stringify(scene.miniatures.filter((m) => m.tag).map((m) => ({ id: m.tag?.id, x: m.x_mm, y: m.y_mm }))));
    await writeFile(p('camera.json'), JSON.stringify(cameraFileFromIntrinsics(camera.intrinsics)));
    await writeFile(p('camera-4k.json'), JSON.stringify({ ...cameraFileFromIntrinsics(camera.intrinsics), image_size: [3840, 2160] }));
    await writeFile(p('broken.json'), '{"name": "table", ');
    await writeFile(p('not-a-profile.json'), JSON.stringify({ name: 'x', table: { width_mm: 1800 } }));
    await writeFile(p('not-an-image.jpg'), 'this is text, not a JPEG');
    // Small calibration photographs: 640×360 is plenty for the board and keeps this quick.
    const k = { ...camera.intrinsics, widthPx: 640, heightPx: 360, fx: camera.intrinsics.fx / 2, fy: camera.intrinsics.fy / 2, cx: 320, cy: 180 };
    const views = charucoViews(k, 7, 9);
    for (let i = 0; i < views.length; i++) await writeFile(p(`board-${i}.png`), await encodePng(renderCharucoView(views[i] as (typeof views)[number], undefined, { blurSigmaPx: 0.5, noiseSigma: 1.5, seed: i })));
    await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 200, g: 200, b: 190 } } }).png().toFile(p('wall.png'));
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('locate --json prints exactly the contract fields, tags under their centres', async () => {
    const o = await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--camera', p('camera.json'), '--json');
    expect(o.stderr).toBe('');
    expect(o.code).toBe(0);
    const r = JSON.parse(o.stdout) as Record<string, unknown>;
    expect(Object.keys(r)).toEqual(['image_size', 'reprojection_px', 'camera_position_mm', 'anchors_found', 'tags']);
    expect(r.image_size).toEqual([1280, 720]);
    expect(r.anchors_found).toEqual([0, 1, 2, 3]);
    expect(r.reprojection_px).toBeLessThan(0.6);
    const c = r.camera_position_mm as number[];
    expect(Math.abs((c[2] as number) - 1600)).toBeLessThan(8);
    const truth = JSON.parse(await readFile(p('truth.json'), 'utf8')) as { id: number; x: number; y: number }[];
    const tags = r.tags as { id: number; x_mm: number; y_mm: number; z_mm: number }[];
    expect(tags.map((t) => t.id)).toEqual(truth.map((t) => t.id).sort((a, b) => a - b));
    for (const t of tags) {
      expect(Object.keys(t)).toEqual(['id', 'x_mm', 'y_mm', 'z_mm']);
      const want = truth.find((x) => x.id === t.id) as { x: number; y: number };
      expect(Math.hypot(t.x_mm - want.x, t.y_mm - want.y)).toBeLessThan(3);
    }
  });

  it.each([
    ['learned', [], ['x_mm', 'y_mm', 'fallen', 'tag', 'confidence']],
    ['geometric', ['--geometric'], ['x_mm', 'y_mm', 'fallen', 'tag']],
  ] as const)('locate --background adds objects (%s detector): standing miniatures found, tagged ones with their tag', async (_name, flags, keys) => {
    const o = await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--camera', p('camera.json'), '--background', p('empty.jpg'), ...flags, '--json');
    expect(o.stderr).toBe('');
    expect(o.code).toBe(0);
    const r = JSON.parse(o.stdout) as { objects: { x_mm: number; y_mm: number; fallen: boolean; tag: number | null }[] };
    expect(Object.keys(r)).toEqual(['image_size', 'reprojection_px', 'camera_position_mm', 'anchors_found', 'tags', 'objects']);
    for (const ob of r.objects) expect(Object.keys(ob)).toEqual(keys);
    const minis = JSON.parse(await readFile(p('scene.json'), 'utf8')) as { x_mm: number; y_mm: number; fallen: boolean; tag?: { id: number } }[];
    // The wiring, not the detector's accuracy (test/vision/objects measures that): at 720p a
    // fallen 25 mm figure is near the detector's floor, so only standing ones are required.
    for (const m of minis.filter((x) => !x.fallen)) {
      const near = r.objects.find((ob) => Math.hypot(ob.x_mm - m.x_mm, ob.y_mm - m.y_mm) < 15);
      expect(near, `miniature at ${m.x_mm.toFixed(0)}, ${m.y_mm.toFixed(0)}`).toBeDefined();
      expect(near?.fallen).toBe(m.fallen);
      if (m.tag) expect(near?.tag).toBe(m.tag.id);
    }
  });

  it('locate --background of another size → exit 2 naming it', async () => {
    expectOneLine(await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--background', p('wall.png'), '--json'), 2, 'wall.png', '640x360');
  });

  it('locate --geometric without --background, or with --model → exit 2 naming the flags', async () => {
    expectOneLine(await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--geometric', '--json'), 2, '--geometric needs --background');
    expectOneLine(await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--background', p('empty.jpg'), '--geometric', '--model', p('empty.jpg'), '--json'), 2, '--model and --geometric');
  });

  it('locate without --json prints a readable summary', async () => {
    const o = await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--camera', p('camera.json'));
    expect(o.code).toBe(0);
    expect(o.stdout).toMatch(/anchors 0, 1, 2, 3; reprojection/);
  });

  it('locate: unreadable or missing image → exit 2 naming the file', async () => {
    expectOneLine(await shagomer('locate', p('not-an-image.jpg'), '--profile', p('table.json'), '--json'), 2, 'not-an-image.jpg');
    expectOneLine(await shagomer('locate', p('nowhere.jpg'), '--profile', p('table.json'), '--json'), 2, 'nowhere.jpg', 'no such file');
  });

  it('locate: a profile or camera file that does not parse → exit 2 naming the file', async () => {
    expectOneLine(await shagomer('locate', p('table.jpg'), '--profile', p('broken.json'), '--json'), 2, 'broken.json', 'not valid JSON');
    expectOneLine(await shagomer('locate', p('table.jpg'), '--profile', p('not-a-profile.json'), '--json'), 2, 'not-a-profile.json', 'not a table profile');
    expectOneLine(await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--camera', p('broken.json'), '--json'), 2, 'broken.json');
    expectOneLine(await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--camera', p('table.json'), '--json'), 2, 'table.json', 'not a camera file');
  });

  it('locate: camera image_size not matching the image → exit 2 naming the file', async () => {
    expectOneLine(await shagomer('locate', p('table.jpg'), '--profile', p('table.json'), '--camera', p('camera-4k.json'), '--json'), 2, 'camera-4k.json', '3840x2160', '1280x720');
  });

  it('locate: too few anchors → exit 3 with the ids found and a hint', async () => {
    const o = await shagomer('locate', p('hidden.jpg'), '--profile', p('table.json'), '--camera', p('camera.json'), '--json');
    expectOneLine(o, 3, 'found anchors [0, 3]', 'lighting', 'focus', 'table.json');
    expect(o.stdout).toBe('');
  });

  it('calibrate-camera: writes camera.json, prints RMS and views, names the bad image', async () => {
    const boards = Array.from({ length: 7 }, (_, i) => p(`board-${i}.png`));
    const o = await shagomer('calibrate-camera', ...boards, p('wall.png'), '--out', p('cal.json'));
    expect(o.code).toBe(0);
    expect(o.stdout).toMatch(/RMS 0\.\d+ px from 7 of 8 views/);
    expect(o.stdout).toContain('wall.png (no board found)');
    const cal = JSON.parse(await readFile(p('cal.json'), 'utf8')) as { image_size: number[]; camera_matrix: number[][]; dist_coeffs: number[] };
    expect(Object.keys(cal)).toEqual(['image_size', 'camera_matrix', 'dist_coeffs']);
    expect(cal.image_size).toEqual([640, 360]);
    expect(Math.abs((cal.camera_matrix[0]?.[0] ?? 0) / (camera.intrinsics.fx / 2) - 1)).toBeLessThan(0.01);
    expect(cal.dist_coeffs).toHaveLength(5);
  });

  it('calibrate-camera: too few views → exit 3 naming the bad images; unreadable → exit 2', async () => {
    expectOneLine(await shagomer('calibrate-camera', p('board-0.png'), p('board-1.png'), p('wall.png'), '--out', p('x.json')), 3, 'refused', 'wall.png');
    expectOneLine(await shagomer('calibrate-camera', p('board-0.png'), p('not-an-image.jpg'), '--out', p('x.json')), 2, 'not-an-image.jpg');
    expectOneLine(await shagomer('calibrate-camera', p('board-0.png'), '--board', 'charuco:7x5:30', '--out', p('x.json')), 2, '--board');
  });

  it('markers: true-scale pages at the stated DPI and a profile locate accepts', async () => {
    const out = p('sheets');
    const o = await shagomer('markers', '--out', out, '--dpi', '200');
    expect(o.code).toBe(0);
    const meta = await sharp(join(out, 'anchor-0.png')).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([Math.round((210 / 25.4) * 200), Math.round((297 / 25.4) * 200), 200]);
    const board = await sharp(join(out, 'charuco-7x5-30mm.png')).metadata();
    expect(board.density).toBe(200);
    const profileJson = JSON.parse(await readFile(join(out, '180x120.table.json'), 'utf8')) as unknown;
    expect(TableProfileSchema.parse(profileJson)).toEqual(profile);
    const l = await shagomer('locate', p('table.jpg'), '--profile', join(out, '180x120.table.json'), '--camera', p('camera.json'), '--json');
    expect(l.code).toBe(0);
  });
});
