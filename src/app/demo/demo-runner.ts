import { join } from 'node:path';
import type { IntentReply } from '../api/intents.js';
import type { AppController } from '../app-controller.js';
import { FrameLocator } from '../vision/frame-locator.js';
import { positionsFromFrame } from '../vision/frame-positions.js';
import { toSimScenario, type DemoScript, type DemoStep } from './demo-script.js';
import { InProcessHub } from './in-process-hub.js';

/** Where the script's files live (frames, camera files): the demo folder. */
export interface DemoFiles {
  dir: string;
}

/** Opens the recorded camera when the script has one. */
async function openCamera(script: DemoScript, files: DemoFiles): Promise<{ ok: true; camera: FrameLocator | null } | { ok: false; problem: string }> {
  if (!script.camera) return { ok: true, camera: null };
  const r = await FrameLocator.open({ profile: join(files.dir, script.camera.profile), camera: join(files.dir, script.camera.camera), background: join(files.dir, script.camera.background) });
  return r.ok ? { ok: true, camera: r.locator } : r;
}

/** Positions seen in one frame, for the open game's models. */
async function framePositions(app: AppController, camera: FrameLocator, path: string): Promise<{ ok: true; positions: ReturnType<typeof positionsFromFrame> } | { ok: false; problem: string }> {
  const state = app.game?.current;
  if (!state) return { ok: false, problem: 'no game open' };
  const located = await camera.locate(path);
  if (!located.ok) return located;
  const models = [...state.models.values()].map((m) => ({ id: m.spec.id, tag: m.spec.tag, last: m.pos }));
  return { ok: true, positions: positionsFromFrame(models, located.report) };
}

/** Creates the demo's game: models in script order (ids A1…, B1…), first positions, setup done. */
export async function setUpDemoGame(app: AppController, script: DemoScript, camera: FrameLocator | null, files: DemoFiles): Promise<IntentReply> {
  const steps: IntentReply[] = [app.handle({ type: 'new-game', ruleset: script.ruleset, title: script.title, seed: script.seed, players: script.players, table: script.table })];
  for (const model of script.models) steps.push(app.handle({ type: 'add-model', model }));
  const first = script.steps.find((s) => 'positions' in s || 'frame' in s);
  if (first && 'positions' in first) steps.push(app.handle({ type: 'place-models', models: first.positions }));
  if (first && 'frame' in first && camera) {
    const seen = await framePositions(app, camera, join(files.dir, first.frame));
    if (!seen.ok) return seen;
    app.game?.recordPositions('camera', seen.positions);
  }
  steps.push(app.handle({ type: 'finish-setup', firstPlayer: script.firstPlayer }));
  return steps.find((r) => !r.ok) ?? { ok: true };
}

async function applyStep(app: AppController, hub: InProcessHub, camera: FrameLocator | null, files: DemoFiles, step: DemoStep): Promise<IntentReply> {
  if ('positions' in step) {
    app.game?.recordPositions('script', step.positions);
    return { ok: true };
  }
  if ('frame' in step) {
    if (!camera) return { ok: false, problem: 'the script has frames but no camera files' };
    const seen = await framePositions(app, camera, join(files.dir, step.frame));
    if (!seen.ok) return seen;
    app.game?.recordPositions('camera', seen.positions);
    return { ok: true };
  }
  if ('hub' in step) {
    hub.fire(step.hub);
    return { ok: true };
  }
  return app.handle(step.decide);
}

/** Plays the whole script as fast as the link and the camera deliver, decisions included: `shagomer demo`. */
export async function playDemoHeadless(app: AppController, script: DemoScript, files: DemoFiles): Promise<IntentReply> {
  const opened = await openCamera(script, files);
  if (!opened.ok) return opened;
  const camera = opened.camera;
  try {
    const setup = await setUpDemoGame(app, script, camera, files);
    if (!setup.ok) return setup;
    const hub = new InProcessHub(app, toSimScenario(script).nodes);
    try {
      if (!(await hub.settled())) return { ok: false, problem: 'the simulated hub never linked' };
      for (const step of script.steps) {
        const r = await applyStep(app, hub, camera, files, step);
        if (!r.ok) return { ok: false, problem: `step at ${step.at_ms} ms: ${r.problem}` };
        if ('hub' in step && !(await hub.settled())) return { ok: false, problem: `step at ${step.at_ms} ms: the hub reading was never acknowledged` };
      }
      return { ok: true };
    } finally {
      hub.stop();
    }
  } finally {
    camera?.close();
  }
}

