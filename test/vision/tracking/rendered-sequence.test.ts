/**
 * The tracker fed by detectObjects on a short rendered 1920 × 1080 sequence: a set-up
 * table, a hand reaching in under a moved lamp, then a carried
 * miniature, a carried tagged one and a knocked-over one.
 */
import { describe, expect, it } from 'vitest';
import { createObjectDetector } from '../../../src/vision/objects/detect-objects.js';
import { defaultTableProfile } from '../../../src/vision/table-profile.js';
import { changesBetween, distanceRulesOf, Tracker } from '../../../src/vision/tracking/index.js';
import { overheadCamera, sceneFromProfile, type Scene, type SceneMiniature } from '../../synthetic/index.js';
import { openCv } from '../helpers.js';
import { emptyTable, renderRgba, solvePose } from '../objects/frames.js';

const profile = defaultTableProfile();
const camera = overheadCamera({ heightMm: 1600, offsetMm: [40, 20] });
const fig = (x: number, y: number, base: number, h: number, angle = 0): SceneMiniature => ({ x_mm: x, y_mm: y, base_mm: base, height_mm: h, fallen: false, angle_deg: angle, shape: 'figure' });

const start: SceneMiniature[] = [
  fig(400, 300, 32, 40),
  fig(700, 800, 40, 45, 60),
  fig(1100, 400, 25, 35),
  fig(1400, 900, 50, 50, 120),
  fig(300, 900, 28, 38),
  // A token with its tag at base height, as the default profile says; 30 mm reads well.
  { x_mm: 1500, y_mm: 300, base_mm: 45, height_mm: 4, fallen: false, angle_deg: 0, shape: 'token', tag: { id: 7, size_mm: 30, angle_deg: 20 } },
];

describe('tracking a rendered sequence', () => {
  it('keeps ids through a hand and a lamp change, and reports the moves in mm and steps', async () => {
    const cv = await openCv();
    const scene: Scene = { ...sceneFromProfile(profile, start), seed: 4 };
    const background = await renderRgba(emptyTable(scene), camera, { seed: 1 });
    const pose = solvePose(cv, profile, camera, background);
    const detector = createObjectDetector({ pose: pose.pose, intrinsics: pose.intrinsics, table: profile.table, background });
    const tracker = new Tracker();
    let t = 0;
    const step = async (s: Scene, o: Parameters<typeof renderRgba>[2]): Promise<readonly string[]> => {
      const frame = await renderRgba(s, camera, o);
      const located = solvePose(cv, profile, camera, frame);
      const d = detector.detect(frame, located.report.tags);
      t += 100;
      return tracker.update({ tMs: t, objects: d.objects, disturbances: d.disturbances }).map((ob) => ob.id);
    };

    for (let i = 0; i < 3; i++) await step(scene, { seed: 10 + i });
    const before = tracker.snapshot();
    const ids = before.objects.map((o) => o.id);
    expect(ids).toHaveLength(6);
    expect(ids).toContain('tag-7');

    const lamp = { position_mm: [1300, 300, 2000] as const, ambient: 0.45, unevenness: 0.25 };
    const arm = { fromMm: [1950, 500] as const, toMm: [1250, 700] as const, heightMm: 140 };
    expect(await step({ ...scene, light: lamp }, { seed: 20, tint: [1.08, 1, 0.88], arms: [arm] })).toEqual(ids);
    expect(await step({ ...scene, light: lamp }, { seed: 21, tint: [1.08, 1, 0.88] })).toEqual(ids);

    // Carry the 32 mm figure 120 mm along x, carry the tagged one across, knock the 40 mm one over.
    const moved = start.map((m) => ({ ...m }));
    moved[0] = { ...moved[0]!, x_mm: 520 };
    moved[5] = { ...moved[5]!, x_mm: 900, y_mm: 1000 };
    moved[1] = { ...moved[1]!, fallen: true, angle_deg: 200, x_mm: 690, y_mm: 796 };
    const after: Scene = { ...scene, miniatures: moved };
    for (let i = 0; i < 4; i++) expect(await step(after, { seed: 30 + i })).toEqual(i < 2 ? expect.anything() : ids);
    const changes = changesBetween(before, tracker.snapshot(), distanceRulesOf('vtorzhenie')!);
    expect(changes.appeared).toEqual([]);
    expect(changes.removed).toEqual([]);
    const near = (x: number, y: number) => changes.moves.find((m) => Math.hypot(m.fromMm[0] - x, m.fromMm[1] - y) < 10);
    const carried = near(400, 300)!;
    // Two positions, each good to about 4 mm.
    expect(Math.abs(carried.distanceMm - 120)).toBeLessThan(6);
    expect(carried.steps).toBe(3);
    const tagged = changes.moves.find((m) => m.id === 'tag-7')!;
    expect(Math.abs(tagged.distanceMm - Math.hypot(600, 700))).toBeLessThan(6);
    expect(near(700, 800)!.fell).toBe(true);
    // The three others stood still: no moves beyond the noise floor.
    expect(changes.moves).toHaveLength(3);
  }, 600_000);
});
