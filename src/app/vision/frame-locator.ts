import { readFile } from 'node:fs/promises';
import { locateObjects, detectObjects } from '../../vision/objects/detect-objects.js';
import { readImageFile } from '../../vision/image-file-node.js';
import { loadOpenCvNode } from '../../vision/opencv-node.js';
import { parseCameraFile, parseTableProfile } from '../../vision/parse-files.js';
import { createLocator, type Locator } from '../../vision/locate.js';
import type { RgbaImage } from '../../vision/image.js';
import type { TableProfile } from '../../vision/table-profile.js';
import type { FrameReport } from './frame-positions.js';

/**
 * Camera frames from files (the demo's recorded frames) through the vision layer: the table pose
 * from the anchors, tags in table millimetres, and, against the empty table, every miniature
 * with its fall. Loads OpenCV once.
 */
export class FrameLocator {
  private constructor(
    private readonly locator: Locator,
    private readonly profile: TableProfile,
    private readonly background: RgbaImage,
  ) {}

  static async open(files: { profile: string; camera: string; background: string }): Promise<{ ok: true; locator: FrameLocator } | { ok: false; problem: string }> {
    const json = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8')) as unknown;
    try {
      const profile = parseTableProfile(await json(files.profile));
      if (!profile.ok) return { ok: false, problem: `${files.profile}: ${profile.message}` };
      const camera = parseCameraFile(await json(files.camera));
      if (!camera.ok) return { ok: false, problem: `${files.camera}: ${camera.message}` };
      const background = await readImageFile(files.background);
      const cv = await loadOpenCvNode();
      return { ok: true, locator: new FrameLocator(createLocator(cv, profile.value, camera.value), profile.value, background) };
    } catch (e) {
      return { ok: false, problem: `camera files: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` };
    }
  }

  async locate(path: string): Promise<{ ok: true; report: FrameReport } | { ok: false; problem: string }> {
    let image: RgbaImage;
    try {
      image = await readImageFile(path);
    } catch (e) {
      return { ok: false, problem: `${path}: ${e instanceof Error ? e.message : String(e)}` };
    }
    const r = this.locator.locate(image);
    if (!r.ok) return { ok: false, problem: `${path}: ${r.error.kind}` };
    const { report, pose, intrinsics } = r.value;
    const objects = locateObjects(detectObjects({ pose, intrinsics, table: this.profile.table, background: this.background, frame: image, tags: report.tags }));
    return { ok: true, report: { tags: report.tags, objects } };
  }

  close(): void {
    this.locator.delete();
  }
}
