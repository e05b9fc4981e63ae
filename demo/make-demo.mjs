// Writes the bundled demo: demo/session.json (setup, camera frames, hub readings, the
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
const model = (player, name, preset, nodes = {}, body = {}) => ({
  ...presets[preset],
  ...body,
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
  model('A', 'Снайпер Орлов', 'sniper', { tag: 11 }, { baseMm: 32 }),
  model('A', 'Рядовой Ким', 'trooper', { tag: 12 }, { baseMm: 32 }),
  model('B', 'Шагоход «Клещ»', 'tank', { tag: 20, hit: 'V2', tilt: 'V2T', launcher: 'L2' }, { baseMm: 60, heightMm: 70 }),
  model('B', 'Некрокиборг', 'necrocyborg', { tag: 21, hit: 'C1', tilt: 'C1T' }),
  model('B', 'Захватчик', 'cyber-trooper', { tag: 22 }, { baseMm: 32 }),
];

// Camera frames rendered by demo/make-frames.mjs from the synthetic table: positions and falls
// come from vision (tags in table mm, fallen miniatures against the empty table).
const frame = (at_ms, name) => ({ at_ms, frame: `frames/${name}.jpg` });

const steps = [
  frame(0, 'f0-start'),
  // Turn 1 (A): the tank rolls forward, fires its launcher; the walker is hit and falls.
  frame(800, 'f1-tank-moved'),
  { at_ms: 1600, hub: { type: 'SHOT', launcher: 'L1', speed_mm_s: 5200 } },
  { at_ms: 1750, hub: { type: 'HIT', node: 'V2', strength: 812 } },
  { at_ms: 1800, hub: { type: 'TILT', node: 'V2T', state: 'DOWN', angle_deg: 84 } },
  frame(1900, 'f2-walker-fell'),
  { at_ms: 2600, decide: { type: 'commit-shot', die: { source: 'physical', value: 4 } } },
  { at_ms: 2800, decide: { type: 'end-turn' } },
  // Turn 2 (B): the fallen walker may still shoot; it hits the tank, which stays upright.
  { at_ms: 3400, hub: { type: 'SHOT', launcher: 'L2' } },
  { at_ms: 3520, hub: { type: 'HIT', node: 'V1', strength: 430 } },
  { at_ms: 4200, decide: { type: 'commit-shot', die: null } },
  frame(4300, 'f3-necro-moved'),
  { at_ms: 4500, decide: { type: 'end-turn' } },
  // Turn 3 (A): the tank knocks over the invader; only the camera sees it fall (no sensor on infantry).
  { at_ms: 5200, hub: { type: 'SHOT', launcher: 'L1' } },
  frame(5400, 'f4-invader-fell'),
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
  table: { widthMm: 1800, depthMm: 1200 },
  camera: { profile: 'frames/table.json', camera: 'frames/camera.json', background: 'frames/empty.jpg' },
  models,
  firstPlayer: 'A',
  steps,
});
writeFileSync(join(here, 'session.json'), `${JSON.stringify(script, null, 1)}\n`);
writeFileSync(join(here, 'link-scenario.json'), `${JSON.stringify(toSimScenario(script), null, 1)}\n`);
console.log(`demo: ${models.length} models, ${steps.length} steps → demo/session.json, demo/link-scenario.json`);
