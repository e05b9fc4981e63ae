import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemoCameraNow } from '../demo/bundled-demo.js';
import { readStatic } from './static-files.js';

/**
 * The running demo's camera for the browser (issue 12): which recorded frame it shows now and
 * the table profile and camera file it is located with (`GET /api/demo/camera`), and the frames
 * themselves (`GET /demo/frames/…`, only what lies under the demo folder). The page plays the
 * frame through its own vision worker, so the demo's table is drawn from its camera image,
 * rectified under the overlay, as a real camera's is.
 */
export type DemoCameraAnswer = { status: 200; type: string; body: Buffer | string } | { status: 404; problem: string };

const FRAME_PATH = /^\/demo\/((?:[\w-]+\/)*[\w.-]+\.(?:jpg|png))$/;

export async function demoCameraRoute(path: string, now: DemoCameraNow | null): Promise<DemoCameraAnswer | null> {
  if (path === '/api/demo/camera') {
    if (!now) return { status: 404, problem: 'no demo with a camera is playing' };
    try {
      const [profile, camera] = await Promise.all([readFile(join(now.dir, now.profile), 'utf8'), readFile(join(now.dir, now.camera), 'utf8')]);
      const body = JSON.stringify({ frame: `demo/${now.frame}`, profile: JSON.parse(profile) as unknown, camera: JSON.parse(camera) as unknown });
      return { status: 200, type: 'application/json; charset=utf-8', body };
    } catch (e) {
      return { status: 404, problem: `the demo's camera files: ${e instanceof Error ? e.message : String(e)}` };
    }
  }
  const m = FRAME_PATH.exec(path);
  if (!m) return null;
  if (!now) return { status: 404, problem: 'no demo with a camera is playing' };
  const f = await readStatic(now.dir, m[1] as string);
  return f ? { status: 200, type: f.type.startsWith('application/octet') ? 'image/jpeg' : f.type, body: f.body } : { status: 404, problem: 'no such demo frame' };
}