/**
 * Plays the script in real time for a person at the screen: camera frames and hub readings
 * arrive by themselves, the decisions (critical die, corrections, turn ends) are the player's.
 * The clock waits while a shot is open, and a launcher fires only in its owner's turn.
 */
export class InteractiveDemo {
  private readonly hub: InProcessHub;
  private readonly timer: NodeJS.Timeout;
  private elapsedMs = 0;
  private next = 0;
  private last = Date.now();
  private busy = false;
  /** The camera frame the demo shows now (a path under the demo folder), for the page to draw under its overlay. */
  frame: string | null;
  /** Whether the demo still plays. */
  playing = true;
  /** The demo's own game: opening another one ends the demo. */
  readonly gameId: string | null;

  constructor(
    private readonly app: AppController,
    private readonly script: DemoScript,
    private readonly camera: FrameLocator | null,
    private readonly files: DemoFiles,
  ) {
    this.hub = new InProcessHub(app, toSimScenario(script).nodes);
    this.frame = script.camera ? (script.steps.find((s): s is Extract<DemoStep, { frame: string }> => 'frame' in s)?.frame ?? null) : null;
    this.app.setLinkStatus({ status: 'demo', detail: 'simulated hub (demo)', state: { kind: 'demo', port: null } });
    this.gameId = app.game?.gameId ?? null;
    this.timer = setInterval(() => void this.tick(), 50);
    this.timer.unref();
  }

  private blocked(step: DemoStep): boolean {
    const state = this.app.game?.current;
    if (!state || !this.hub.linked) return true;
    if (!('hub' in step) || step.hub.type !== 'SHOT') return false;
    if (state.openShot) return true;
    const launcher = step.hub.launcher;
    const owner = [...state.models.values()].find((m) => m.spec.launcherNode === launcher)?.spec.player;
    return owner !== undefined && owner !== state.active;
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    const dt = now - this.last;
    this.last = now;
    if (this.busy) return;
    if (this.app.game?.gameId !== this.gameId) return this.stop();
    const step = this.script.steps[this.next];
    if (!step) {
      // The script is over: once the last shot is scored, the game ends with its summary.
      const game = this.app.game?.current;
      if (game?.openShot) return;
      if (game && !game.ended && game.phase === 'play') this.app.handle({ type: 'end-game' });
      return this.stop();
    }
    if (this.blocked(step)) return;
    this.elapsedMs += dt;
    this.busy = true;
    try {
      while (this.next < this.script.steps.length) {
        const s = this.script.steps[this.next] as DemoStep;
        if (s.at_ms > this.elapsedMs || this.blocked(s)) break;
        this.next++;
        if ('decide' in s) continue;
        const r = await applyStep(this.app, this.hub, this.camera, this.files, s);
        if (!r.ok) this.app.note(`demo: ${r.problem}`);
        else if ('frame' in s) this.frame = s.frame;
      }
    } finally {
      this.busy = false;
    }
  }

  stop(): void {
    this.playing = false;
    clearInterval(this.timer);
    this.hub.stop();
    this.camera?.close();
    // «Датчики: демо» only while the demo plays.
    if (this.app.link.status === 'demo') this.app.setLinkStatus({ status: 'none', detail: '' });
  }
}

/** Starts the live demo: camera files opened, game set up, then the clock runs. */
export async function startInteractiveDemo(app: AppController, script: DemoScript, files: DemoFiles): Promise<{ ok: true; demo: InteractiveDemo } | { ok: false; problem: string }> {
  const opened = await openCamera(script, files);
  if (!opened.ok) return opened;
  const setup = await setUpDemoGame(app, script, opened.camera, files);
  if (!setup.ok) {
    opened.camera?.close();
    return setup;
  }
  return { ok: true, demo: new InteractiveDemo(app, script, opened.camera, files) };
}
