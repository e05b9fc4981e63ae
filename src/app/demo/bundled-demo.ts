import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IntentReply } from '../api/intents.js';
import type { AppController } from '../app-controller.js';
import { DemoScript } from './demo-script.js';
import { startInteractiveDemo, type InteractiveDemo } from './demo-runner.js';

export const DEMO_FILE = join('demo', 'session.json');

export function loadDemoScript(path: string): { ok: true; script: DemoScript } | { ok: false; problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (e) {
    return { ok: false, problem: `${path}: cannot read the demo (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  const r = DemoScript.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, problem: `${path}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, script: r.data };
}

/** The demo shipped in the repository, ready to start in a running app. */
/** What the running demo's camera shows: the frame (a path under the demo folder) and the files it is located with. */
export interface DemoCameraNow {
  dir: string;
  frame: string;
  profile: string;
  camera: string;
}

export function bundledDemo(root: string): { ok: true; script: DemoScript; start: (app: AppController) => Promise<IntentReply>; camera: () => DemoCameraNow | null } | { ok: false; problem: string } {
  const path = join(root, DEMO_FILE);
  const loaded = loadDemoScript(path);
  if (!loaded.ok) return loaded;
  let running: InteractiveDemo | null = null;
  let open: AppController | null = null;
  return {
    ok: true,
    script: loaded.script,
    camera: () => {
      const cam = loaded.script.camera;
      // The last frame stays on the table after the script is over, as long as the demo's game is open.
      const frame = running && open?.game?.gameId === running.gameId ? running.frame : null;
      return cam && frame ? { dir: dirname(path), frame, profile: cam.profile, camera: cam.camera } : null;
    },
    start: async (app) => {
      running?.stop();
      running = null;
      const r = await startInteractiveDemo(app, loaded.script, { dir: dirname(path) });
      if (!r.ok) return r;
      running = r.demo;
      open = app;
      return { ok: true };
    },
  };
}
