import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IntentReply } from '../api/intents.js';
import type { AppController } from '../app-controller.js';
import { DemoScript } from './demo-script.js';
import { InteractiveDemo, setUpDemoGame } from './demo-runner.js';

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
export function bundledDemo(root: string): { ok: true; script: DemoScript; start: (app: AppController) => IntentReply } | { ok: false; problem: string } {
  const loaded = loadDemoScript(join(root, DEMO_FILE));
  if (!loaded.ok) return loaded;
  let running: InteractiveDemo | null = null;
  return {
    ok: true,
    script: loaded.script,
    start: (app) => {
      running?.stop();
      const r = setUpDemoGame(app, loaded.script);
      if (r.ok) running = new InteractiveDemo(app, loaded.script);
      return r;
    },
  };
}
