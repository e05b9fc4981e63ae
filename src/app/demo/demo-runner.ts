import type { IntentReply } from '../api/intents.js';
import type { AppController } from '../app-controller.js';
import { toSimScenario, type DemoScript, type DemoStep } from './demo-script.js';
import { InProcessHub } from './in-process-hub.js';

/** Creates the demo's game: models in script order (ids A1…, B1…), first positions, setup done. */
export function setUpDemoGame(app: AppController, script: DemoScript): IntentReply {
  const steps: IntentReply[] = [app.handle({ type: 'new-game', ruleset: script.ruleset, title: script.title, seed: script.seed, players: script.players, table: script.table })];
  for (const model of script.models) steps.push(app.handle({ type: 'add-model', model }));
  const first = script.steps.find((s): s is Extract<DemoStep, { positions: unknown }> => 'positions' in s);
  if (first) steps.push(app.handle({ type: 'place-models', models: first.positions }));
  steps.push(app.handle({ type: 'finish-setup', firstPlayer: script.firstPlayer }));
  return steps.find((r) => !r.ok) ?? { ok: true };
}

function applyStep(app: AppController, hub: InProcessHub, step: DemoStep): IntentReply {
  if ('positions' in step) {
    app.game?.recordPositions('script', step.positions);
    return { ok: true };
  }
  if ('hub' in step) {
    hub.fire(step.hub);
    return { ok: true };
  }
  return app.handle(step.decide);
}

/** Plays the whole script as fast as the link delivers, decisions included: `shagomer demo`. */
export async function playDemoHeadless(app: AppController, script: DemoScript): Promise<IntentReply> {
  const setup = setUpDemoGame(app, script);
  if (!setup.ok) return setup;
  const hub = new InProcessHub(app, toSimScenario(script).nodes);
  try {
    if (!(await hub.settled())) return { ok: false, problem: 'the simulated hub never linked' };
    for (const step of script.steps) {
      const r = applyStep(app, hub, step);
      if (!r.ok) return { ok: false, problem: `step at ${step.at_ms} ms: ${r.problem}` };
      if ('hub' in step && !(await hub.settled())) return { ok: false, problem: `step at ${step.at_ms} ms: the hub reading was never acknowledged` };
    }
    return { ok: true };
  } finally {
    hub.stop();
  }
}

/**
 * Plays the script in real time for a person at the screen: camera moves and hub readings
 * arrive by themselves, the decisions (critical die, corrections, turn ends) are the player's.
 * The clock waits while a shot is open, and a launcher fires only in its owner's turn.
 */
export class InteractiveDemo {
  private readonly hub: InProcessHub;
  private readonly timer: NodeJS.Timeout;
  private elapsedMs = 0;
  private next = 0;
  private last = Date.now();

  constructor(
    private readonly app: AppController,
    private readonly script: DemoScript,
  ) {
    this.hub = new InProcessHub(app, toSimScenario(script).nodes);
    this.app.setLinkStatus({ status: 'demo', detail: 'simulated hub (demo)' });
    this.timer = setInterval(() => this.tick(), 50);
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

  private tick(): void {
    const now = Date.now();
    const dt = now - this.last;
    this.last = now;
    const step = this.script.steps[this.next];
    if (!step) return this.stop();
    if (this.blocked(step)) return;
    this.elapsedMs += dt;
    while (this.next < this.script.steps.length) {
      const s = this.script.steps[this.next] as DemoStep;
      if (s.at_ms > this.elapsedMs || this.blocked(s)) break;
      this.next++;
      if (!('decide' in s)) applyStep(this.app, this.hub, s);
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.hub.stop();
  }
}
