// Writes the bundled demo: demo/session.json (setup, camera positions, hub readings, the
// players' decisions) and demo/link-scenario.json (the same hub readings for
// `shagomer sim-device --scenario`). Model stats come from the app's catalog, i.e. from the
// Вторжение ruleset data. Run after a build: node demo/make-demo.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog } from '../dist/src/app/setup/catalog.js';
import { DemoScript, toSimScenario } from '../dist/src/app/demo/demo-script.js';

const here = dirname(fileURLToPath(import.meta.url));
const presets = Object.fromEntries(catalog().find((c) => c.ruleset === 'vtorzhenie').presets.map((p) => [p.presetId, p.model]));
const model = (player, name, preset, nodes = {}) => ({
  ...presets[preset],
  player,
  name,
  tag: nodes.tag ?? null,
  hitNode: nodes.hit ?? null,
  tiltNode: nodes.tilt ?? null,
  launcherNode: nodes.launcher ?? null,
});

// Ids follow the order of addition per player: A1, A2, A3 / B1, B2, B3.
const models = [
  model('A', 'Т-90 «Буран»', 'tank', { tag: 10, hit: 'V1', tilt: 'V1T', launcher: 'L1' }),
  model('A', 'Снайпер Орлов', 'sniper', { tag: 11 }),
  model('A', 'Рядовой Ким', 'trooper', { tag: 12 }),
  model('B', 'Шагоход «Клещ»', 'tank', { tag: 20, hit: 'V2', tilt: 'V2T', launcher: 'L2' }),
  model('B', 'Некрокиборг', 'necrocyborg', { tag: 21, hit: 'C1', tilt: 'C1T' }),
  model('B', 'Захватчик', 'cyber-trooper', { tag: 22 }),
];

const pos = (id, xMm, yMm, fallen = false) => ({ id, xMm, yMm, fallen });
const start = [pos('A1', 200, 250), pos('A2', 320, 620), pos('A3', 420, 420), pos('B1', 980, 300), pos('B2', 860, 560), pos('B3', 760, 700)];

const steps = [
  { at_ms: 0, positions: start },
  // Turn 1 (A): the tank rolls forward, fires its launcher; the walker is hit and falls.
  { at_ms: 800, positions: [pos('A1', 330, 300)] },
  { at_ms: 1600, hub: { type: 'SHOT', launcher: 'L1', speed_mm_s: 5200 } },
  { at_ms: 1750, hub: { type: 'HIT', node: 'V2', strength: 812 } },
  { at_ms: 1800, hub: { type: 'TILT', node: 'V2T', state: 'DOWN', angle_deg: 84 } },
  { at_ms: 1900, positions: [pos('B1', 985, 305, true)] },
  { at_ms: 2600, decide: { type: 'commit-shot', die: { source: 'physical', value: 4 } } },
  { at_ms: 2800, decide: { type: 'end-turn' } },
  // Turn 2 (B): the fallen walker may still shoot; it hits the tank, which stays upright.
  { at_ms: 3400, hub: { type: 'SHOT', launcher: 'L2' } },
  { at_ms: 3520, hub: { type: 'HIT', node: 'V1', strength: 430 } },
  { at_ms: 4200, decide: { type: 'commit-shot', die: null } },
  { at_ms: 4300, positions: [pos('B2', 760, 500)] },
  { at_ms: 4500, decide: { type: 'end-turn' } },
  // Turn 3 (A): the tank knocks over the invader; the camera sees it fall (no sensor on infantry).
  { at_ms: 5200, hub: { type: 'SHOT', launcher: 'L1' } },
  { at_ms: 5400, positions: [pos('B3', 770, 712, true)] },
  { at_ms: 6000, decide: { type: 'commit-shot', die: { source: 'virtual' } } },
  { at_ms: 6200, decide: { type: 'end-turn' } },
];

const script = DemoScript.parse({
  ruleset: 'vtorzhenie',
  title: 'Демо: бой у переправы',
  seed: 'demo-crossing',
  players: [
    { id: 'A', name: 'Синие', colour: '#2563eb' },
    { id: 'B', name: 'Красные', colour: '#dc2626' },
  ],
  table: { widthMm: 1200, depthMm: 900 },
  models,
  firstPlayer: 'A',
  steps,
});
writeFileSync(join(here, 'session.json'), `${JSON.stringify(script, null, 1)}\n`);
writeFileSync(join(here, 'link-scenario.json'), `${JSON.stringify(toSimScenario(script), null, 1)}\n`);
console.log(`demo: ${models.length} models, ${steps.length} steps → demo/session.json, demo/link-scenario.json`);
